package io.jremix.agent.cache;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.jremix.core.cache.Datum;
import io.jremix.probe.HeapAddresses;

/**
 * Names what lives at an offset of an object: the field layout of a class as the JVM chose it (read through
 * Unsafe field offsets, superclass fields included), the static fields in a class mirror, or an array element.
 */
final class FieldLayouts {
    private final ClassValue<Layout> layouts = new ClassValue<>() {
        @Override
        protected Layout computeValue(Class<?> type) {
            return new Layout(type);
        }
    };

    /** The instance field named by a field instruction ({@code owner.name}) in an object of class {@code type}. */
    Datum instanceField(Class<?> type, String owner, String name) {
        return layouts.get(type).named(owner, name);
    }

    /** The instance field at {@code offset} of an object of class {@code type}, or an unnamed slot. */
    Datum instanceAt(Class<?> type, int offset, int size) {
        return layouts.get(type).at(layouts.get(type).instance, offset, size, Datum.Kind.FIELD);
    }

    /** The static field of {@code holder} at {@code offset} in its mirror, or an unnamed slot. */
    Datum staticAt(Class<?> holder, int offset, int size) {
        return layouts.get(holder).at(layouts.get(holder).statics, offset, size, Datum.Kind.STATIC);
    }

    /** The element of an array of type {@code arrayType} at byte {@code offset}. */
    Datum element(Class<?> arrayType, int offset) {
        int base = HeapAddresses.arrayBaseOffset(arrayType);
        int scale = HeapAddresses.sizeOf(arrayType.getComponentType());
        return Datum.element(arrayType.getTypeName(), (offset - base) / scale, offset, scale);
    }

    /** The fields of one class: in hierarchy order (most derived first) for lookups by name, and by offset. */
    private static final class Layout {
        final String className;
        final List<Slot> hierarchy = new ArrayList<>();
        final List<Slot> instance;
        final List<Slot> statics = new ArrayList<>();

        Layout(Class<?> type) {
            className = type.getName();
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                String owner = c.getName().replace('.', '/');
                for (Field f : c.getDeclaredFields()) {
                    int size = HeapAddresses.sizeOf(f.getType());
                    if (!Modifier.isStatic(f.getModifiers())) {
                        int offset = (int) HeapAddresses.objectFieldOffset(f);
                        hierarchy.add(new Slot(owner, f.getName(), Datum.field(c.getName(), f.getName(), offset, size)));
                    } else if (c == type) {
                        int offset = (int) HeapAddresses.staticFieldOffset(f);
                        statics.add(new Slot(owner, f.getName(), Datum.staticField(c.getName(), f.getName(), offset, size)));
                    }
                }
            }
            instance = new ArrayList<>(hierarchy);
            instance.sort(Comparator.comparingInt(s -> s.datum.offset()));
            statics.sort(Comparator.comparingInt(s -> s.datum.offset()));
        }

        /** Field resolution as the JVM does it: from the class the instruction names, up its superclasses. */
        Datum named(String owner, String name) {
            boolean ownerSeen = hierarchy.stream().noneMatch(s -> s.owner.equals(owner));
            for (Slot s : hierarchy) {
                ownerSeen |= s.owner.equals(owner);
                if (ownerSeen && s.name.equals(name)) {
                    return s.datum;
                }
            }
            return null;
        }

        Datum at(List<Slot> slots, int offset, int size, Datum.Kind kind) {
            for (Slot s : slots) {
                Datum d = s.datum;
                if (offset >= d.offset() && offset < d.offset() + d.size()) {
                    return d;
                }
            }
            return new Datum(className, "@" + offset, offset, size, kind, -1);
        }
    }

    private record Slot(String owner, String name, Datum datum) {
    }
}
