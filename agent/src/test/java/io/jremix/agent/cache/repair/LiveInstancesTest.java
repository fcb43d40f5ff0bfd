package io.jremix.agent.cache.repair;

import java.lang.ref.Reference;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LiveInstancesTest {
    /** A histogram as JDK 17 prints it, with one class in two loaders, padded in one of them. */
    @Test
    void readsInstancesByClassAndInstanceSize() {
        String histogram = """
                 num     #instances         #bytes  class name (module)
                -------------------------------------------------------
                   1:         12345        1234560  [B (java.base@17.0.15)
                   2:          1000         288000  a.Queue
                   3:             2             48  a.Queue
                   4:             7            168  java.util.concurrent.atomic.AtomicReference (java.base@17.0.15)
                Total         13354        1522776
                """;
        Map<LiveInstances.Sized, Long> counts = LiveInstances.parse(histogram);
        assertEquals(1000L, counts.get(new LiveInstances.Sized("a.Queue", 288)));
        assertEquals(2L, counts.get(new LiveInstances.Sized("a.Queue", 24)));
        assertEquals(7L, counts.get(new LiveInstances.Sized("java.util.concurrent.atomic.AtomicReference", 24)));
        assertEquals(4, counts.size(), counts.toString());
    }

    /** The real histogram of this JVM holds this test's own live instance. */
    @Test
    void countsTheLiveInstancesOfThisJvm() throws Exception {
        Object kept = new LiveInstancesTest();
        long live = LiveInstances.count().entrySet().stream()
                .filter(e -> e.getKey().className().equals(LiveInstancesTest.class.getName()))
                .mapToLong(Map.Entry::getValue).sum();
        Reference.reachabilityFence(kept);
        assertTrue(live >= 1, "live instances of the test class: " + live);
    }
}
