package io.jremix.agent.cache;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.jremix.core.cache.Datum;
import io.jremix.probe.cache.HeapAddresses;
import io.jremix.report.cache.ObjectLayout;

/**
 * Names what lives at an offset of an object: the field layout of a class as the JVM chose it (read through
 * Unsafe field offsets, superclass fields included), the static fields in a class mirror, or an array element.
 *
 * <p>A layout is the JVM's, so each is read once per JVM, whichever detection asks: a cache per detection would
 * leave its entries in the classes' {@link ClassValue} maps once it is gone, and an attached detection, started
 * again and again, would add its own each time.
 */
public final class FieldLayouts {
    /** Object alignment: objects take a multiple of it (HotSpot's default ObjectAlignmentInBytes). */
    private static final int ALIGNMENT = 8;
    private static final int HEADER = HeapAddresses.headerSize();
    private static final Map<String, Layout> BY_NAME = new ConcurrentHashMap<>();
    private static final ClassValue<ArrayLayout> ARRAYS = new ClassValue<>() {
        @Override
        protected ArrayLayout computeValue(Class<?> arrayType) {
            return new ArrayLayout(arrayType);
        }
    };
    private static final ClassValue<Layout> LAYOUTS = new ClassValue<>() {
        @Override
        protected Layout computeValue(Class<?> type) {
            Layout layout = new Layout(type);
            BY_NAME.put(type.getName(), layout);
            return layout;
        }
    };

    /**
     * The layout of a class whose fields were looked up, for the report, or {@code null}.
     */
    ObjectLayout describe(String className) {
        Layout layout = BY_NAME.get(className);
        return layout == null ? null : describe(layout);
    }

    /** The layout of {@code type} as the JVM chose it (a repaired class's, to show it padded). */
    public static ObjectLayout of(Class<?> type) {
        return describe(new Layout(type));
    }

    private static ObjectLayout describe(Layout layout) {
        List<ObjectLayout.Field> fields = new ArrayList<>();
        for (Slot s : layout.instance) {
            Datum d = s.datum;
            fields.add(new ObjectLayout.Field(d.member(), s.type, d.offset(), d.size()));
        }
        return new ObjectLayout(HEADER, layout.size, fields);
    }

    /** Bytes an instance of {@code type} takes, header and alignment included. */
    int instanceSize(Class<?> type) {
        return LAYOUTS.get(type).size;
    }

    /** The instance field named by a field instruction ({@code owner.name}) in an object of class {@code type}. */
    Datum instanceField(Class<?> type, String owner, String name) {
        return LAYOUTS.get(type).named(owner, name);
    }

    /** The instance field at {@code offset} of an object of class {@code type}, or an unnamed slot. */
    Datum instanceAt(Class<?> type, int offset, int size) {
        return LAYOUTS.get(type).at(LAYOUTS.get(type).instance, offset, size, Datum.Kind.FIELD);
    }

    /** The static field of {@code holder} at {@code offset} in its mirror, or an unnamed slot. */
    Datum staticAt(Class<?> holder, int offset, int size) {
        return LAYOUTS.get(holder).at(LAYOUTS.get(holder).statics, offset, size, Datum.Kind.STATIC);
    }

    /** The element of an array of type {@code arrayType} at byte {@code offset}. */
    Datum element(Class<?> arrayType, int offset) {
        return ARRAYS.get(arrayType).element(offset);
    }

    /**
     * An array type's name and element layout, looked up once: the collector names every sampled element. The
     * elements named last are kept by index, {@value #KEPT_ELEMENTS} at most, so that the counters a program's
     * threads keep coming back to are not named anew (allocated in the program's heap) at every sample.
     */
    private static final class ArrayLayout {
        private static final int KEPT_ELEMENTS = 256;
        private final String typeName;
        private final int base;
        private final int scale;
        /** Element {@code i} at {@code i % KEPT_ELEMENTS}, if it was the last of those indices named. */
        private final Datum[] kept = new Datum[KEPT_ELEMENTS];

        ArrayLayout(Class<?> arrayType) {
            typeName = arrayType.getTypeName();
            base = HeapAddresses.arrayBaseOffset(arrayType);
            scale = HeapAddresses.sizeOf(arrayType.getComponentType());
        }

        Datum element(int offset) {
            int index = (offset - base) / scale;
            int slot = Math.floorMod(index, KEPT_ELEMENTS);
            Datum d = kept[slot];
            if (d == null || d.index() != index || d.offset() != offset) {
                d = Datum.element(typeName, index, offset, scale);
                kept[slot] = d;
            }
            return d;
        }
    }

    /** The fields of one class: in hierarchy order (most derived first) for lookups by name, and by offset. */
    private static final class Layout {
        final String className;
        final List<Slot> hierarchy = new ArrayList<>();
        final List<Slot> instance;
        final List<Slot> statics = new ArrayList<>();
        /** Bytes an instance takes: past its last field, aligned. */
        final int size;
        /** The header's datum as last named: interface calls read it at every sampled call. */
        private Datum header;

        Layout(Class<?> type) {
            className = type.getName();
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                String owner = c.getName().replace('.', '/');
                for (Field f : c.getDeclaredFields()) {
                    int size = HeapAddresses.sizeOf(f.getType());
                    if (!Modifier.isStatic(f.getModifiers())) {
                        int offset = (int) HeapAddresses.objectFieldOffset(f);
                        hierarchy.add(new Slot(owner, f.getName(), f.getType().getSimpleName(),
                                Datum.field(c.getName(), f.getName(), offset, size)));
                    } else if (c == type) {
                        int offset = (int) HeapAddresses.staticFieldOffset(f);
                        statics.add(new Slot(owner, f.getName(), f.getType().getSimpleName(),
                                Datum.staticField(c.getName(), f.getName(), offset, size)));
                    }
                }
            }
            instance = new ArrayList<>(hierarchy);
            instance.sort(Comparator.comparingInt(s -> s.datum.offset()));
            statics.sort(Comparator.comparingInt(s -> s.datum.offset()));
            int end = instance.stream().mapToInt(s -> s.datum.offset() + s.datum.size()).max().orElse(HEADER);
            size = (Math.max(end, HEADER) + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
        }

        /**
         * Field resolution as the JVM does it: from the class the instruction names, up its superclasses. Called for
         * every sampled access a probe names by its site, hence indexed loops: no stream, no iterator.
         */
        Datum named(String owner, String name) {
            boolean ownerSeen = true;
            for (int i = 0; i < hierarchy.size(); i++) {
                ownerSeen &= !hierarchy.get(i).owner.equals(owner);
            }
            for (int i = 0; i < hierarchy.size(); i++) {
                Slot s = hierarchy.get(i);
                ownerSeen |= s.owner.equals(owner);
                if (ownerSeen && s.name.equals(name)) {
                    return s.datum;
                }
            }
            return null;
        }

        Datum at(List<Slot> slots, int offset, int size, Datum.Kind kind) {
            if (kind == Datum.Kind.FIELD && offset < HEADER) {
                Datum h = header;
                if (h == null || h.offset() != offset || h.size() != size) { // the class word, at one place per JVM
                    h = Datum.field(className, Datum.HEADER, offset, size);
                    header = h;
                }
                return h;
            }
            for (int i = 0; i < slots.size(); i++) {
                Datum d = slots.get(i).datum;
                if (offset >= d.offset() && offset < d.offset() + d.size()) {
                    return d;
                }
            }
            return new Datum(className, "@" + offset, offset, size, kind, -1);
        }
    }

    private record Slot(String owner, String name, String type, Datum datum) {
    }
}
