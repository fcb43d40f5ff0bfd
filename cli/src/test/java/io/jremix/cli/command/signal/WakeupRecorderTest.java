package io.jremix.cli.command.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WakeupRecorderTest {
    private static final long INTERVAL = 100_000; // 10 000 signals/s
    private static final long WAKE = 2_000;       // every signal is seen 2 µs after it is sent

    @Test
    void stalledSignallerCountsFromTheScheduleNotFromTheLateSend() {
        Schedule schedule = new Schedule(0, INTERVAL);
        WakeupRecorder recorder = new WakeupRecorder(schedule, 1);
        long stallEnd = schedule.intendedAt(100) + 10_000_000; // stalled 10 ms before signal 100
        for (long k = 1; k <= 1000; k++) {
            long sent = Math.max(schedule.intendedAt(k), k >= 100 ? stallEnd : 0);
            if (k >= 100 && sent == stallEnd) {
                sent += (k - 100) * 1_000; // catching up: back to back, 1 µs apart
            }
            recorder.sent(k, sent);
            recorder.observed(k - 1, k, sent + WAKE);
        }
        LatencyStats corrected = LatencyStats.of(recorder.fromSchedule());
        LatencyStats uncorrected = LatencyStats.of(recorder.fromSend());

        assertEquals(1000, corrected.samples());
        assertEquals(1000, uncorrected.samples());
        assertTrue(uncorrected.max() < 3_000, "from send, the stall is invisible: " + uncorrected);
        assertTrue(corrected.max() >= 10_000_000, "from the schedule, the signal due at the stall waited 10 ms: " + corrected);
        assertTrue(corrected.p95() > 1_000_000, "the 100 signals due during the stall (10%) are all late: " + corrected);
        assertTrue(corrected.p50() < 3_000, "signals sent on time are unaffected: " + corrected);
    }

    @Test
    void signalsSeenTogetherAreEachRecordedFromTheirOwnSendTime() {
        Schedule schedule = new Schedule(1_000, INTERVAL);
        WakeupRecorder recorder = new WakeupRecorder(schedule, 1);
        for (long k = 1; k <= 3; k++) {
            recorder.sent(k, schedule.intendedAt(k));
        }
        recorder.observed(0, 3, schedule.intendedAt(3) + WAKE); // one wake-up sees all three

        assertEquals(3, recorder.fromSchedule().getTotalCount());
        assertEquals(2 * INTERVAL + WAKE, recorder.fromSchedule().getMaxValue(), 2 * INTERVAL / 1000);
        assertEquals(WAKE, recorder.fromSchedule().getMinValue(), WAKE / 1000);
        assertEquals(3, recorder.seen());
    }

    @Test
    void warmUpSignalsAreSeenButNotRecorded() {
        Schedule schedule = new Schedule(0, INTERVAL);
        WakeupRecorder recorder = new WakeupRecorder(schedule, 11);
        for (long k = 1; k <= 20; k++) {
            recorder.sent(k, schedule.intendedAt(k));
            recorder.observed(k - 1, k, schedule.intendedAt(k) + WAKE);
        }
        assertEquals(10, recorder.fromSchedule().getTotalCount());
        assertEquals(10, recorder.fromSend().getTotalCount());
        assertEquals(20, recorder.seen());
    }
}
