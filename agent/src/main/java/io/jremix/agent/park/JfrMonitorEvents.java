package io.jremix.agent.park;

import java.lang.instrument.Instrumentation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;

import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.jfr.JfrRepository;
import io.jremix.core.park.BlockerNames;
import io.jremix.core.park.JfrFrames;
import io.jremix.core.park.MonitorTable;
import io.jremix.core.park.ParkOrigin;
import io.jremix.core.park.ThreadLabel;

/**
 * The JFR side of {@link MonitorProfiler}: a {@link RecordingStream} of this JVM's blocked monitor enters and
 * monitor waits, each turned into an interval of the {@link MonitorTable}, and each flush (JFR delivers its
 * buffers about once a second) into {@link MonitorTable#delivered()}.
 *
 * <p>Frames are written as {@link JfrFrames} does: {@code app//com.example.Account.transfer(line:12)}.
 * Enters and waits by jremix's own code or by JFR's threads are left out: that blocking is the profiler's overhead.
 *
 * <p>Event timestamps are instants; they are moved to the {@link System#nanoTime()} clock of the park records by
 * the offset between the two clocks taken at start.
 *
 * <p>The stream runs on a daemon thread of its own. Closing drains: it stops the stream's recording, which
 * makes the stream read to the end of what was recorded and end (as JFR's own shutdown hook does; on JDK 17 and
 * 25 alike, where {@code RecordingStream.stop()} exists only from 20 on), waiting at most
 * {@value #DRAIN_MILLIS} ms for that; then it runs JFR's shutdown hook if it took it over
 * ({@link JfrShutdownHook}), so JFR cannot delete the last chunk before the stream has read it.
 *
 * <p>A report taken while the program runs first waits until the stream has delivered every event committed
 * before it ({@link #catchUp}): JFR hands the stream what threads committed at each flush, about once a second, so
 * without it a dump missed the last second or two of monitor events.
 *
 * <p>JFR records to disk for the stream, where {@link JfrRepository} says, and only while there is room: a flush
 * that finds too little stops the recording, and the events taken in until then stay in the table.
 */
final class JfrMonitorEvents {
    static final long DRAIN_MILLIS = 5_000;
    private static final long START_MILLIS = 5_000;
    /** How long a report waits at most for the stream to catch up with it: JFR flushes about once a second. */
    static final long CATCH_UP_MILLIS = 5_000;
    private static final String ENTER = "jdk.JavaMonitorEnter";
    private static final String WAIT = "jdk.JavaMonitorWait";

    private final RecordingStream stream;
    /** The recording behind {@link #stream}, {@code null} if it could not be found. */
    private final Recording recording;
    private final MonitorTable table;
    private final AgentLog log;
    /** Epoch nanoseconds minus {@link System#nanoTime()}: JFR gives instants, the park records want nanoTime. */
    private final long epochMinusNanoTime;
    /** JFR's own shutdown hook, run after draining; {@code null} if it could not be taken over. */
    private final Thread jfrHook;
    private volatile boolean ended;
    private volatile boolean failed;
    /** Set once the recording was stopped for want of disk room: there is nothing left to stop at close. */
    private volatile boolean outOfRoom;
    private boolean closed;
    /** The last mark committed by {@link #catchUp}. */
    private final AtomicLong marks = new AtomicLong();
    /** The highest mark the stream has delivered; its thread alone touches it. */
    private long markSeen;
    /**
     * The highest mark of a flush the stream has delivered whole: the events committed before it have been
     * delivered too (see {@link #catchUp}). Guarded by {@link #caughtUp}.
     */
    private long markPassed;
    private final Object caughtUp = new Object();

    private JfrMonitorEvents(RecordingStream stream, Recording recording, MonitorTable table, AgentLog log,
                             Thread jfrHook) {
        this.stream = stream;
        this.jfrHook = jfrHook;
        this.recording = recording;
        this.table = table;
        this.log = log;
        this.epochMinusNanoTime = epochNanos(Instant.now()) - System.nanoTime();
    }

