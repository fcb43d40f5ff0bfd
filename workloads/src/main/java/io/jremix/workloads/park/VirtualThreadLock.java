package io.jremix.workloads.park;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Virtual threads (JDK 21+) take one {@link ReentrantLock} in turn and sleep 1 ms holding it, {@code rounds}
 * times each; the others park in {@code lock()}. With {@code synchronized} they take the monitor of a
 * {@link Counter} in turn instead and wait 1 ms on it ({@code Object.wait}): JFR records those waits with the
 * virtual thread, while it records no blocked enter of a virtual thread that unmounts (JDK 25). A virtual thread's park unmounts it from its carrier (no
 * {@code Unsafe.park}, so no JFR {@code jdk.ThreadPark} event), and the carriers, the JDK's scheduler pool
 * ({@code ForkJoinPool-<n>-worker-<m>}), park when no virtual thread is ready. The virtual threads are named
 * {@code VirtualThreadLock-<n>}. Exits with status 3 on a JDK without virtual threads.
 *
 * <p>Expected finding: parks on {@code ReentrantLock$NonfairSync} by the virtual threads, and parks of the carriers
 * on {@code java.util.concurrent.ForkJoinPool}; with {@code synchronized}, waits of the virtual threads on the
 * {@code Counter}'s monitor.
 *
 * <p>Usage: {@code VirtualThreadLock [threads=16] [rounds=20] [lock|synchronized]}.
 */
public final class VirtualThreadLock {
    private VirtualThreadLock() {
    }

    /** What the threads count, and in {@code synchronized} mode the monitor they contend for. */
    private static final class Counter {
        long value;
    }

    public static void main(String[] a) throws Exception {
        Args args = new Args(a, "VirtualThreadLock [threads=16] [rounds=20] [lock|synchronized]");
        int threads = (int) args.number(0, 16);
        long rounds = args.number(1, 20);
        boolean monitor = args.word(2, "lock", "lock|synchronized").equals("synchronized");
        ThreadFactory virtual = virtualThreads("VirtualThreadLock-");
        ReentrantLock lock = new ReentrantLock();
        Counter counter = new Counter();
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread v = virtual.newThread(() -> {
                for (long i = 0; i < rounds; i++) {
                    if (monitor) {
                        synchronized (counter) {
                            counter.value++;
                            waitOn(counter);
                        }
                    } else {
                        lock.lock();
                        try {
                            counter.value++;
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        } finally {
                            lock.unlock();
                        }
                    }
                }
            });
            v.start();
            started.add(v);
        }
        for (Thread v : started) {
            v.join();
        }
        System.out.println("VirtualThreadLock: " + threads + " virtual threads, counter " + counter.value);
    }

    private static void waitOn(Counter counter) {
        try {
            counter.wait(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code Thread.ofVirtual().name(prefix, 0).factory()}, by reflection: the workloads compile for JDK 17. */
    private static ThreadFactory virtualThreads(String prefix) throws ReflectiveOperationException {
        Object builder;
        try {
            builder = Thread.class.getMethod("ofVirtual").invoke(null);
        } catch (NoSuchMethodException e) {
            System.err.println("VirtualThreadLock: no virtual threads on JDK " + Runtime.version().feature());
            System.exit(3);
            return null;
        }
        Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
        builder = ofVirtual.getMethod("name", String.class, long.class).invoke(builder, prefix, 0L);
        return (ThreadFactory) ofVirtual.getMethod("factory").invoke(builder);
    }
}
