package io.jremix.cli.command.doctor;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.jremix.core.jvm.JvmDescription;

/**
 * The JVM's side, for the {@code java} bin/jremix starts with its default options: whether {@code @Contended} works
 * outside the JDK (repair), which collector runs (detection needs objects that move only in pauses), and how
 * references are compressed (how jremix decodes addresses).
 */
final class JvmChecks {
    private static final long GB = 1L << 30;
    /** Heaps ending below 4 GB store references unscaled (shift 0); HotSpot places the heap from this address. */
    private static final long DEFAULT_HEAP_BASE = 2 * GB;

    private final JvmDescription jvm;

    JvmChecks(JvmDescription jvm) {
        this.jvm = jvm;
    }

    List<Check> all() {
        return List.of(contended(), gc(), compressedOops());
    }

    Check contended() {
        String name = "@Contended";
        Optional<Boolean> restricted = jvm.contendedRestricted();
        if (restricted.isEmpty()) {
            return Check.warn(name, "unknown: this JVM has no RestrictContended flag (not HotSpot?)", "repair may not be"
                    + " able to pad classes; detection works", "use a HotSpot JDK (17 or newer) to repair with -remix");
        }
        int width = jvm.vmOption("ContendedPaddingWidth").flatMap(JvmChecks::number).map(Long::intValue).orElse(128);
        String value = (restricted.get() ? "restricted (RestrictContended=true)"
                : "unrestricted (RestrictContended=false)") + ", padding " + width + " bytes";
        if (width < 128) {
            return Check.warn(name, value, "less than two 64-byte lines: the adjacent-line prefetcher can still pair"
                    + " padded fields", "run with -XX:ContendedPaddingWidth=128 (the default)");
        }
        if (restricted.get()) {
            return Check.info(name, value, "the JVM ignores @Contended outside the JDK unless started with"
                    + " -XX:-RestrictContended: bin/jremix adds it for -remix and -XX:REMIXProfile runs",
                    "when you start java with the agent yourself, add -XX:-RestrictContended to repair");
        }
        return Check.ok(name, value, "repair can pad classes when they load", Check.NOTHING);
    }

    Check gc() {
        String name = "GC";
        String joined = String.join(", ", jvm.collectorNames());
        String gc = jvm.collector();
        String value = gc + (gc.equals(joined) ? "" : " (" + joined + ")") + ", this java's default";
        if (jvm.movesObjectsConcurrently()) {
            return Check.warn(name, value, "it moves objects while threads run, so jremix switches detection off under"
                    + " it", "detect with -XX:+UseG1GC, -XX:+UseParallelGC or -XX:+UseSerialGC");
        }
        return Check.ok(name, value, "objects move only in pauses, which jremix notices and never compares addresses"
                + " across", Check.NOTHING);
    }

    Check compressedOops() {
        String name = "compressed oops";
        Optional<Boolean> compressed = jvm.compressedOops();
        if (compressed.isEmpty()) {
            return Check.info(name, "unknown: this JVM has no UseCompressedOops flag", "jremix measures how references"
                    + " are stored when it starts", Check.NOTHING);
        }
        if (!compressed.get()) {
            return Check.info(name, "off: 8-byte references", "objects are larger, so fewer share a line; jremix reads"
                    + " full addresses", Check.NOTHING);
        }
        long alignment = jvm.vmOption("ObjectAlignmentInBytes").flatMap(JvmChecks::number).orElse(8L);
        int shift = Long.numberOfTrailingZeros(alignment);
        Optional<Long> maxHeap = jvm.vmOption("MaxHeapSize").flatMap(JvmChecks::number);
        String expected = maxHeap.map(max -> {
            String heap = String.format(Locale.ROOT, "max heap %.1f GB", (double) max / GB);
            if (max + DEFAULT_HEAP_BASE <= 4 * GB) {
                return "shift 0 expected (unscaled, " + heap + ")";
            }
            return "shift " + shift + " expected (" + (max <= (4 * GB) << shift ? "zero-based" : "heap-based") + ", "
                    + heap + ")";
        }).orElse("shift up to " + shift);
        return Check.ok(name, "on, ObjectAlignmentInBytes " + alignment + ": " + expected, "jremix measures the shift"
                + " when it starts and decodes addresses with it: every mode works", Check.NOTHING);
    }

    private static Optional<Long> number(String s) {
        try {
            return Optional.of(Long.parseLong(s.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
