package io.jremix.workloads.park;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of the park workloads that are checked against JFR: each is named {@code <prefix>-<n>}, so a test
 * can tell the program's parks from those of the JVM's own threads (JFR's, the agent's, the reference handler)
 * in both tools' output. The workloads do all their parking in such threads, the JVM's main thread only waits.
 */
final class NamedThreads implements ThreadFactory {
    private final String prefix;
    private final AtomicInteger next = new AtomicInteger();

    NamedThreads(String prefix) {
        this.prefix = prefix;
    }

    /** A thread's work, which may block. */
    @FunctionalInterface
    interface Body {
        void run(int index) throws Exception;
    }

    @Override
    public Thread newThread(Runnable r) {
        return new Thread(r, prefix + "-" + next.getAndIncrement());
    }

    /** A {@link ForkJoinPool} thread factory with the same names. */
    ForkJoinPool.ForkJoinWorkerThreadFactory forkJoin() {
        return pool -> {
            ForkJoinWorkerThread w = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            w.setName(prefix + "-" + next.getAndIncrement());
            return w;
        };
    }

    /** Runs {@code body(0..n-1)} in {@code n} threads of this factory and waits for them; rethrows a failure. */
    void runAll(int n, Body body) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        Throwable[] failure = new Throwable[1];
        for (int i = 0; i < n; i++) {
            int index = i;
            threads.add(newThread(() -> {
                try {
                    body.run(index);
                } catch (Exception | Error e) {
                    synchronized (failure) {
                        failure[0] = e;
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        synchronized (failure) {
            if (failure[0] != null) {
                throw new IllegalStateException("a worker failed", failure[0]);
            }
        }
    }
}
