package io.jremix.e2e.cache.repair;

import java.util.HashMap;
import java.util.Map;

import org.openjdk.jol.info.ClassLayout;

/**
 * The layouts {@link LayoutPrinter} printed: instance size, field offsets and, for a class that is not abstract, the
 * bytes an instance was allocated (-1 if not printed) per class.
 */
record Layout(long size, Map<String, long[]> fields, long allocated) {

    static Map<String, Layout> parse(String stdout) {
        Map<String, Long> sizes = new HashMap<>();
        Map<String, Long> allocated = new HashMap<>();
        Map<String, Map<String, long[]>> fields = new HashMap<>();
        stdout.lines().filter(l -> l.startsWith("layout ")).map(l -> l.split(" ")).forEach(p -> {
            if (p[2].equals("size")) {
                sizes.put(p[1], Long.parseLong(p[3]));
            } else if (p[2].equals("allocated")) {
                allocated.put(p[1], Long.parseLong(p[3]));
            } else {
                fields.computeIfAbsent(p[1], k -> new HashMap<>())
                        .put(p[3], new long[] {Long.parseLong(p[4]), Long.parseLong(p[5])});
            }
        });
        Map<String, Layout> out = new HashMap<>();
        sizes.forEach((c, s) -> out.put(c, new Layout(s, fields.getOrDefault(c, Map.of()), allocated.getOrDefault(c, -1L))));
        return out;
    }

    /** The layout of {@code c} as JOL reads it in this JVM, which pads nothing; no allocated size (-1). */
    static Layout of(Class<?> c) {
        ClassLayout layout = ClassLayout.parseClass(c);
        Map<String, long[]> fields = new HashMap<>();
        layout.fields().forEach(f -> fields.put(f.name(), new long[] {f.offset(), f.size()}));
        return new Layout(layout.instanceSize(), fields, -1);
    }

    long offset(String field) {
        long[] f = fields.get(field);
        if (f == null) {
            throw new AssertionError("no field " + field + " in " + fields.keySet());
        }
        return f[0];
    }

    /** Bytes from the field to the object's start and from its end to the object's end, whichever is less. */
    long distanceToNeighbours(String field) {
        long[] f = fields.get(field);
        return Math.min(f[0], size - (f[0] + f[1]));
    }
}
