package io.jremix.workloads.cache;

/**
 * One thread counts into the fields of an object it has published in a static field: any thread could reach the
 * object, so detection traces its accesses, but no other thread touches it. Unlike {@link SingleThread}, whose
 * objects never leave the method that allocates them (and so get no probes), this control exercises the coherence
 * model on one writer's many fields and lines. <b>Control: must stay silent.</b>
 *
 * <p>Args: {@code [iterations=DEFAULT_ITERATIONS]}. Prints
 * {@code PublishedCounters Time <nanos>ns result=<total + last>}.
 */
public final class PublishedCounters {
    public static final long DEFAULT_ITERATIONS = 50_000_000L;

    /** Where the counters are published; no thread but their writer reads them. */
    static volatile Counters published;

    static final class Counters {
        long even;
        long odd;
        volatile long total;
        int last;
        final long[] byLowBits = new long[4];
    }

    private PublishedCounters() {
    }

    private static long count(long iterations) {
        Counters c = new Counters();
        published = c;
        for (long k = 1; k <= iterations; k++) {
            if ((k & 1) == 0) {
                c.even += k;
            } else {
                c.odd += k;
            }
            c.byLowBits[(int) (k & 3)]++;
            c.last = (int) k;
            c.total = c.even + c.odd;
        }
        return c.total + c.last + c.byLowBits[1];
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "PublishedCounters [iterations]", 1);
        long iterations = a.longArg(0, "iterations", DEFAULT_ITERATIONS, 1);
        long[] result = new long[1];
        long nanos = Workload.runThreads(1, t -> result[0] = count(iterations));
        long expected = Workload.triangular(iterations) + (int) iterations + (iterations + 3) / 4;
        Workload.checkEquals("total + last + counted with low bits 01", expected, result[0]);
        Workload.report(PublishedCounters.class, nanos, result[0]);
    }
}
