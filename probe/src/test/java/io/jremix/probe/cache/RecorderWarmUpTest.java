package io.jremix.probe.cache;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The warm-up's records go nowhere the agent reads, and it leaves the thread and the bursts as it found them. */
class RecorderWarmUpTest {
    @Test
    void theWarmUpsRecordsReachNoBufferTheAgentDrains() throws InterruptedException {
        int lastSiteBefore = CacheSites.register(new CacheSite(CacheSite.Kind.FIELD, false, 8, "A", "a", "A", "A"));
        AtomicReference<EventBuffer> afterwards = new AtomicReference<>();
        Thread t = new Thread(() -> {
            RecorderWarmUp.run();
            EventBuffer b = EventBuffer.enter(); // traced as before: a ring the agent drains
            afterwards.set(b);
            b.exit();
        });
        t.start();
        t.join();

        long[] fromWarmUp = new long[1];
        for (EventBuffer b : EventBuffer.all()) {
            b.drain((thread, time, address, offset, meta, type, site, epoch) -> {
                if (site > lastSiteBefore) {
                    fromWarmUp[0]++;
                }
            });
        }
        assertEquals(0, fromWarmUp[0], "events of the warm-up's sites in the agent's buffers");
        assertEquals(1, EventBuffer.all().stream().filter(b -> b == afterwards.get()).count(),
                "the thread's own ring, listed");
        assertEquals(0, EventBuffer.all().stream().filter(b -> b.threadName().equals("jremix-recorder-warm-up"))
                .count(), "the warm-up's own threads are not traced");
        assertFalse(CacheProbe.burstOver(System.nanoTime()), "a deadline left behind would end the first burst");
        assertFalse(CacheProbe.inBurst());
    }
}
