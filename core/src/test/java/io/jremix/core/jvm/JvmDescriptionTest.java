package io.jremix.core.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class JvmDescriptionTest {
    private static JvmDescription jvm(Map<String, String> options, String... managers) {
        return new JvmDescription() {
            @Override
            public int availableProcessors() {
                return 2;
            }

            @Override
            public Optional<String> vmOption(String name) {
                return Optional.ofNullable(options.get(name));
            }

            @Override
            public List<String> collectorNames() {
                return List.of(managers);
            }
        };
    }

    @Test
    void collectorsByTheirCommonNames() {
        assertEquals("G1", jvm(Map.of(), "G1 Young Generation", "G1 Old Generation").collector());
        assertEquals("Parallel", jvm(Map.of(), "PS MarkSweep", "PS Scavenge").collector());
        assertEquals("Serial", jvm(Map.of(), "Copy", "MarkSweepCompact").collector());
        assertEquals("ZGC", jvm(Map.of(), "ZGC Minor Cycles", "ZGC Major Pauses").collector());
        assertEquals("Mystery GC", jvm(Map.of(), "Mystery GC").collector());
        assertEquals("unknown", jvm(Map.of()).collector());
    }

    @Test
    void onlyConcurrentlyMovingCollectorsStopDetection() {
        assertTrue(jvm(Map.of(), "ZGC Cycles").movesObjectsConcurrently());
        assertTrue(jvm(Map.of(), "Shenandoah Cycles").movesObjectsConcurrently());
        assertFalse(jvm(Map.of(), "G1 Young Generation").movesObjectsConcurrently());
        assertFalse(jvm(Map.of(), "Copy").movesObjectsConcurrently());
    }

    @Test
    void flagsAreReadWhenTheJvmHasThem() {
        JvmDescription hotspot = jvm(Map.of("RestrictContended", "true", "UseCompressedOops", "false"));
        assertEquals(Optional.of(true), hotspot.contendedRestricted());
        assertEquals(Optional.of(false), hotspot.compressedOops());
        assertEquals(Optional.empty(), jvm(Map.of()).contendedRestricted());
    }

    @Test
    void theCurrentJvmIsDescribed() {
        JvmDescription current = JvmDescription.current();
        assertEquals(Runtime.version().feature(), current.feature());
        assertFalse(current.collectorNames().isEmpty());
        assertTrue(current.contendedRestricted().isPresent(), "HotSpot has RestrictContended");
    }
}
