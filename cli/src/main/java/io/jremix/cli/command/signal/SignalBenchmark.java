package io.jremix.cli.command.signal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.HdrHistogram.Histogram;

/** Runs N pairs of one mechanism at once, on a common schedule, and merges what the pairs measured. */
final class SignalBenchmark {
    /** Lets every thread start before the first signal is due. */
    private static final long START_DELAY_NANOS = 50_000_000;

    private final int rate;
    private final long warmupSignals;
    private final long measuredSignals;

    /** {@code rate} signals per second per pair, for {@code warmupSeconds} then {@code durationSeconds}. */
    SignalBenchmark(int rate, double warmupSeconds, double durationSeconds) {
        this.rate = rate;
        this.warmupSignals = Math.round(rate * warmupSeconds);
        this.measuredSignals = Math.max(1, Math.round(rate * durationSeconds));
    }

    SignalResult run(Mechanism mechanism, int pairs) throws InterruptedException {
        long total = warmupSignals + measuredSignals;
        Schedule schedule = Schedule.perSecond(System.nanoTime() + START_DELAY_NANOS, rate);
        CountDownLatch ready = new CountDownLatch(2 * pairs);
        List<SignalPair> all = new ArrayList<>();
        for (int i = 1; i <= pairs; i++) {
            all.add(new SignalPair("signal-" + mechanism.label() + "-" + i, mechanism.newChannel(), schedule,
                    warmupSignals, total, ready));
        }
        all.forEach(SignalPair::start);
        // twice the scheduled time, plus slack: only a hung pair takes that long
        long deadline = schedule.intendedAt(total) + (total * schedule.intervalNanos()) + 10_000_000_000L;
        for (SignalPair p : all) {
            if (!p.join(deadline)) {
                all.forEach(SignalPair::interrupt);
                throw new IllegalStateException(mechanism.label() + " with " + pairs + " pairs did not finish in time");
            }
            if (p.failure() != null) {
                throw new IllegalStateException(mechanism.label() + " failed", p.failure());
            }
        }
        Histogram call = Histograms.create();
        Histogram wakeup = Histograms.create();
        Histogram fromSend = Histograms.create();
        for (SignalPair p : all) {
            call.add(p.callCost());
            wakeup.add(p.recorder().fromSchedule());
            fromSend.add(p.recorder().fromSend());
        }
        return new SignalResult(mechanism, pairs, LatencyStats.of(call), LatencyStats.of(wakeup), LatencyStats.of(fromSend));
    }
}
