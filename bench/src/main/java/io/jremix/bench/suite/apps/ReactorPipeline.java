package io.jremix.bench.suite.apps;

import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Reactive pipelines with reactor-core over generated integers, on two schedulers of its own (created in
 * {@link #setUp}, disposed in {@link #tearDown}): a parallel scheduler with 2 threads and a bounded elastic one
 * with up to 4. Every iteration runs three pipelines at once and joins them with {@code Mono.zip}:
 * <ol>
 * <li>{@code Flux.range → parallel(2).runOn(parallel) → map → filter → flatMap} over small inner fluxes
 * {@code → sequential → groupBy → reduce}: count and sum of the values per group;</li>
 * <li>a source subscribed on the bounded elastic scheduler, handed off with {@code publishOn} to the parallel one,
 * then filtered, buffered and summed;</li>
 * <li>per chunk of the data, a {@code Mono.zip} fan-in of min, max and multiples-of-7 count, each computed on the
 * bounded elastic scheduler, combined on the parallel scheduler into a digest.</li>
 * </ol>
 * The self-check compares the group counts and sums, the hand-off sum and the chunk digest with the same values
 * computed by plain sequential loops over the data.
 */
public final class ReactorPipeline implements SuiteWorkload {
    private static final String PARALLEL = "suite-reactor-parallel";
    private static final String ELASTIC = "suite-reactor-elastic";
    private static final int GROUPS = 16;
    private static final int CHUNK = 4096;
    /**
     * Few inner fluxes at a time: with ParallelFlux.flatMap's default (256), the rails spent most of their time in
     * FlatMapMain.drainLoop once the sequential merge pushed back, and iterations took 10 to 100 times longer.
     */
    private static final int INNER_CONCURRENCY = 4;

    private int[] data;
    private Scheduler parallel;
    private Scheduler elastic;
    private Totals expected;

    /** What one iteration computes. */
    record Totals(long[] groupCounts, long[] groupSums, long handoffSum, long chunkDigest) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Totals e && Arrays.equals(groupCounts, e.groupCounts)
                    && Arrays.equals(groupSums, e.groupSums) && handoffSum == e.handoffSum
                    && chunkDigest == e.chunkDigest;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(groupSums);
        }

        @Override
        public String toString() {
            return "counts=" + Arrays.toString(groupCounts) + " sums=" + Arrays.toString(groupSums)
                    + " handoff=" + handoffSum + " chunks=" + chunkDigest;
        }
    }

    @Override
    public void setUp(Size size) {
        Random random = new Random(0x5EEDL);
        data = new int[size.pick(5_000, 5_000_000)];
        for (int i = 0; i < data.length; i++) {
            data[i] = random.nextInt(1 << 20);
        }
        parallel = Schedulers.newParallel(PARALLEL, 2);
        elastic = Schedulers.newBoundedElastic(4, 1024, ELASTIC);
        expected = sequential();
    }

    /** A cheap integer hash standing in for per-element work. */
    private static int mix(int v) {
        int x = v * 0x9E3779B9;
        x ^= x >>> 16;
        x *= 0x85EBCA6B;
        x ^= x >>> 13;
        return x & 0xFFFFF;
    }

    @Override
    public Object iterate() {
        Mono<long[][]> groups = Flux.range(0, data.length)
                .parallel(2).runOn(parallel)
                .map(i -> mix(data[i]))
                .filter(v -> v % 5 != 0)
                .flatMap(v -> Flux.range(0, 1 + (v & 3)).map(k -> v + k), false, INNER_CONCURRENCY, 32)
                .sequential()
                .groupBy(v -> v & (GROUPS - 1))
                .flatMap(g -> g.reduceWith(() -> new long[] {g.key(), 0, 0},
                        (acc, v) -> { acc[1]++; acc[2] += v; return acc; }))
                .collectList()
                .map(ReactorPipeline::byGroup);
        Mono<Long> handoff = Flux.range(0, data.length)
                .subscribeOn(elastic)
                .map(i -> data[i] * 7L + i)
                .publishOn(parallel, 256)
                .filter(v -> (v & 1) == 0)
                .buffer(64)
                .map(list -> list.stream().mapToLong(Long::longValue).sum())
                .reduce(0L, Long::sum);
        Mono<Long> chunks = Flux.range(0, (data.length + CHUNK - 1) / CHUNK)
                .flatMap(c -> Mono.zip(
                        chunk(c).reduce(Math::min).subscribeOn(elastic),
                        chunk(c).reduce(Math::max).subscribeOn(elastic),
                        chunk(c).filter(v -> v % 7 == 0).count().subscribeOn(elastic))
                        .publishOn(parallel)
                        .map(t -> (c + 1L) * (t.getT1() ^ t.getT2()) + t.getT3()), 8)
                .reduce(0L, Long::sum);
        return Mono.zip(groups, handoff, chunks)
                .map(t -> new Totals(t.getT1()[0], t.getT1()[1], t.getT2(), t.getT3()))
                .block(Duration.ofMinutes(2));
    }

    private Flux<Integer> chunk(int c) {
        int from = c * CHUNK;
        return Flux.range(from, Math.min(CHUNK, data.length - from)).map(i -> data[i]);
    }

    private static long[][] byGroup(List<long[]> reduced) {
        long[][] result = new long[2][GROUPS];
        for (long[] acc : reduced) {
            result[0][(int) acc[0]] += acc[1];
            result[1][(int) acc[0]] += acc[2];
        }
        return result;
    }

    /** The same three results by plain loops. */
    private Totals sequential() {
        long[] counts = new long[GROUPS];
        long[] sums = new long[GROUPS];
        long handoff = 0;
        for (int i = 0; i < data.length; i++) {
            int v = mix(data[i]);
            if (v % 5 != 0) {
                for (int k = 0; k <= (v & 3); k++) {
                    counts[(v + k) & (GROUPS - 1)]++;
                    sums[(v + k) & (GROUPS - 1)] += v + k;
                }
            }
            long h = data[i] * 7L + i;
            if ((h & 1) == 0) {
                handoff += h;
            }
        }
        long digest = 0;
        for (int c = 0, from = 0; from < data.length; c++, from += CHUNK) {
            int min = Integer.MAX_VALUE;
            int max = Integer.MIN_VALUE;
            long sevens = 0;
            for (int i = from; i < Math.min(from + CHUNK, data.length); i++) {
                min = Math.min(min, data[i]);
                max = Math.max(max, data[i]);
                sevens += data[i] % 7 == 0 ? 1 : 0;
            }
            digest += (c + 1L) * (min ^ max) + sevens;
        }
        return new Totals(counts, sums, handoff, digest);
    }

    @Override
    public void check(Object result) {
        SuiteWorkload.expect("group counts, sums, hand-off sum and chunk digest", expected, result);
    }

    @Override
    public void tearDown() throws InterruptedException {
        for (Scheduler scheduler : new Scheduler[] {parallel, elastic}) {
            if (scheduler != null) {
                scheduler.dispose(); // not disposeGracefully(): that leaves a thread of Reactor's behind
            }
        }
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(PARALLEL) || thread.getName().startsWith(ELASTIC)) {
                thread.join(60_000);
            }
        }
    }
}
