package io.jremix.bench.suite.jdk;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;

/**
 * A three-stage pipeline through thread pools: a fixed pool produces batches of work items into a bounded
 * blocking queue, two consumer threads of a second pool take them, hash them and complete futures, and a
 * CompletableFuture chain on a third pool combines the batch results. Parks and unparks on every hand-off.
 * The check: the combined checksum equals the one computed by a plain loop.
 */
public final class ExecutorPipeline implements SuiteWorkload {
    private static final int PRODUCERS = 2;
    private static final int CONSUMERS = 2;
    private static final long POISON = Long.MIN_VALUE;

    private ExecutorService producers;
    private ExecutorService consumers;
    private ExecutorService combiners;
    private int batches;
    private int batchSize;
    private long expected;

    @Override
    public void setUp(Size size) {
        producers = Executors.newFixedThreadPool(PRODUCERS);
        consumers = Executors.newFixedThreadPool(CONSUMERS);
        combiners = Executors.newFixedThreadPool(2);
        batches = size.pick(40, 80_000);
        batchSize = 1_000;
        for (int b = 0; b < batches; b++) {
            expected += batchChecksum(b);
        }
    }

    private static long item(int batch, int i) {
        return batch * 1_000_003L + i * 31L;
    }

    /** A deliberately CPU-bound function of one item. */
    private static long work(long item) {
        long h = item;
        for (int r = 0; r < 40; r++) {
            h = h * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
            h ^= h >>> 29;
        }
        return h;
    }

    private long batchChecksum(int batch) {
        long sum = 0;
        for (int i = 0; i < batchSize; i++) {
            sum += work(item(batch, i));
        }
        return sum;
    }

    @Override
    public Object iterate() throws Exception {
        BlockingQueue<long[]> queue = new ArrayBlockingQueue<>(64);
        List<CompletableFuture<Long>> results = new ArrayList<>();
        for (int b = 0; b < batches; b++) {
            results.add(new CompletableFuture<>());
        }
        List<Future<?>> consumerDone = new ArrayList<>();
        for (int c = 0; c < CONSUMERS; c++) {
            consumerDone.add(consumers.submit(() -> consume(queue, results)));
        }
        List<Future<?>> produced = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int first = p;
            produced.add(producers.submit(() -> {
                for (int b = first; b < batches; b += PRODUCERS) {
                    long[] batch = new long[batchSize + 1];
                    batch[0] = b;
                    for (int i = 0; i < batchSize; i++) {
                        batch[i + 1] = item(b, i);
                    }
                    queue.put(batch);
                }
                return null;
            }));
        }
        for (Future<?> f : produced) {
            f.get();
        }
        for (int c = 0; c < CONSUMERS; c++) {
            queue.put(new long[] {POISON});
        }
        for (Future<?> f : consumerDone) {
            f.get();
        }
        CompletableFuture<Long> total = CompletableFuture.completedFuture(0L);
        for (CompletableFuture<Long> r : results) {
            total = total.thenCombineAsync(r, Long::sum, combiners);
        }
        return total.get();
    }

    private static Void consume(BlockingQueue<long[]> queue, List<CompletableFuture<Long>> results)
            throws InterruptedException {
        while (true) {
            long[] batch = queue.take();
            if (batch[0] == POISON) {
                return null;
            }
            long sum = 0;
            for (int i = 1; i < batch.length; i++) {
                sum += work(batch[i]);
            }
            results.get((int) batch[0]).complete(sum);
        }
    }

    @Override
    public void check(Object result) {
        SuiteWorkload.expect("pipeline checksum", expected, result);
    }

    @Override
    public void tearDown() {
        producers.shutdownNow();
        consumers.shutdownNow();
        combiners.shutdownNow();
    }
}
