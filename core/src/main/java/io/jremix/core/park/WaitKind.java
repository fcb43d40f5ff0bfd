package io.jremix.core.park;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Why threads wait on a blocker, so that a report keeps contention (threads waiting for each other's use of a lock,
 * a pooled resource or a shared state) apart from threads that simply have nothing to do. A thread pool with idle
 * workers parks them for the whole run: by thread-time that blocker tops any table, yet it costs the program
 * nothing. The rule, in order (docs/park-contention.md has it as a table):
 *
 * <ol>
 * <li>The first park's stack (report text, innermost first, see {@link FrameText}) names the <i>waiter</i>: the
 * first frame that is not the parking machinery ({@link BlockerNames#isMachinery}), a queue ({@code
 * LinkedBlockingQueue.take}, Jetty's {@code BlockingArrayQueue.poll}, Tomcat's {@code TaskQueue.poll}), a lock
 * ({@code ReentrantLock.lock}, Jetty's {@code AutoLock$WithCondition.awaitNanos}) or another JDK synchronizer
 * ({@code Semaphore.tryAcquire}).</li>
 * <li>{@link #IDLE} if the waiter is a pool's wait for work ({@link #IDLE_LOOPS}, or the {@code getTask} of a
 * library's copy of {@code ThreadPoolExecutor}).</li>
 * <li>{@link #POOL} if the waiter is a library's or the program's borrow from a resource pool: a method named
 * {@code borrow...}, {@code checkout...} or {@code lease...} (HikariCP's {@code ConcurrentBag.borrow},
 * commons-pool's {@code borrowObject}).</li>
 * <li>{@link #SIGNAL} if the blocker is a handoff ({@code SynchronousQueue}, {@code Exchanger}), or, by the
 * record's figures ({@link #of(ParkSnapshot)}), a {@code Semaphore} that never had more than one thread parked on it
 * and that no thread which got it after parking ever released to a parked thread (no hold sample): each park was
 * ended by a release from a thread that did not wait for it, a zero-permit semaphore used as an event.</li>
 * <li>{@link #LOCK} for the lock-like synchronizers, otherwise {@link #CONDITION}.</li>
 * </ol>
 *
 * <p>{@link #SIGNAL} and {@link #IDLE} are not contention ({@link #contention()}): their threads wait for an event
 * or for work, not for another thread to finish with the blocker, so the parked time is the pace of whoever signals
 * (a request arriving, a producer), which nothing done to the blocker shortens. Reports list them last and leave
 * them out of their contention totals.
 */
public enum WaitKind {
    /**
     * Contention for a lock or a permit: {@code ReentrantLock}, {@code ReentrantReadWriteLock}, {@code Semaphore},
     * {@code StampedLock}.
     */
    LOCK("lock contention", true),
    /** Threads waiting for a pooled resource, such as a database connection. */
    POOL("pool: waiting for a pooled resource", true),
    /**
     * A wait for a state other threads change: {@code Condition.await}, {@code CountDownLatch}, futures, queues,
     * {@code Object.wait}.
     */
    CONDITION("condition wait", true),
    /** One waiter at a time, woken by another thread's event or handoff. */
    SIGNAL("signal: one waiter at a time, an event or a handoff", false),
    /**
     * An idle worker waiting for work: {@code ThreadPoolExecutor.getTask}, {@code ForkJoinPool.awaitWork}, Jetty's
     * idle and reserved threads, timers, cleaners.
     */
    IDLE("idle: pool thread waiting for work", false);

    /** Where pools and the JDK's daemon threads wait for their next piece of work, as class and method. */
    private static final List<FrameText> IDLE_LOOPS = List.of(
            FrameText.jdk("java.util.concurrent.ThreadPoolExecutor", "getTask"),
            FrameText.jdk("java.util.concurrent.ForkJoinPool", "awaitWork"),
            FrameText.jdk("java.util.concurrent.ForkJoinPool", "runWorker"),
            FrameText.jdk("java.util.TimerThread", "mainLoop"),
            FrameText.jdk("jdk.internal.ref.CleanerImpl", "run"),
            FrameText.jdk("java.lang.ref.Finalizer$FinalizerThread", "run"),
            FrameText.library("org.eclipse.jetty.util.thread.QueuedThreadPool$Runner", "idleJobPoll"),
            // Jetty 12 and 9.4: a reserved thread waits on a semaphore of its own for a job handed to it
            FrameText.library("org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread", "waitForTask"),
            FrameText.library("org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread", "reservedWait"));
    /** How a resource pool's methods that hand out a resource begin. */
    private static final List<String> BORROWS = List.of("borrow", "checkout", "checkOut", "lease");
    /** A library's lock or condition: the methods that wait in it. */
    private static final Set<String> LOCK_WAITS = Set.of("lock", "lockInterruptibly", "tryLock", "await",
            "awaitNanos", "awaitUninterruptibly", "awaitUntil");
    /** The JDK's synchronizers that are not locks, queues or conditions, by the classes of their frames. */
    private static final Set<String> JDK_SYNCHRONIZERS = Set.of("java.util.concurrent.Semaphore",
            "java.util.concurrent.CountDownLatch", "java.util.concurrent.CyclicBarrier",
            "java.util.concurrent.Phaser");
    /** Blocker classes, besides the JDK's {@code *Sync} classes, that threads park on to get a lock. */
    private static final List<String> LOCK_CLASSES = List.of("java.util.concurrent.locks.StampedLock",
            "java.util.concurrent.ThreadPoolExecutor$Worker");
    /** The JDK's handoffs by their outermost class: one side waits for the other, whatever either holds. */
    private static final List<String> HANDOFFS = List.of("java.util.concurrent.SynchronousQueue",
            "java.util.concurrent.Exchanger");
    private static final String SEMAPHORE = "java.util.concurrent.Semaphore$";

    private final String label;
    private final boolean contention;

    WaitKind(String label, boolean contention) {
        this.label = label;
        this.contention = contention;
    }

    /** The kind as JSON, HTML and JFR name it: {@code lock}, {@code pool}, {@code condition}, ... */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind as the text report names it; it starts with {@link #id()}. */
    public String label() {
        return label;
    }

    /** Whether threads waited for each other (lock, pool, condition) rather than for work or a signal. */
    public boolean contention() {
        return contention;
    }

    /** Classifies one blocker's record: by its class and first park's stack, then by its figures. */
    public static WaitKind of(ParkSnapshot s) {
        WaitKind kind = of(s.className(), s.stackTrace());
        return kind == LOCK && isSignal(s) ? SIGNAL : kind;
    }

    /**
     * Classifies one blocker by its class and first park's stack alone.
     *
     * @param blockerClass binary name of the park blocker's class (for a monitor wait, the monitor's class)
     * @param stack        the first park's frames, innermost first
     */
    public static WaitKind of(String blockerClass, List<String> stack) {
        FrameText waiter = null;
        for (FrameText f : FrameText.parse(stack)) {
            if (!BlockerNames.isMachinery(f) && !isPlumbing(f)) {
                waiter = f;
                break;
            }
        }
        if (waiter != null && (IDLE_LOOPS.contains(waiter.withoutJar()) || isPoolCopy(waiter))) {
            return IDLE;
        }
        if (waiter != null && !waiter.isJdk() && BORROWS.stream().anyMatch(waiter.method()::startsWith)) {
            return POOL;
        }
        if (HANDOFFS.contains(blockerClass.split("\\$", 2)[0])) {
            return SIGNAL;
        }
        return isLock(blockerClass) ? LOCK : CONDITION;
    }

    /** A semaphore that at most one thread waited on at a time, each woken by a thread that never waited on it. */
    private static boolean isSignal(ParkSnapshot s) {
        return s.className().startsWith(SEMAPHORE) && s.collecting() && s.peakParked() <= 1 && !s.hasHoldTime();
    }

    /**
     * The JDK's {@code *Sync} classes are the lock-like synchronizers' (a program's own queued synchronizer is a
     * lock too if it follows that convention), except {@code CountDownLatch}'s, which is a wait for an event.
     */
    private static boolean isLock(String blockerClass) {
        String simple = FrameText.simpleName(blockerClass);
        return LOCK_CLASSES.contains(blockerClass)
                || (simple.indexOf('$') >= 0 && simple.endsWith("Sync") && !simple.startsWith("CountDownLatch$"));
    }

    /** A library's own {@code ThreadPoolExecutor} waiting for its next task, as the JDK's does. */
    private static boolean isPoolCopy(FrameText f) {
        return !f.isJdk() && f.method().equals("getTask") && f.simpleName().endsWith("ThreadPoolExecutor");
    }

    /**
     * A frame between a wait and its waiter that says nothing of why the thread waits: a queue's
     * ({@link #isQueue}), a lock or condition waiting ({@code ReentrantLock.lock}, Jetty's
     * {@code AutoLock$WithCondition.awaitNanos}), or the JDK's other synchronizers ({@code Semaphore.tryAcquire}).
     */
    static boolean isPlumbing(FrameText f) {
        return isQueue(f) || LOCK_WAITS.contains(f.method()) && nameEndsWith(f, "Lock", "Condition")
                || f.isJdk() && JDK_SYNCHRONIZERS.contains(f.className());
    }

    /** A frame of a queue or deque, nested classes included ({@code SynchronousQueue$TransferStack}). */
    static boolean isQueue(FrameText f) {
        return nameEndsWith(f, "Queue", "Deque");
    }

    /** Whether the frame's simple class name, or a class it is nested in, ends with one of {@code endings}. */
    private static boolean nameEndsWith(FrameText f, String... endings) {
        for (String part : f.simpleName().split("\\$")) {
            for (String ending : endings) {
                if (part.endsWith(ending)) {
                    return true;
                }
            }
        }
        return false;
    }
}
