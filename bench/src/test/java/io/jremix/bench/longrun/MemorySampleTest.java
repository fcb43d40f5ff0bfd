package io.jremix.bench.longrun;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemorySampleTest {
    @Test
    void histogramGivesTheLiveHeapAndJremixObjects() {
        String jcmd = """
                12345:
                 num     #instances         #bytes  class name (module)
                -------------------------------------------------------
                   1:         20000        1600000  [B (java.base@17.0.15)
                   2:           300          24000  io.jremix.agent.park.BlockerRecord
                   3:            10            160  io.jremix.probe.cache.EventBuffer
                   4:             5            120  com.example.io.jremix.NotOurs
                   5:             2             48  io.jremix.workloads.cache.LiveService$Tally
                Total         20317        1624328
                """;
        assertArrayEquals(new long[] {1624328, 310, 24160}, MemorySample.histogram(jcmd));
        assertEquals(10, MemorySample.instances(jcmd, "io.jremix.probe.cache.EventBuffer"));
        assertEquals(0, MemorySample.instances(jcmd, "io.jremix.probe.cache.CacheSite"));
    }

    @Test
    void noTotalLineIsNoSample() {
        assertNull(MemorySample.histogram("12345:\ncom.sun.tools.attach.AttachNotSupportedException: gone\n"));
    }

    @Test
    void ownResidentSetIsRead() {
        long kb = MemorySample.rssKb(ProcessHandle.current().pid());
        assertTrue(kb > 1024, kb + " KB");
        assertEquals(-1, MemorySample.rssKb(Long.MAX_VALUE));
    }

    @Test
    void firstAndLastPartsOfARun() {
        List<MemorySample> s = List.of(new MemorySample(60, 100, 1, 0, 0), new MemorySample(120, 90, 1, 0, 0),
                new MemorySample(540, 300, 1, 0, 0), new MemorySample(600, 120, 1, 0, 0));
        assertArrayEquals(new long[] {100, 300}, LongRunTable.firstAndLast(s, 180, 600, MemorySample::rssKb));
    }
}
