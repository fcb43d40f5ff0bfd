package io.jremix.bench.cache;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.Rounds;
import io.jremix.bench.RoundsPlan;
import io.jremix.bench.RoundsTable;
import io.jremix.bench.Stats;

/**
 * Why tracing in bursts costs the tightest loops more than its 1% of traced time, shown without jremix:
 * SeparateLines' loop written out by hand as the instrumenter duplicates it (a copy without probes, a check after
 * the loop's exit tests that continues through that copy as its taken branch, a probed copy), in four forms. <b>bare</b>: the loop as written. <b>checked</b>: the duplicated loop,
 * whose check never sends it to the probed copy. <b>bursts</b>: the same, with a thread starting a burst of 0.5 ms
 * every 50 ms, so that the probed copy (a countdown per access and a call every 20th) runs 1% of the time.
 * <b>bursts in warm-up</b>: bursts only during the warm-up rounds, none in the rounds measured. The last two cost
 * the same: what slows the loop is not the time traced but the code C2 compiled once its profile had seen the
 * probed copy run, a loop with the probes' call on a rarely taken path.
 *
 * <p>Usage: {@code bench/run-loop-shape [--runs N] [--rounds N] [--warmup N] [--out FILE.md]}: each form in its own
 * JVMs, interleaved, two threads of 800 M iterations each; writes {@code bench/results/loop-shape.md} (and .json).
 * A child JVM runs {@code Rounds <rounds> DuplicatedLoopShape <form> <warmup>}.
 */
public final class DuplicatedLoopShape {
    private static final VarHandle TRACING;
    private static final int STRIDE = 16;
    private static final long[] COUNTDOWN = new long[4 * STRIDE];
    private static final int RATIO = 20;
    private static final int SLOT = 32;
    private static final long ITERATIONS = 800_000_000L;
    private static final List<String> FORMS = List.of("bare", "checked", "bursts", "bursts-in-warm-up");

    /** Never set: the volatile read SeparateLines has in its loop. */
    static volatile boolean stop;
    /** Whether a burst is on, like {@code CacheProbe.tracing}: opaque in the loop's check, plain in the probes. */
    static boolean tracing;
    static volatile long recorded;
    /** When the burst under way ends ({@link System#nanoTime}). */
    static volatile long burstEnd;
    /** Whether the burst thread goes on starting bursts. */
    static volatile boolean burstsGoOn = true;
    /** Rounds run so far in this JVM ({@link Rounds} calls {@link #main} once per round, from one thread). */
    private static int roundsRun;
    /** Where the loops' sums go, so that C2 keeps them. */
    static volatile long sink;

