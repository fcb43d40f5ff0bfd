package io.jremix.agent.doctor;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;

/** What the doctor asks the running JVM; tests describe a JVM of their choice. */
interface JvmFacts {
    int availableProcessors();

    /** The value of a {@code -XX} flag, empty if this JVM has no such flag. */
    Optional<String> vmOption(String name);

    /** The names of the garbage collector's memory managers, e.g. "G1 Young Generation". */
    List<String> collectors();

    /** The JVM the doctor runs in: the same {@code java}, with its default options, that bin/jremix starts. */
    static JvmFacts current() {
        return new JvmFacts() {
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
            public List<String> collectors() {
                return ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName)
                        .toList();
            }
        };
    }
}
