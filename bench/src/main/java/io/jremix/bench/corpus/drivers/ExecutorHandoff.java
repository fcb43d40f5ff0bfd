package io.jremix.bench.corpus.drivers;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

import org.jboss.threads.EnhancedQueueExecutor;

/**
 * The main thread submits tasks to an executor with one worker thread, the shape of two corpus bugs: the submitter
 * writes the task queue's tail, the worker its head. Each task adds
 * its value ({@code i & 127}) to the worker's sum; the submitter stays at most {@value Backlog#LIMIT} tasks ahead. The
 * run ends with {@code shutdown} and {@code awaitTermination}, which the queued tasks complete first.
 *
 * <p>Usage: {@code ExecutorHandoff <jboss-eqe|fork-join> <items> [<cap seconds>]}.
 */
public final class ExecutorHandoff {
    /** Far more than a second of this driver's tasks: only a pool that never runs them waits this long. */
    private static final long TERMINATION_MINUTES = 10;

    private ExecutorHandoff() {
    }

    public static void main(String[] args) throws InterruptedException {
        Bounds bounds = Bounds.read("ExecutorHandoff", "<jboss-eqe|fork-join>", args);
        Backlog backlog = new Backlog();
        // the worker's objects first: allocated right after the executor, their fields, which the worker reads on
        // every task, would share a line with the executor's last fields, a false sharing the library does not have
        Worker worker = new Worker(backlog);
        Runnable[] tasks = new Runnable[128];
        for (int v = 0; v < tasks.length; v++) {
            long value = v;
            tasks[v] = () -> worker.add(value);
        }
        ExecutorService executor = switch (bounds.variant()) {
            case "jboss-eqe" -> new EnhancedQueueExecutor.Builder().setCorePoolSize(1).setMaximumPoolSize(1).build();
            case "fork-join" -> new ForkJoinPool(1);
            default -> throw new IllegalArgumentException("unknown executor: " + bounds.variant());
        };
        long items = 0;
        long sum = 0;
        while (items < bounds.items && !bounds.overCap()) {
            backlog.awaitRoom(items);
            executor.execute(tasks[(int) (items & 127)]);
            sum += items & 127;
            items++;
        }
        executor.shutdown();
        if (!executor.awaitTermination(TERMINATION_MINUTES, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the executor did not finish its tasks");
        }
        bounds.end(items, bounds.items, sum, worker.sum());
    }

    /** The worker thread's count and sum, in the middle of an array of their own (see {@link Backlog}). */
    private static final class Worker {
        private static final int COUNT = 16;
        private static final int SUM = 17;
        private final long[] state = new long[34];
        private final Backlog backlog;

        Worker(Backlog backlog) {
            this.backlog = backlog;
        }

        /** Run by the pool's one worker thread only. */
        void add(long value) {
            state[SUM] += value;
            backlog.received(++state[COUNT]);
        }

        /** Read after the pool terminated, which orders the worker's writes before it. */
        long sum() {
            return state[SUM];
        }
    }
}
