package io.jremix.core.jvm;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;

/**
 * What jremix needs to know about a JVM: its version, its collector, how it compresses references and whether it
 * restricts {@code @Contended}. The one description: the agent reads it of the JVM it runs in (whether detection can
 * work, whether repair can pad), and {@code bin/jremix doctor} of the java bin/jremix starts; tests describe a JVM
 * of their choice by implementing the three facts it is read from.
 */
public interface JvmDescription {
    /** The JVM this code runs in. */
    static JvmDescription current() {
        return new JvmDescription() {
            @Override
            public int availableProcessors() {
                return Runtime.getRuntime().availableProcessors();
            }

            @Override
            public Optional<String> vmOption(String name) {
                try {
                    HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
                    return hotspot == null ? Optional.empty() : Optional.of(hotspot.getVMOption(name)).map(VMOption::getValue);
                } catch (IllegalArgumentException e) {
                    return Optional.empty();
                }
            }

            @Override
            public List<String> collectorNames() {
                return ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName)
                        .toList();
            }
        };
    }

    int availableProcessors();

    /** The value of a {@code -XX} flag, empty if this JVM has no such flag (not HotSpot, or another version). */
    Optional<String> vmOption(String name);

    /** The names of the garbage collector's memory managers, e.g. "G1 Young Generation". */
    List<String> collectorNames();

    /** The feature version of the JVM: 17, 21, 25. */
    default int feature() {
        return Runtime.version().feature();
    }

    /** The collector's common name (G1, Parallel, Serial, ZGC, Shenandoah, Epsilon), else its managers' names. */
    default String collector() {
        String managers = String.join(", ", collectorNames());
        for (String[] known : new String[][] {{"G1", "G1"}, {"ZGC", "ZGC"}, {"Shenandoah", "Shenandoah"},
            {"PS ", "Parallel"}, {"Copy", "Serial"}, {"Epsilon", "Epsilon"}}) {
            if (managers.contains(known[0])) {
                return known[1];
            }
        }
        return managers.isEmpty() ? "unknown" : managers;
    }

    /**
     * Whether the collector moves objects while threads run: then sampled addresses cannot be compared, and cache
     * detection is off. The others move objects only in pauses, which jremix notices.
     */
    default boolean movesObjectsConcurrently() {
        String gc = collector();
        return gc.equals("ZGC") || gc.equals("Shenandoah");
    }

    /** Whether {@code @Contended} is ignored outside the JDK ({@code RestrictContended}); empty if not HotSpot. */
    default Optional<Boolean> contendedRestricted() {
        return vmOption("RestrictContended").map("true"::equals);
    }

    /**
     * The bytes HotSpot puts before each {@code @Contended} group and after the last one
     * ({@code ContendedPaddingWidth}); empty if this JVM has no such flag.
     */
    default Optional<Integer> contendedPaddingWidth() {
        return vmOption("ContendedPaddingWidth").map(Integer::valueOf);
    }

    /** Whether references are compressed ({@code UseCompressedOops}); empty if this JVM has no such flag. */
    default Optional<Boolean> compressedOops() {
        return vmOption("UseCompressedOops").map("true"::equals);
    }
}
