package io.jremix.agent.cache.window;

import java.lang.instrument.Instrumentation;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.jfr.JfrRepository;
import io.jremix.probe.OwnThreads;
import jdk.jfr.FlightRecorder;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingStream;

/**
 * JFR's execution samples of this JVM's threads, streamed into {@link HotClasses} before each window while windows
 * re-arm. JFR samples threads that run Java code every {@value #PERIOD_MILLIS} ms without stopping the others (a
 * thread dump would bring every thread to a safepoint), so code that contends while it runs for a millisecond between
 * requests is still seen within the 10 s before a window.
 *
 * <p>The period is not a round number: a service woken by a 10 or 20 ms tick, sampled every 20 ms, is sampled at
 * nearly the same point of its tick each time, and that point drifts only as the two sleeps' overshoots differ.
 * The e2e tests' LiveService, busy about 0.35 ms of each 20 ms tick, went 3.3 to 7.7 s without a sample at 20 ms,
 * and 1 to 5 of its 28 five-second stretches had fewer than the 10 samples a selection needs; at 19 ms, where the
 * phase moves 1 ms a tick, 1.5 to 2.2 s and 0 or 1 (bench/results/sampler-phase.md, JDK 17, six JVMs at once).
 *
 * <p>JFR records to disk for the stream, where {@link JfrRepository} says, and only while there is room there.
 */
final class ExecutionSamples {
    static final long PERIOD_MILLIS = 19;
    private static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";

    private final HotClasses hot;
    private final AgentLog log;
    /** Chooses JFR's repository ({@link JfrRepository#prepare}). */
    private final Instrumentation inst;
    /** Told of each thread that reads a recording, so that its CPU is counted as jremix's. */
    private final Consumer<Thread> onReader;
    /** The recording while sampling, {@code null} while paused. */
    private RecordingStream stream;
    /**
     * Set once JFR failed to record, or stopped for want of disk room (on the reader's thread): no recording is
     * tried again, and every re-armed window probes every class.
     */
    private volatile boolean failed;

    private ExecutionSamples(HotClasses hot, AgentLog log, Instrumentation inst, Consumer<Thread> onReader) {
        this.hot = hot;
        this.log = log;
        this.inst = inst;
        this.onReader = onReader;
    }

    /**
     * A sampler for {@code hot}, paused until {@link #sample sample(true)}; {@code null}, said in the verbose log, if
     * this JVM has no Flight Recorder.
     */
    static ExecutionSamples create(HotClasses hot, AgentLog log, Instrumentation inst, Consumer<Thread> onReader) {
        try {
            if (FlightRecorder.isAvailable()) {
                return new ExecutionSamples(hot, log, inst, onReader);
            }
            log.verbose("No Flight Recorder in this JVM: every re-armed window probes every class.");
        } catch (RuntimeException | Error e) {
            log.verbose("JFR cannot sample this JVM (" + e + "): every re-armed window probes every class.");
        }
        return null;
    }

    /**
     * Samples, or pauses: JFR's sampling and the parsing of its events cost a busy service several percent (h2 2847
     * against 2692 ms per iteration), so they run only before a window is due. A pause ends the recording, so that
     * between windows, minutes apart when the budget holds them, JFR has nothing running in the program.
     */
    void sample(boolean on) {
        if (on && stream == null && !failed) {
            record();
        } else if (!on && stream != null) {
            stop();
        }
    }

    private void record() {
        String noDisk = JfrRepository.prepare(inst);
        if (noDisk != null) {
            withoutSamples(noDisk);
            return;
        }
        try {
            RecordingStream s = new RecordingStream();
            s.enable(EXECUTION_SAMPLE).withPeriod(Duration.ofMillis(PERIOD_MILLIS)).withStackTrace();
            s.onEvent(EXECUTION_SAMPLE, e -> sample(hot, e));
            s.onFlush(() -> {
                if (!failed && !JfrRepository.hasRoom()) {
                    withoutSamples(JfrRepository.noRoom());
                    s.close();
                }
            });
            // not startAsync(): on JDK 17 its thread is not a daemon, and would keep the JVM from exiting
            Thread reader = new Thread(() -> read(s, log), "jremix-execution-samples");
            reader.setDaemon(true);
            OwnThreads.add(reader);
            onReader.accept(reader);
            stream = s;
            reader.start();
        } catch (RuntimeException | Error e) {
            failed = true;
            log.verbose("JFR cannot sample this JVM (" + e + "): every re-armed window probes every class.");
        }
    }

    /** Said once, on the program's stderr like a report: a window that probes every class costs more. */
    private void withoutSamples(String why) {
        failed = true;
        log.info("JFR does not sample the running classes: " + why + "; re-armed windows probe every class.");
    }

    private static void read(RecordingStream stream, AgentLog log) {
        try {
            stream.start();
        } catch (RuntimeException | Error e) {
            log.verbose("JFR's execution samples stopped (" + e + "): the next window may probe every class.");
            stream.close();
        }
    }

    /**
     * Counts one sample. An event that cannot be read is skipped: an exception out of a handler would end the
     * stream, and with it the window's selection.
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

    /** Ends the recording, if one runs; at exit JFR may have shut its recordings down already, which is as good. */
    void stop() {
        RecordingStream s = stream;
        stream = null;
        if (s != null) {
            try {
                s.close();
            } catch (RuntimeException | Error e) {
                // nothing left to stop
            }
        }
    }
}
