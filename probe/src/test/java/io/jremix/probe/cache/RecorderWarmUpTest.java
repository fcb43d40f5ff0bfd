package io.jremix.probe.cache;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The warm-up records through every entry point, and its records go nowhere the agent reads; it leaves the thread and
 * the bursts as it found them.
 */
@ExtendWith(OpenGate.class) // the warm-up and the recording paths record only while the gate is open
class RecorderWarmUpTest {
    /**
     * Each kind of site, read and written, and each shape of VarHandle, reaches the warm-up's ring: a record that
     * failed on its way (a static field not found, a handle of a shape not known) would leave that way uncompiled,
     * and the program's first sample of it would run in the interpreter. The warm-up runs once: its sites leave the
     * table when it is done, and the heap holds no CacheSite of it.
     */
    @Test
    void everyEntryPointRecords() {
        int lastSiteBefore = CacheSites.register(new CacheSite(CacheSite.Kind.FIELD, false, 8, "A", "a", "A", "A"));
        Set<String> recorded = new TreeSet<>();
        Set<Integer> sites = new TreeSet<>();
        RecorderWarmUp.run((thread, time, address, offset, meta, type, site, epoch, caller) -> {
            if (site > lastSiteBefore) {
                CacheSite s = CacheSites.get(site);
                recorded.add(access(s.kind(), s.write(), EventMeta.location(meta)));
                sites.add(site);
            }
        });
        for (int site : sites) {
            assertNull(CacheSites.get(site), "site " + site + " released");
        }

        Set<String> expected = new TreeSet<>(Set.of(access(CacheSite.Kind.HEADER, false, EventMeta.FIELD)));
        for (boolean write : new boolean[] {false, true}) {
            expected.add(access(CacheSite.Kind.FIELD, write, EventMeta.FIELD));
            expected.add(access(CacheSite.Kind.STATIC, write, EventMeta.STATIC));
            expected.add(access(CacheSite.Kind.ELEMENT, write, EventMeta.ELEMENT));
            expected.add(access(CacheSite.Kind.UNSAFE, write, EventMeta.FIELD));
            for (int location : new int[] {EventMeta.FIELD, EventMeta.STATIC, EventMeta.ELEMENT}) {
                expected.add(access(CacheSite.Kind.VARHANDLE, write, location));
            }
        }
        assertEquals(expected, recorded);
    }

    private static String access(CacheSite.Kind kind, boolean write, int location) {
        return kind + (write ? " write" : " read") + " at location " + location;
    }

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
            b.drain((thread, time, address, offset, meta, type, site, epoch, caller) -> {
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
