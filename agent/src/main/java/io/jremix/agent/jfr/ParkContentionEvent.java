package io.jremix.agent.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** One blocker's park record as a report (at exit, or a dump) saw it. */
@Name("io.jremix.ParkContention")
@Label("Park Contention")
@Category({"jremix", "Park Contention"})
@Description("jremix park profiler: how often and how long threads parked on one blocker")
@StackTrace(false)
class ParkContentionEvent extends jdk.jfr.Event {
    @Label("Trigger")
    @Description("exit or dump")
    String trigger;
    @Label("Blocker Class")
    String className;
    @Label("Identity Hash")
    String identityHash;
    @Label("Synchronizer")
    String synchronizer;
    @Label("Wait Kind")
    @Description("lock, pool, condition, signal or idle, as the text, JSON and HTML reports name it")
    String waitKind;
    @Label("First Parked Thread")
    String threadName;
    @Label("Where")
    @Description("the first frame of the program's code in the first park's stack")
    String userFrame;
    @Label("Via")
    @Description("the library frames between the blocker and the program's frame, innermost first, one a line")
    String via;
    @Label("Sites")
    @Description("each call site's share of the park time and its program frame, one a line, most first")
    String sites;
    @Label("Times Parked")
    long timesParked;
    @Label("Peak Parked")
    long peakParked;
    @Label("Park Thread Time")
    @Timespan(Timespan.NANOSECONDS)
    long parkThreadTime;
    @Label("Park Real Time")
    @Timespan(Timespan.NANOSECONDS)
    long parkRealTime;
    @Label("Collected")
    @Description("the blocker was garbage collected")
    boolean collected;
}
