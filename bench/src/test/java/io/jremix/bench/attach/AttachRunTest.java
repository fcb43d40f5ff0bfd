package io.jremix.bench.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class AttachRunTest {
    @Test
    void metaspaceInUseIsReadFromHeapInfo() {
        String heapInfo = """
                12345:
                 garbage-first heap   total 262144K, used 5120K [0x00000000f0000000, 0x0000000100000000)
                  region size 1024K, 3 young (3072K), 0 survivors (0K)
                 Metaspace       used 7925K, committed 8128K, reserved 1114112K
                  class space    used 812K, committed 896K, reserved 1048576K
                """;
        assertEquals(7925, AttachRun.metaspaceUsedKb(heapInfo));
        assertEquals(-1, AttachRun.metaspaceUsedKb("12345:\nno such process\n"));
    }

    @Test
    void throughputIsRequestsOverTheServicesOwnClockAndOverItsCpuTime() {
        AttachRun.Phase p = new AttachRun.Phase("before", new ServiceUnderTest.Progress(1000, 100, 2.0),
                new ServiceUnderTest.Progress(3000, 20100, 6.0));
        assertEquals(10_000, p.perSecond());
        assertEquals(5_000, p.perCpuSecond());
    }
}
