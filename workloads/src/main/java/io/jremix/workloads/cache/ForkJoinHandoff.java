package io.jremix.workloads.cache;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * One thread submits small tasks to a {@link ForkJoinPool} of one worker, which runs them: the submitter pushes each
 * task onto the pool's shared submission queue, a {@code ForkJoinPool$WorkQueue}, writing its {@code top} (and the
 * queue's lock word), while the worker takes them from its {@code base}. The JDK keeps {@code top} a line away from
 * {@code base} with {@code @Contended}; without the padding ({@code -XX:ContendedPaddingWidth=0 -Xshare:off}, as the
 * class-data archive keeps the padded layout) the two sit a few bytes apart. Expected finding with those flags:
 * <b>(latent) false sharing</b> on {@code java.util.concurrent.ForkJoinPool$WorkQueue}; silent on it with the JDK's
 * padding.
 *
 * <p>The submitter submits in batches of {@value #BATCH} and waits for each batch's last task, so the queue stays
 * short.
 *
 * <p>Args: {@code [tasks=DEFAULT_TASKS]}. Prints {@code ForkJoinHandoff Time <nanos>ns result=<tasks run>}.
 */
public final class ForkJoinHandoff {
    public static final long DEFAULT_TASKS = 3_000_000L;
    static final int BATCH = 64;

    /** Written by whichever thread runs a task: the worker, or the submitter when it runs the last one itself. */
    private static final class Tally {
        long ran;
    }

    private ForkJoinHandoff() {
    }

    private static void submit(ForkJoinPool pool, long tasks, Tally tally) {
        Runnable task = () -> {
            synchronized (tally) {
                tally.ran++;
            }
        };
        for (long done = 0; done < tasks; done += BATCH) {
            ForkJoinTask<?> last = null;
            for (long i = done; i < Math.min(tasks, done + BATCH); i++) {
                last = pool.submit(task);
            }
            last.join();
        }
    }

    public static void main(String[] args) {
        long tasks = Workload.args(args, "ForkJoinHandoff [tasks]", 1).longArg(0, "tasks", DEFAULT_TASKS, 1);
        ForkJoinPool pool = new ForkJoinPool(1);
        Tally tally = new Tally();
        long nanos = Workload.runThreads(1, t -> submit(pool, tasks, tally));
        pool.shutdown();
        synchronized (tally) {
            Workload.checkEquals("tasks run", tasks, tally.ran);
            Workload.report(ForkJoinHandoff.class, nanos, tally.ran);
        }
    }
}
