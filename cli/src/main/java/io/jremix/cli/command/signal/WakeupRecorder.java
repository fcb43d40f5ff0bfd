package io.jremix.cli.command.signal;

import org.HdrHistogram.Histogram;

/**
 * Wake-up latency of one pair: from the moment a signal should have been sent to the moment the waiter sees it.
 *
 * <p>Coordinated omission is corrected from the schedule, not with
 * {@link Histogram#recordValueWithExpectedInterval}: every signal has a known intended send time
 * ({@link Schedule}), and the waiter records each one it sees, including signals that arrived together after a
 * stall. That is exact, where the HdrHistogram helper has to invent the missing samples from one long value and an
 * assumed interval, and cannot tell a slow wake-up from a late signaller. When the signaller falls behind (it was
 * descheduled, a GC paused it, its previous signal took long), the signals it sends late count from when they were
 * due, as a request stuck behind a stalled sender would.
 *
 * <p>The same samples are also recorded from the actual send time, uncorrected, so that the two can be compared:
 * the difference is the delay the signaller itself added.
 */
final class WakeupRecorder {
    /** Send times kept for signals the waiter has not seen yet; the signaller waits rather than overwrite them. */
    static final int RING = 1 << 16;

    private final Schedule schedule;
    private final long firstRecorded;
    private final long[] sentAt = new long[RING];
    private final Histogram fromSchedule = Histograms.create();
    private final Histogram fromSend = Histograms.create();
    private volatile long seen;

    /** Signals numbered below {@code firstRecorded} are warm-up: seen, but not recorded. */
    WakeupRecorder(Schedule schedule, long firstRecorded) {
        this.schedule = schedule;
        this.firstRecorded = firstRecorded;
    }

    /** Signaller: signal {@code k} is being sent at {@code nanos}; call before publishing it. */
    void sent(long k, long nanos) {
        sentAt[(int) (k & (RING - 1))] = nanos;
    }

    /** Waiter: at {@code nanos} it saw signals {@code after + 1} to {@code upTo}. */
    void observed(long after, long upTo, long nanos) {
        for (long k = Math.max(after + 1, firstRecorded); k <= upTo; k++) {
            Histograms.record(fromSchedule, nanos - schedule.intendedAt(k));
            Histograms.record(fromSend, nanos - sentAt[(int) (k & (RING - 1))]);
        }
        seen = upTo;
    }

    /** The newest signal the waiter has seen. */
    long seen() {
        return seen;
    }

    /** Corrected for coordinated omission: from the intended send time. */
    Histogram fromSchedule() {
        return fromSchedule;
    }

    /** Not corrected: from the moment the signaller actually sent. */
    Histogram fromSend() {
        return fromSend;
    }
}