    /**
     * @param inst to take JFR's shutdown hook over ({@link JfrShutdownHook}); {@code null} leaves it racing
     * @throws IllegalStateException if this JVM has no Flight Recorder or it cannot record, with why as a clause
     */
    static JfrMonitorEvents start(MonitorTable table, AgentLog log, Instrumentation inst) {
        if (!FlightRecorder.isAvailable()) {
            throw new IllegalStateException("this JVM has no Flight Recorder");
        }
        String noDisk = JfrRepository.prepare(inst);
        if (noDisk != null) {
            throw new IllegalStateException(noDisk);
        }
        RecordingStream stream = new RecordingStream();
        Recording recording = newestNotStarted();
        try {
            stream.enable(ENTER).withThreshold(Duration.ZERO).withStackTrace();
            stream.enable(WAIT).withThreshold(Duration.ZERO).withStackTrace();
            stream.enable(MonitorStreamMark.class);
            // JFR registers its hook when it starts, which creating the stream did
            JfrMonitorEvents events = new JfrMonitorEvents(stream, recording, table, log,
                    inst == null ? null : JfrShutdownHook.takeOver(inst));
            stream.onEvent(ENTER, e -> events.accept(e, true));
            stream.onEvent(WAIT, e -> events.accept(e, false));
            stream.onEvent(MonitorStreamMark.NAME,
                    e -> events.markSeen = Math.max(events.markSeen, e.getLong("mark")));
            stream.onFlush(events::flushed);
            stream.onError(t -> events.fail(t.toString()));
            stream.onClose(() -> events.ended = true);
            Thread reader = new Thread(events::read, "jremix-monitor-events");
            reader.setDaemon(true);
            reader.start();
            awaitStarted(recording);
            return events;
        } catch (RuntimeException | Error e) {
            stream.close();
            throw e;
        }
    }

    /**
     * Runs the stream on this thread until it is closed. Not {@code startAsync()}: its thread is not a daemon
     * (JDK 25 makes it so, JDK 17 inherits it from the caller), and would keep the JVM from ever reaching the
     * shutdown hooks that close it.
     */
    private void read() {
        try {
            stream.start();
        } catch (RuntimeException | Error e) {
            fail(e.toString());
        }
    }

    /** The recording behind a stream just created: the newest one not started yet. */
    private static Recording newestNotStarted() {
        Recording newest = null;
        for (Recording r : FlightRecorder.getFlightRecorder().getRecordings()) {
            if (r.getState() == RecordingState.NEW && (newest == null || r.getId() > newest.getId())) {
                newest = r;
            }
        }
        return newest;
    }

