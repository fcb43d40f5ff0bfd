package io.jremix.core.park;

import java.util.List;

/**
 * Why threads wait on a blocker, so that a report can keep lock contention apart from threads that simply have
 * nothing to do. A thread pool with idle workers parks them on its queue's condition for the whole run: by
 * thread-time that blocker tops any table, yet it costs the program nothing.
 *
 * <p>The kind is read from the blocker's class and the stack of its first park (report text, innermost first,
 * see {@link FrameText}). The stack decides {@link #IDLE}: skipping the parking machinery and the queues
 * ({@code LinkedBlockingQueue.take}, {@code SynchronousQueue$TransferStack.transfer},
 * {@code ScheduledThreadPoolExecutor$DelayedWorkQueue.take}, a library's subclass such as Tomcat's
 * {@code TaskQueue.poll}, ...), the next frame is a pool's or a JDK daemon's wait for work, or the
 * {@code getTask} of a library's copy of {@code ThreadPoolExecutor} (Tomcat's
 * {@code org.apache.tomcat.util.threads.ThreadPoolExecutor}). A task that takes from a queue itself has its own frame there instead, and waits for a
 * {@link #CONDITION}. Otherwise the class decides: the JDK's lock-like synchronizers are {@link #LOCK}s.
 */
public enum WaitKind {
    /**
     * Contention for a lock or a permit: {@code ReentrantLock}, {@code ReentrantReadWriteLock}, {@code Semaphore},
     * {@code StampedLock}, a monitor enter.
     */
    LOCK,
    /**
     * A wait for a signal or an event: {@code Condition.await}, {@code CountDownLatch}, futures, queues,
     * {@code Object.wait}.
     */
    CONDITION,
    /**
     * An idle worker waiting for work: {@code ThreadPoolExecutor.getTask}, {@code ForkJoinPool.awaitWork}, timers,
     * cleaners.
     */
    IDLE;

    /** Where pools and the JDK's daemon threads wait for their next piece of work, as class and method. */
    private static final List<FrameText> IDLE_LOOPS = List.of(
            FrameText.jdk("java.util.concurrent.ThreadPoolExecutor", "getTask"),
            FrameText.jdk("java.util.concurrent.ForkJoinPool", "awaitWork"),
            FrameText.jdk("java.util.concurrent.ForkJoinPool", "runWorker"),
            FrameText.jdk("java.util.TimerThread", "mainLoop"),
            FrameText.jdk("jdk.internal.ref.CleanerImpl", "run"),
            FrameText.jdk("java.lang.ref.Finalizer$FinalizerThread", "run"));
    /** Blocker classes, besides the JDK's {@code *Sync} classes, that threads park on to get a lock. */
    private static final List<String> LOCK_CLASSES = List.of("java.util.concurrent.locks.StampedLock",
            "java.util.concurrent.ThreadPoolExecutor$Worker");

    /**
     * Classifies one blocker.
     *
     * @param blockerClass binary name of the park blocker's class (for a monitor wait, the monitor's class)
     * @param stack        the first park's frames, innermost first
     */
    public static WaitKind of(String blockerClass, List<String> stack) {
        FrameText waiter = null;
        for (FrameText f : FrameText.parse(stack)) {
            if (!BlockerNames.isMachinery(f) && !isQueue(f)) {
                waiter = f;
                break;
            }
        }
        if (waiter != null && (IDLE_LOOPS.contains(waiter) || isPoolCopy(waiter))) {
            return IDLE;
        }
        return isLock(blockerClass) ? LOCK : CONDITION;
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

    /** A frame of a queue or deque, nested classes included ({@code SynchronousQueue$TransferStack}). */
    static boolean isQueue(FrameText f) {
        for (String part : f.simpleName().split("\\$")) {
            if (part.endsWith("Queue") || part.endsWith("Deque")) {
                return true;
            }
        }
        return false;
    }
}
