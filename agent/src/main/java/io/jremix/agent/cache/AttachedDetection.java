package io.jremix.agent.cache;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import io.jremix.agent.cache.repair.Repairer;
import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.feature.AgentOptions;
import io.jremix.agent.feature.AnswerChannel;
import io.jremix.agent.feature.OutputsInUse;
import io.jremix.agent.feature.Relay;

import static io.jremix.options.CacheContentionOptions.BUDGET;
import static io.jremix.options.CacheContentionOptions.DEBUG;
import static io.jremix.options.CacheContentionOptions.MAX_WINDOW;
import static io.jremix.options.CacheContentionOptions.PROFILE;
import static io.jremix.options.CacheContentionOptions.REARM;
import static io.jremix.options.CacheContentionOptions.REPORT;
import static io.jremix.options.CacheContentionOptions.VERBOSE;
import static io.jremix.options.CacheContentionOptions.WINDOW;

/**
 * Cache detection attached to this program. The start command is answered by the first window's report; with
 * {@code -XX:REMIXRearm} windows go on, each rewriting the {@code -XX:REMIXReport} file with the window history,
 * until {@code stop}, which is answered by the last report. The report lines reach the attaching terminal of the
 * command waiting for them, and nowhere else. One at a time: {@link #busy} refuses a second.
 */
final class AttachedDetection implements CacheDetector.Attached {
    /** What the attached detection is doing, for {@code status}; absent when none runs. */
    private static final String PROPERTY = "jremix.attach.cache";
    private static volatile AttachedDetection current;

    private final Relay lines = new Relay();
    private final CacheOptions options;
    private final AgentLog log;
    private AnswerChannel starting;
    private AnswerChannel stopping;
    /** Set when the last window has reported: nothing left for {@code stop}, though classes may wait to be restored. */
    private boolean finished;
    private volatile CacheDetector detector;

    private AttachedDetection(CacheOptions options, AnswerChannel starting) {
        this.options = options;
        this.starting = starting;
        this.log = new AgentLog(new PrintStream(lines, true, StandardCharsets.UTF_8), "REMIX: ", options.get(VERBOSE),
                options.get(DEBUG));
        lines.to(starting.stream());
    }

    /** Opens the first window; the channel ends with its report, or at once (exit code 2) if detection cannot run. */
    static void start(Instrumentation inst, CacheOptions options, AnswerChannel channel) {
        AttachedDetection d = new AttachedDetection(options, channel);
        Repairer repairer = options.get(PROFILE) == null ? null : Repairer.start(inst, options, d.log);
        setStatus(String.format(Locale.ROOT, "a detection window opened at %s, closing"
                + " %.0f s after two threads ran traced code without contention%s", now(), options.get(MAX_WINDOW) / 1e9, d.rearmed()));
        d.log.info(String.format(Locale.ROOT, "Detection window open: it closes %.1f s after contention is found, or"
                + " %.1f s after two threads run traced code without; then the report.", options.get(WINDOW) / 1e9, options.get(MAX_WINDOW) / 1e9));
        current = d;
        d.detector = CacheDetector.attach(inst, options, d.log, repairer, d);
        if (d.detector == null) {
            current = null;
            setStatus(null);
            OutputsInUse.release(options.get(REPORT), options.get(PROFILE));
            channel.end(AnswerChannel.FAILED);
        }
    }

    /** Why another detection cannot start here now, in one line; {@code null} if it can. */
    static String busy() {
        String attached = System.getProperty(PROPERTY);
        if (attached != null) {
            return "cache detection is already attached to this program (" + attached + "); wait for it to end"
                    + " ('bin/jremix attach <pid> status')";
        }
        String started = System.getProperty(AgentOptions.STARTED_PROPERTY);
        if (started != null && started.contains("-remix")) {
            return "this program was started under jremix with cache detection (" + started + "); it reports at exit";
        }
        return null;
    }

    /**
     * {@code stop}: the window open now closes, no other opens, and the channel ends with the last report. Returns
     * {@code false}, leaving the channel alone, when no attached detection has a window left to close.
     */
    static boolean stop(AnswerChannel channel) {
        AttachedDetection d = current;
        return d != null && d.stopWith(channel);
    }

    private synchronized boolean stopWith(AnswerChannel channel) {
        if (finished) {
            return false;
        }
        stopping = channel;
        lines.to(channel.stream());
        log.info("Ending detection: the window open now closes, no other opens; then the last report.");
        detector.end();
        return true;
    }

    private String rearmed() {
        return options.get(REARM) == 0 ? "" : String.format(Locale.ROOT, "; windows re-open %.0f s after each"
                + " closes%s, rewriting %s, until 'bin/jremix attach <pid> stop'", options.get(REARM) / 1e9,
                options.get(BUDGET) > 0 ?  " or once within the " + options.budgetText() + " budget" : "", options.get(REPORT));
    }


    @Override
    public synchronized void reported(boolean last) {
        finished = last;
        if (last && options.get(PROFILE) != null) {
            log.info("A loaded class cannot be padded: the findings went to the profile " + options.get(PROFILE)
                    + ", which pads them from the next start under bin/jremix -XX:REMIXProfile=" + options.get(PROFILE)
                    + ".");
        }
        setStatus(last ? "the window closed; restoring classes whose methods were running"
                : "the last window closed at " + now() + rearmed());
        AnswerChannel first = starting;
        starting = null;
        if (first != null) {
            if (!last) {
                log.info(String.format(Locale.ROOT, "Windows re-open %.0f s after each closes; each rewrites %s."
                        + " 'bin/jremix attach <pid> stop' ends them.%s", options.get(REARM) / 1e9, options.get(REPORT),
                        options.get(BUDGET) > 0 ? " A window waits longer while the last one's cost (JIT compilation,"
                                + " jremix's threads) is over " + options.budgetText() + " of the time since it opened"
                                + " (-XX:REMIXBudget)." : ""));
            }
            end(first);
        }
        AnswerChannel stop = stopping;
        if (last && stop != null) {
            stopping = null;
            end(stop);
        }
    }

    /** Ends a command's answer; the lines go on to a {@code stop} waiting for the last report, or nowhere. */
    private void end(AnswerChannel channel) {
        lines.to(stopping == null ? null : stopping.stream());
        channel.end(0);
    }

    @Override
    public void settled() {
        current = null;
        setStatus(null);
        OutputsInUse.release(options.get(REPORT), options.get(PROFILE));
    }

    /** What {@code status} says of the attached detection; {@code null} once none runs. */
    private static void setStatus(String status) {
        if (status == null) {
            System.clearProperty(PROPERTY);
        } else {
            System.setProperty(PROPERTY, status);
        }
    }

    private static String now() {
        return LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT));
    }
}