    /**
     * Waits until the reader thread has started the recording (for at most {@value #START_MILLIS} ms), so that
     * the program's events are recorded from the moment {@link #start} returns.
     */
    private static void awaitStarted(Recording recording) {
        long deadline = System.nanoTime() + START_MILLIS * 1_000_000;
        try {
            while (recording != null && recording.getState() == RecordingState.NEW
                    && System.nanoTime() - deadline < 0) {
                Thread.sleep(1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void accept(RecordedEvent e, boolean enter) {
        if (failed) {
            return;
        }
        try {
            RecordedClass monitorClass = e.getClass("monitorClass");
            RecordedStackTrace stack = e.getStackTrace();
            if (monitorClass == null || isOverhead(e.getThread(), stack)) {
                return;
            }
            String className = monitorClass.getName();
            long address = e.getLong("address");
            long start = nanoTime(e.getStartTime());
            long end = nanoTime(e.getEndTime());
            // the stream reuses the event object once this returns: keep what the origin needs, not the event
            String thread = threadName(e.getThread());
            Supplier<ParkOrigin> origin = () -> new ParkOrigin(thread, frames(stack));
            if (enter) {
                table.blockedEnter(className, address, start, end, origin);
            } else {
                table.waited(className, address, start, end, origin);
            }
        } catch (RuntimeException ex) {
            fail(ex.toString());
        }
    }

    /** Whether jremix, or JFR streaming for it, entered or waited on the monitor ({@link BlockerNames}). */
    private static boolean isOverhead(RecordedThread thread, RecordedStackTrace stack) {
        String innermost = null;
        String innermostNonJdk = null;
        if (stack != null) {
            for (RecordedFrame f : stack.getFrames()) {
                RecordedClass c = f.getMethod().getType();
                if (innermost == null && !c.getName().equals("java.lang.Object")) {
                    innermost = c.getName();
                }
                // jremix's probes live in the boot loader, where JfrFrames takes every class for the JDK's
                if (!JfrFrames.isJdk(c) || BlockerNames.isJremixRuntime(c.getName())) {
                    innermostNonJdk = c.getName();
                    break;
                }
            }
        }
        return BlockerNames.isProfilerOverhead(thread == null ? null : thread.getJavaName(), innermost,
                innermostNonJdk);
    }

    private void flushed() {
        if (!JfrRepository.hasRoom()) {
            stopForRoom();
        } else if (!failed) {
            table.delivered();
        }
        synchronized (caughtUp) {
            markPassed = markSeen;
            caughtUp.notifyAll();
        }
    }

    /**
     * Waits until the stream has delivered every monitor event committed before this call, for at most
     * {@value #CATCH_UP_MILLIS} ms. It commits a mark, then waits until the stream has delivered the whole flush
     * that holds the mark, 0 to 1 s with JFR's flush every second. A flush reads the threads' buffers one after
     * another, so an event another thread commits in the instant that flush runs, just before the mark, can go to
     * the next flush instead; waiting for that one too would make every dump a second longer.
     *
     * @return whether the stream caught up; {@code true} also once it has ended or failed, when nothing more comes
     */
    boolean catchUp() {
        long mark = marks.incrementAndGet();
        new MonitorStreamMark(mark).commit();
        long deadline = System.nanoTime() + CATCH_UP_MILLIS * 1_000_000;
        synchronized (caughtUp) {
            while (markPassed < mark && !ended && !failed) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return false;
                }
                try {
                    caughtUp.wait(Math.min(left, 100)); // also looks at ended and failed, which do not notify
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    }

    /** One line, then events are ignored: what was gathered still gets reported, the program goes on. */
    private void fail(String why) {
        if (!failed && !closing()) {
            failed = true;
            log.info("Monitor profiling stopped: " + why + ".");
        }
    }

    /**
     * Stops the recording, from the stream's thread, before JFR fills the disk: the stream then reads to the end of
     * what was recorded and ends.
     */
    private void stopForRoom() {
        if (outOfRoom) {
            return;
        }
        outOfRoom = true;
        fail(JfrRepository.noRoom());
        if (recording == null) {
            stream.close();
            return;
        }
        try {
            recording.stop();
        } catch (IllegalStateException e) {
            // stopped already, by close or at exit
        }
    }

    private synchronized boolean closing() {
        return closed;
    }

    /**
     * Stops the stream after taking in the events recorded so far, then runs JFR's shutdown hook if it was taken
     * over; later calls do nothing.
     */
    void close() {
        end(Thread::run);
    }

    /**
     * Stops the stream as {@link #close()} does, while the program runs on: JFR's shutdown hook, if it was taken
     * over, goes back to run at exit. Running it here would shut JFR down for good, and a later start would wait
     * for it forever.
     */
    void stop() {
        end(Runtime.getRuntime()::addShutdownHook);
    }

    private void end(Consumer<Thread> jfrHookAction) {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            drain();
        } finally {
            if (jfrHook != null) {
                jfrHookAction.accept(jfrHook);
            }
        }
    }

    private void drain() {
        if (recording != null) {
            try {
                if (!outOfRoom) {
                    recording.stop();
                }
            } catch (IllegalStateException e) {
                // JFR's hook got there first (it was not taken over) and may delete the last chunk before it is read
                log.info("Monitor profiling: JFR's shutdown hook stopped the recording first; the monitor events of"
                        + " about the last second may be missing from the report.");
            }
            try {
                stream.awaitTermination(Duration.ofMillis(DRAIN_MILLIS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!ended) {
                log.info("Monitor profiling: the last events did not arrive within " + DRAIN_MILLIS
                        + " ms; they are not in the report.");
            }
        }
        stream.close();
    }

    private long nanoTime(Instant instant) {
        return epochNanos(instant) - epochMinusNanoTime;
    }

    private static long epochNanos(Instant instant) {
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    /**
     * The thread as the park table names it ({@link ThreadLabel}); JFR records whether a thread is virtual from
     * JDK 21 on, in a field that {@code RecordedThread.isVirtual()} (not in JDK 17's API) reads.
     */
    private static String threadName(RecordedThread thread) {
        if (thread == null) {
            return "?";
        }
        boolean virtual = thread.hasField("virtual") && thread.getBoolean("virtual");
        return ThreadLabel.of(thread.getJavaName(), thread.getJavaThreadId(), virtual);
    }

    /** Innermost first, as report text ({@link JfrFrames}). */
    private static List<String> frames(RecordedStackTrace stack) {
        List<String> out = new ArrayList<>();
        if (stack == null) {
            return out;
        }
        for (RecordedFrame f : stack.getFrames()) {
            out.add(JfrFrames.text(f));
        }
        return out;
    }

}
