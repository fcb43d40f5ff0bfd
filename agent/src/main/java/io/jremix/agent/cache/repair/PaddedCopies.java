package io.jremix.agent.cache.repair;

import java.lang.instrument.Instrumentation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.management.JMException;

import io.jremix.agent.cache.collect.FieldLayouts;
import io.jremix.agent.feature.ModuleAccess;
import io.jremix.core.jvm.JvmDescription;
import io.jremix.report.cache.ObjectLayout;

/**
 * The padded copies of classes loaded in the JVM, for what padding cost: the layout of one copy of each padded
 * class, with the bytes HotSpot allocates for an instance, and every loaded class that is one or extends one (padding
 * a class grows its subclasses too), whose live instances count towards it.
 */
final class PaddedCopies {
    /** The layout of a padded copy of each padded class, by name, its size as allocated. */
    private final Map<String, ObjectLayout> after = new HashMap<>();
    /** Each loaded class counted, by name. */
    private final Map<String, LoadedCopy> counted = new HashMap<>();

    /**
     * A loaded class counted towards {@code paddedClass}: its instances of at least {@code minBytes}, the bytes its
     * fields end at, more than an unpadded copy in another class loader takes.
     */
    private record LoadedCopy(String paddedClass, long minBytes) {
    }

    private PaddedCopies() {
    }

    /** The loaded copies of the classes named, as padded; none if the fields' offsets cannot be read. */
    static PaddedCopies of(Instrumentation inst, Set<String> paddedClasses) {
        PaddedCopies copies = new PaddedCopies();
        if (paddedClasses.isEmpty()) {
            return copies;
        }
        try {
            ModuleAccess.open(inst); // field offsets come through jdk.internal.misc.Unsafe, in a run that only pads too
        } catch (RuntimeException | LinkageError e) {
            return copies;
        }
        int width = JvmDescription.current().contendedPaddingWidth().orElse(0);
        for (Class<?> c : inst.getAllLoadedClasses()) {
            Class<?> padded = paddedAncestor(c, paddedClasses);
            if (padded != null) {
                try {
                    ObjectLayout layout = FieldLayouts.of(c);
                    copies.counted.putIfAbsent(c.getName(), new LoadedCopy(padded.getName(), layout.instanceBytes()));
                    if (c == padded) {
                        copies.after.putIfAbsent(c.getName(), new ObjectLayout(layout.headerBytes(),
                                align(fieldsEnd(layout) + width), layout.fields()));
                    }
                } catch (RuntimeException | LinkageError e) {
                    // the report goes without this class
                }
            }
        }
        return copies;
    }

    /** The layout of a padded copy of the class, or {@code null} if none is loaded. */
    ObjectLayout after(String className) {
        return after.get(className);
    }

    /**
     * The live instances of each padded class, its subclasses' included, from one class histogram (a full collection:
     * at exit only); none, and a note, if the histogram could not be taken.
     */
    Map<String, Long> liveInstances(List<String> notes) {
        Map<String, Long> live = new HashMap<>();
        if (counted.isEmpty()) {
            return live;
        }
        try {
            Map<LiveInstances.Sized, Long> histogram = LiveInstances.count();
            counted.values().forEach(c -> live.put(c.paddedClass(), 0L));
            histogram.forEach((sized, instances) -> {
                LoadedCopy c = counted.get(sized.className());
                if (c != null && sized.instanceBytes() >= c.minBytes()) {
                    live.merge(c.paddedClass(), instances, Long::sum);
                }
            });
        } catch (JMException | RuntimeException | LinkageError e) {
            notes.add("could not count the padded classes' live instances (" + e + ")");
        }
        return live;
    }

    /** Where the last field ends; HotSpot puts {@code ContendedPaddingWidth} bytes after it in a padded class. */
    private static int fieldsEnd(ObjectLayout layout) {
        return layout.fields().stream().mapToInt(f -> f.offset() + f.size()).max().orElse(layout.headerBytes());
    }

    /** Up to HotSpot's object alignment (8 bytes by default). */
    private static int align(int bytes) {
        return (bytes + 7) & ~7;
    }

    /** The padded class that {@code c} is or extends, as a padded copy; {@code null} if none. */
    private static Class<?> paddedAncestor(Class<?> c, Set<String> names) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (names.contains(k.getName()) && ContendedTransformer.padded(k)) {
                return k;
            }
        }
        return null;
    }
}
