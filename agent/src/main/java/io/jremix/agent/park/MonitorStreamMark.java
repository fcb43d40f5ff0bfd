package io.jremix.agent.park;

import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A mark a report commits into the monitor stream's recording, to know when the stream has delivered every monitor
 * event committed before it ({@link JfrMonitorEvents#catchUp}). Off unless that stream enables it, so it never
 * shows in the program's own recordings.
 */
@Name(MonitorStreamMark.NAME)
@Label("Monitor Stream Mark")
@Description("jremix: a report waits for its monitor events up to here")
@Enabled(false)
@StackTrace(false)
final class MonitorStreamMark extends jdk.jfr.Event {
    static final String NAME = "io.jremix.MonitorStreamMark";

    @Label("Mark")
    long mark;

    MonitorStreamMark(long mark) {
        this.mark = mark;
    }
}
