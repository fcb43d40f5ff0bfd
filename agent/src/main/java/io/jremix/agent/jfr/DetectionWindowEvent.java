package io.jremix.agent.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import jdk.jfr.Timestamp;

/**
 * A detection window, committed when it closes. It spans the window when the recording was already running as it
 * opened; {@code openedAt} and {@code tracedTime} say when it opened and for how long in any case (a window opened
 * at the program's start opens before {@code -XX:StartFlightRecording} starts its recording).
 */
@Name("io.jremix.DetectionWindow")
@Label("Detection Window")
@Category({"jremix", "Cache Contention"})
@Description("REMIX: the time cache-line accesses were traced")
@StackTrace(false)
class DetectionWindowEvent extends jdk.jfr.Event {
    @Label("Window")
    int window;
    @Label("Opened At")
    @Timestamp(Timestamp.MILLISECONDS_SINCE_EPOCH)
    long openedAt;
    @Label("Traced Time")
    @Timespan(Timespan.NANOSECONDS)
    long tracedTime;
    @Label("Closed By")
    @Description("contention found, no contention, or exit")
    String closedBy;
    @Label("Findings")
    @Description("findings of the run when the window closed")
    int findings;
    @Label("Classes Shed")
    @Description("classes the window stopped tracing before it closed, their sampled accesses showing no contention")
    int shedClasses;
}
