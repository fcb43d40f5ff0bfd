package io.jremix.workloads.cache;

/**
 * {@link JdkCounters}' adder and map and {@link ForkJoinHandoff} at once, so that one run shows each JDK class
 * beyond {@code java.util.concurrent.atomic} that jremix traces when hot: {@code Striped64$Cell},
 * {@code ConcurrentHashMap$CounterCell} and {@code ForkJoinPool$WorkQueue}. Expected findings with
 * {@code -XX:ContendedPaddingWidth=0 -Xshare:off}: (latent) false sharing on each; none on them with the JDK's
 * padding.
 *
 * <p>Args: {@code [iterations=JdkCounters.DEFAULT_ITERATIONS] [tasks=ForkJoinHandoff.DEFAULT_TASKS]}. Prints each
 * workload's line.
 */
public final class HotJdkClasses {
    private HotJdkClasses() {
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "HotJdkClasses [iterations] [tasks]", 2);
        String iterations = Long.toString(a.longArg(0, "iterations", JdkCounters.DEFAULT_ITERATIONS, 1));
        String tasks = Long.toString(a.longArg(1, "tasks", ForkJoinHandoff.DEFAULT_TASKS, 1));
        String threads = Integer.toString(JdkCounters.DEFAULT_THREADS);
        Workload.runThreads(3, t -> {
            switch (t) {
                case 0 -> JdkCounters.main(new String[] {"adder", threads, iterations});
                case 1 -> JdkCounters.main(new String[] {"map", threads, iterations});
                default -> ForkJoinHandoff.main(new String[] {tasks});
            }
        });
    }
}