    static {
        try {
            TRACING = MethodHandles.lookup().findStaticVarHandle(DuplicatedLoopShape.class, "tracing", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DuplicatedLoopShape() {
    }

    static long bare(long[] own, long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0 && !stop; k--) {
            own[SLOT]++;
            sum += own[SLOT];
        }
        return sum;
    }

    /** A duplicated loop: its unprobed copy and, once a burst is on, its probed copy. */
    static long checked(long[] own, long iterations, int slot) {
        long sum = 0;
        for (long k = iterations; k != 0 && !stop; k--) {
            if ((boolean) TRACING.getOpaque()) {
                probe(own, slot);
                own[SLOT]++;
                probe(own, slot);
                sum += own[SLOT];
            } else {
                own[SLOT]++;
                sum += own[SLOT];
            }
        }
        return sum;
    }

    /** The probe's fast path: a plain read of the flag, a per-thread countdown, and a call to record. */
    private static void probe(long[] own, int slot) {
        if (tracing && --COUNTDOWN[slot] <= 0) {
            COUNTDOWN[slot] = RATIO;
            record(own);
        }
    }

    /** Keeps something of the access, and ends the burst at its deadline, as jremix's recording path does. */
    private static void record(long[] own) {
        long now = System.nanoTime();
        recorded = now + own.length;
        if (now - burstEnd > 0) {
            TRACING.setOpaque(false);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && FORMS.contains(args[0])) {
            runRound(args[0], Integer.parseInt(args[1]));
            return;
        }
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-loop-shape",
                "usage: bench/run-loop-shape [--runs N] [--rounds N] [--warmup N] [--out FILE.md]",
                args, "--runs", "--rounds", "--warmup", "--out");
        RoundsPlan plan = RoundsPlan.read(o, 3, 5, 2);
        Path out = o.path("--out", home.resolve("bench/results/loop-shape.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Map<String, List<Double>> ms = new LinkedHashMap<>();
        for (int r = 0; r < plan.runs(); r++) {
            for (String form : FORMS) {
                double mean = new Command(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                        Rounds.class.getName(), Integer.toString(plan.rounds()), DuplicatedLoopShape.class.getName(),
                        form, Integer.toString(plan.warmup())))
                        .run().orThrow().meanRoundMs(plan.warmup());
                ms.computeIfAbsent(form, f -> new ArrayList<>()).add(mean);
                System.err.printf(Locale.ROOT, "%-8s run %d/%d: %6.0f ms/round%n", form, r + 1, plan.runs(), mean);
            }
        }
        write(out, ms, plan, java);
    }

    /** One round of {@code form}, run by {@link Rounds}: bursts start with the first, and stop at {@code warmup}. */
    private static void runRound(String form, int warmup) throws InterruptedException {
        if (form.startsWith("bursts") && roundsRun == 0) {
            Thread bursts = new Thread(DuplicatedLoopShape::burstEvery50ms, "bursts");
            bursts.setDaemon(true);
            bursts.start();
        }
        if (roundsRun++ == warmup && form.equals("bursts-in-warm-up")) {
            burstsGoOn = false;
        }
        Thread[] threads = new Thread[2];
        for (int t = 0; t < threads.length; t++) {
            int slot = (t + 1) * STRIDE;
            threads[t] = new Thread(() -> {
                long[] own = new long[64];
                sink += form.equals("bare") ? bare(own, ITERATIONS) : checked(own, ITERATIONS, slot);
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    private static void burstEvery50ms() {
        while (burstsGoOn) {
            burstEnd = System.nanoTime() + 500_000;
            TRACING.setOpaque(true);
            LockSupport.parkNanos(50_000_000);
        }
    }

    private static void write(Path out, Map<String, List<Double>> ms, RoundsPlan plan, Path java)
            throws IOException, InterruptedException {
        Map<String, Object> machine = Machine.describe(java);
        double bare = Stats.median(ms.get("bare"));
        StringBuilder md = new StringBuilder("# Loop shape: what a duplicated loop costs, without jremix\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". SeparateLines' loop (two threads, %,d"
                        + " iterations each) written out by hand in four forms (`io.jremix.bench.cache.DuplicatedLoopShape`);"
                        + " each cell is the median over %d JVMs of the mean time per round, rounds %d..%d of %d.%n%n",
                ITERATIONS,
                plan.runs(), plan.warmup() + 1, plan.rounds(), plan.rounds()));
        md.append("- **bare**: the loop as written.\n");
        md.append("- **checked**: an opaque read of a flag after the loop's exit tests that never sends the loop to its probed"
                + " copy (what `checks only` measures with jremix).\n");
        md.append("- **bursts**: the same code, with a burst of 0.5 ms every 50 ms, so that the probed copy (a countdown"
                + " per access and a call every 20th, which ends the burst at its deadline) runs 1% of the time.\n");
        md.append("- **bursts-in-warm-up**: bursts only while the warm-up rounds run, none in the rounds measured.\n\n");
        md.append("Reproduce: `bench/run-loop-shape` (after `mvn -B -DskipTests package`).\n\n");
        md.append("| form | ms/round | ratio to bare |\n|---|---:|---:|\n");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<String, List<Double>> e : ms.entrySet()) {
            double median = Stats.median(e.getValue());
            md.append(String.format(Locale.ROOT, "| %s | %.0f (%.0f–%.0f) | %.2f× |%n", e.getKey(), median,
                    e.getValue().stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                    e.getValue().stream().mapToDouble(Double::doubleValue).max().orElseThrow(), median / bare));
            rows.add(Map.of("form", e.getKey(), "ms", e.getValue(), "medianMs", median, "ratio", median / bare));
        }
        RoundsTable.write(out, md.toString(), machine, plan, rows);
    }
}
