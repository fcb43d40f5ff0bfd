package io.jremix.bench.cache;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;

import io.jremix.core.cache.Access;
import io.jremix.core.cache.AccessBatch;
import io.jremix.core.cache.CacheLineSimulator;
import io.jremix.core.cache.CoherenceMiss;
import io.jremix.core.cache.ContentionTracker;
import io.jremix.core.cache.Datum;
import io.jremix.core.cache.Thresholds;

/**
 * What the collector thread spends per sampled event in the core, on a trace shaped like AdjacentAtomicLongs': two
 * threads, each with 8 counters 24 bytes apart interleaved with the other's, reading an element of its own array,
 * then writing and reading a counter's {@code value}. Batches of 16,384 events (two full rings) go, as
 * {@code TraceCollector.collect} takes them every tick, into an {@link AccessBatch} one thread's after the other's
 * (and, unless {@code nolatent}, into the latent-sharing accounting), are sorted back into time order, replayed
 * through the coherence model into the miss tracker, and the thresholds are applied after each.
 *
 * <p>Prints the thread CPU time of the first 10 batches (a fresh JVM's code is cold, as in a program's first
 * window), the CPU time per event and bytes allocated per event over the 200 batches after 100 more: CPU time and
 * allocation, not wall time, so that a busy machine changes the figures little. Args: {@code [latent|nolatent]}.
 */
public final class CollectorCost {
    private static final int BATCH = 16_384;
    private static final int COLD_BATCHES = 10;
    private static final int WARM_UP_BATCHES = 100;
    private static final int MEASURED_BATCHES = 200;
    private static final int SLOTS = 8;
    private static final long GAP_NANOS = 5_000;
    private static final Datum VALUE = Datum.field("java.util.concurrent.atomic.AtomicLong", "value", 12, 8);

    private final SplittableRandom random = new SplittableRandom(42);
    private final CacheLineSimulator simulator = new CacheLineSimulator(64, 1 << 16);
    private final ContentionTracker tracker = new ContentionTracker(Thresholds.withRate(1000), 1000);
    private final AccessBatch accesses = new AccessBatch();
    private final boolean latent;
    private long now = 1_000_000_000L;

    private CollectorCost(boolean latent) {
        this.latent = latent;
    }

    public static void main(String[] args) {
        CollectorCost c = new CollectorCost(args.length == 0 || !args[0].equals("nolatent"));
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long cold = c.run(COLD_BATCHES, mx)[0];
        c.run(WARM_UP_BATCHES, mx);
        long[] warm = c.run(MEASURED_BATCHES, mx);
        double events = (double) MEASURED_BATCHES * BATCH;
        System.out.printf("%s cold-ms %.1f warm-ns-per-event %.1f bytes-per-event %.1f%n",
                c.latent ? "latent" : "nolatent", cold / 1e6, warm[0] / events, warm[1] / events);
    }

    /** @return CPU nanoseconds and bytes allocated processing {@code batches} batches, generation left out */
    private long[] run(int batches, com.sun.management.ThreadMXBean mx) {
        long cpu = 0;
        long bytes = 0;
        for (int b = 0; b < batches; b++) {
            Access[] batch = batch();
            long cpu0 = mx.getCurrentThreadCpuTime();
            long bytes0 = mx.getCurrentThreadAllocatedBytes();
            process(batch);
            cpu += mx.getCurrentThreadCpuTime() - cpu0;
            bytes += mx.getCurrentThreadAllocatedBytes() - bytes0;
        }
        return new long[] {cpu, bytes};
    }

    private void process(Access[] events) {
        for (Access e : events) {
            Access a = accesses.add(e.time(), e.thread(), e.epoch(), e.address(), e.write(), e.datum(), e.site());
            if (latent && a.datum().kind() == Datum.Kind.FIELD) { // reads too, as TraceCollector
                tracker.accessed(a, 24);
            }
        }
        accesses.sort();
        for (int i = 0; i < accesses.size(); i++) {
            CoherenceMiss miss = simulator.access(accesses.get(i));
            if (miss != null) {
                tracker.record(miss);
            }
        }
        accesses.clear();
        if (tracker.evaluate(now) > 0) {
            tracker.findings(String::valueOf);
        }
    }

    private Access[] batch() {
        Access[] batch = new Access[BATCH];
        for (int i = 0; i < BATCH; i++) {
            int thread = random.nextInt(2);
            int slot = random.nextInt(SLOTS);
            long counter = 0x10_0000L + 24L * (slot * 2 + thread);
            now += GAP_NANOS;
            batch[i] = switch (random.nextInt(3)) {
                case 0 -> new Access(now, thread, 0, 0x20_0000L + 0x1000L * thread + 16 + 4L * slot, false,
                        Datum.element("java.util.concurrent.atomic.AtomicLong[]", slot, 16 + 4 * slot, 4), 1001);
                case 1 -> new Access(now, thread, 0, counter + VALUE.offset(), true, VALUE, 1002);
                default -> new Access(now, thread, 0, counter + VALUE.offset(), false, VALUE, 1003);
            };
        }
        Arrays.sort(batch, Comparator.comparingInt(Access::thread)); // drained one thread's ring after the other's
        return batch;
    }
}
