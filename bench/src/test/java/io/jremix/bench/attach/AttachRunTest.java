package io.jremix.bench.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class AttachRunTest {
    @Test
    void metaspaceInUseIsReadFromVmMetaspace() {
        String metaspace = """
                12345:

                Total Usage - 15 loaders, 776 classes (721 shared):
                  Non-Class:   19 chunks,      4.06 MB capacity,  382.00 KB (  9%) committed,   362.04 KB (  9%) used,    19.96 KB ( <1%) free,     0 bytes (  0%) waste
                      Class:   17 chunks,    276.00 KB capacity,   84.00 KB ( 30%) committed,    30.07 KB ( 11%) used,    53.93 KB ( 20%) free,     0 bytes (  0%) waste
                       Both:   36 chunks,      4.33 MB capacity,  466.00 KB ( 11%) committed,   392.11 KB (  9%) used,    73.89 KB (  2%) free,     0 bytes (  0%) waste

                Virtual space:
                       Both:  reserved:       1.06 GB,     committed:    4.50 MB (  1%) used
                """;
        assertEquals(392, AttachRun.metaspaceUsedKb(metaspace));
        assertEquals(7782, AttachRun.metaspaceUsedKb(metaspace.replace("392.11 KB (  9%) used", "7.60 MB ( 40%) used")));
        assertEquals(-1, AttachRun.metaspaceUsedKb("12345:\nno such process\n"));
    }

    @Test
    void javaThreadsAreReadFromAThreadDumpOfJdk17Or25() {
        String dump = """
                "main" #1 prio=5 os_prio=0 cpu=90.49ms elapsed=1.27s tid=0x00007f593402a880 nid=0x1 waiting on condition
                "JFR Recorder Thread" #44 [12015] daemon prio=5 os_prio=0 cpu=8.51ms elapsed=17.71s tid=0x01
                "JFR Sampler Thread" os_prio=0 cpu=52.99ms elapsed=15.55s tid=0x00007f173c008420 nid=12140 runnable
                "a "quoted" name" #12 daemon prio=5 os_prio=0 cpu=0.1ms elapsed=1s tid=0x02 nid=0x3 runnable
                   java.lang.Thread.State: RUNNABLE
                """;
        assertEquals(List.of("JFR Recorder Thread", "a \"quoted\" name", "main"), AttachChurn.javaThreads(dump));
    }

    @Test
    void throughputIsRequestsOverTheServicesOwnClockAndOverItsCpuTime() {
        AttachRun.Phase p = new AttachRun.Phase("before", new ServiceUnderTest.Progress(1000, 100, 2.0),
                new ServiceUnderTest.Progress(3000, 20100, 6.0));
        assertEquals(10_000, p.perSecond());
        assertEquals(5_000, p.perCpuSecond());
    }

    @Test
    void aPhaseIsWithinNoiseWhenItsRatioFallsWithinTheSpreadOfTheBeforeSlices() {
        // before: 4 slices of 1 s at 90, 110, 100, 100 requests/s (100/s over the whole phase), 1 CPU-second each
        AttachRun.Phase before = new AttachRun.Phase("before", List.of(progress(0, 0, 0), progress(1000, 90, 1),
                progress(2000, 200, 2), progress(3000, 300, 3), progress(4000, 400, 4)));
        assertEquals(List.of(90.0, 110.0, 100.0, 100.0), before.slices(AttachRun.Phase::perSecond));
        AttachRun.Result r = new AttachRun.Result(List.of(before, phase(105), phase(80)), List.of(), true, 1, 1, 0,
                "exit 0");
        assertEquals(new AttachTable.Spread(0.9, 1.1), AttachTable.WALL.spread(r));
        assertTrue(AttachTable.WALL.withinNoise(r, 1), "1.05 of before, within 0.9-1.1");
        assertFalse(AttachTable.WALL.withinNoise(r, 2), "0.8 of before, outside");
    }

    @Test
    void theNeverAttachedServiceComparesItsPhasesToItsOwnBefore() {
        AttachRun.Phase before = phase(100);
        List<AttachRun.Phase> control = List.of(before, phase(120), phase(90));
        assertEquals(1.2, AttachTable.WALL.ratio(control, 1), 1e-9);
        assertEquals(0.9, AttachTable.WALL.ratio(control, 2), 1e-9);
        assertEquals(4000, before.millis());
    }

    private static ServiceUnderTest.Progress progress(long millis, long requests, double cpuSeconds) {
        return new ServiceUnderTest.Progress(millis, requests, cpuSeconds);
    }

    /** A phase of 4 s at this many requests per second. */
    private static AttachRun.Phase phase(long perSecond) {
        return new AttachRun.Phase("after", progress(10_000, 0, 10), progress(14_000, 4 * perSecond, 14));
    }
}
