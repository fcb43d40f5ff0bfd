package io.jremix.agent.cache;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

import io.jremix.agent.AgentLog;
import io.jremix.probe.cache.EventBuffer;
import jdk.jfr.FlightRecorder;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingStream;

/**
 * JFR's execution samples of this JVM's threads, streamed into {@link HotClasses} before each re-armed window. JFR
 * samples threads that run Java code every {@value #PERIOD_MILLIS} ms without stopping the others (a thread dump
 * would bring every thread to a safepoint), so code that contends while it runs for a millisecond between requests
 * is still seen within the 10 s before a window.
 *
 * <p>The period is not a round number: a service woken by a 10 or 20 ms tick, sampled every 20 ms, is sampled at
 * nearly the same point of its tick each time, and that point drifts only as the two sleeps' overshoots differ.
 * The e2e tests' LiveService, busy about 0.35 ms of each 20 ms tick, went 3.3 to 7.7 s without a sample at 20 ms,
 * and 1 to 5 of its 28 five-second stretches had fewer than the 10 samples a selection needs; at 19 ms, where the
 * phase moves 1 ms a tick, 1.5 to 2.2 s and 0 or 1 (bench/results/sampler-phase.md, JDK 17, six JVMs at once).
 */
final class ExecutionSamples {
    static final long PERIOD_MILLIS = 19;
    private static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";

    private final RecordingStream stream;
    private final Thread reader;
    private boolean sampling = true;

    private ExecutionSamples(RecordingStream stream, Thread reader) {
        this.stream = stream;
        this.reader = reader;
    }

    /** Starts sampling into {@code hot}; {@code null}, said in the verbose log, if this JVM cannot record. */
    static ExecutionSamples start(HotClasses hot, AgentLog log) {
        try {
            if (!FlightRecorder.isAvailable()) {
                log.verbose("No Flight Recorder in this JVM: every re-armed window probes every class.");
                return null;
            }
            RecordingStream stream = new RecordingStream();
            enable(stream);
            stream.onEvent(EXECUTION_SAMPLE, e -> sample(hot, e));
            // not startAsync(): on JDK 17 its thread is not a daemon, and would keep the JVM from exiting
            Thread reader = new Thread(() -> read(stream, log), "jremix-execution-samples");
            reader.setDaemon(true);
            EventBuffer.ignore(reader);
            reader.start();
            return new ExecutionSamples(stream, reader);
        } catch (RuntimeException | Error e) {
            log.verbose("JFR cannot sample this JVM (" + e + "): every re-armed window probes every class.");
            return null;
        }
    }

    private static void read(RecordingStream stream, AgentLog log) {
        try {
            stream.start();
        } catch (RuntimeException | Error e) {
            log.verbose("JFR's execution samples stopped (" + e + "): re-armed windows probe every class.");
            stream.close();
        }
    }

    /**
     * Counts one sample. An event that cannot be read is skipped: an exception out of a handler would end the
     * stream, and with it every later window's selection.
     */
    private static void sample(HotClasses hot, RecordedEvent e) {
        try {
            hot.sample(classes(e));
        } catch (RuntimeException unreadable) {
            // the next sample comes a period later
        }
    }

    /** The classes of a sample's frames, top first. */
    private static List<String> classes(RecordedEvent e) {
        if (e.getStackTrace() == null) {
            return List.of();
        }
        return e.getStackTrace().getFrames().stream().map(RecordedFrame::getMethod)
                .filter(Objects::nonNull) // a method of a class retransformed since
                .map(RecordedMethod::getType).filter(Objects::nonNull)
                .map(RecordedClass::getName).filter(Objects::nonNull).toList();
    }

    private static void enable(RecordingStream stream) {
        stream.enable(EXECUTION_SAMPLE).withPeriod(Duration.ofMillis(PERIOD_MILLIS)).withStackTrace();
    }

    /**
     * Samples, or pauses: JFR's sampling and the parsing of its events cost a busy service several percent (h2 2847
     * against 2692 ms per iteration), so they run only before a window is due, not all the time between windows.
     */
    void sample(boolean on) {
        if (on == sampling) {
            return;
        }
        try {
            if (on) {
                enable(stream);
            } else {
                stream.disable(EXECUTION_SAMPLE);
            }
            sampling = on;
        } catch (RuntimeException | Error e) {
            // the stream ended: nothing to pause, and the selection falls back to every class
        }
    }

    /** The thread that reads the samples as JFR streams them. */
    Thread reader() {
        return reader;
    }

    /** Ends the sampling; at exit JFR may have shut its recordings down already, which is as good. */
    void stop() {
        try {
            stream.close();
        } catch (RuntimeException | Error e) {
            // nothing left to stop
        }
    }
}
