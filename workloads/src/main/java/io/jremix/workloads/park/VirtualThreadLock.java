package io.jremix.workloads.park;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Virtual threads (JDK 21+) take one {@link ReentrantLock} in turn and sleep 1 ms holding it, {@code rounds}
 * times each; the others park in {@code lock()}. A virtual thread's park unmounts it from its carrier (no
 * {@code Unsafe.park}, so no JFR {@code jdk.ThreadPark} event), and the carriers, the JDK's scheduler pool
 * ({@code ForkJoinPool-<n>-worker-<m>}), park when no virtual thread is ready. The virtual threads are named
 * {@code VirtualThreadLock-<n>}. Exits with status 3 on a JDK without virtual threads.
 *
 * <p>Expected finding: parks on {@code ReentrantLock$NonfairSync} by the virtual threads, and parks of the carriers
 * on {@code java.util.concurrent.ForkJoinPool}.
 *
 * <p>Usage: {@code VirtualThreadLock [threads=16] [rounds=20]}.
 */
public final class VirtualThreadLock {
    private VirtualThreadLock() {
    }

    public static void main(String[] a) throws Exception {
        Args args = new Args(a, "VirtualThreadLock [threads=16] [rounds=20]");
        int threads = (int) args.number(0, 16);
        long rounds = args.number(1, 20);
        ThreadFactory virtual = virtualThreads("VirtualThreadLock-");
        ReentrantLock lock = new ReentrantLock();
        long[] counter = new long[1];
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread v = virtual.newThread(() -> {
                for (long i = 0; i < rounds; i++) {
                    lock.lock();
                    try {
                        counter[0]++;
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        lock.unlock();
                    }
                }
            });
            v.start();
            started.add(v);
        }
        for (Thread v : started) {
            v.join();
        }
        System.out.println("VirtualThreadLock: " + threads + " virtual threads, counter " + counter[0]);
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
