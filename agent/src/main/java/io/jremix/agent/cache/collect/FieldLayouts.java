package io.jremix.agent.cache.collect;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.jremix.core.CodeOwner;
import io.jremix.core.cache.Datum;
import io.jremix.core.cache.repair.ClassOrigins;
import io.jremix.probe.cache.HeapAddresses;
import io.jremix.report.cache.ObjectLayout;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import io.jremix.agent.cache.instrument.ConstructorEscapes;

/**
 * Names what lives at an offset of an object: the field layout of a class as the JVM chose it (read through
 * Unsafe field offsets, superclass fields included), the static fields in a class mirror, or an array element.
 * A field is named under the class that declares it, but one that a JDK class declares in an object of the
 * program's is named under the object's class, as {@code AtomicReference.value} ({@link Datum#inherited}): the
 * probes see the object's class, and that class, not the JDK's, is the one to pad. It also tells the repair planner
 * which of the classes it names are the JDK's ({@link ClassOrigins}).
 *
 * <p>A layout is the JVM's, so each is read once per JVM, whichever detection asks: a cache per detection would
 * leave its entries in the classes' {@link ClassValue} maps once it is gone, and an attached detection, started
 * again and again, would add its own each time.
 */
public final class FieldLayouts implements ClassOrigins {
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
    public ObjectLayout describe(String className) {
        Layout layout = BY_NAME.get(className);
        return layout == null ? null : describe(layout);
    }

    @Override
    public boolean isJdk(String className) {
        Layout layout = BY_NAME.get(className);
        return layout != null && layout.jdk;
    }

    @Override
    public String declaringClass(String className, String field) {
        Layout layout = BY_NAME.get(className);
        if (layout != null) {
            for (Slot s : layout.hierarchy) {
                if (s.datum.member().equals(field)) {
                    return s.owner.replace('/', '.');
                }
            }
        }
        return className;
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
        final boolean jdk;
        final List<Slot> hierarchy = new ArrayList<>();
        final List<Slot> instance;
        final List<Slot> statics = new ArrayList<>();
        /** Bytes an instance takes: past its last field, aligned. */
        final int size;
        /** The header's datum as last named: interface calls read it at every sampled call. */
        private Datum header;

        Layout(Class<?> type) {
            className = type.getName();
            jdk = CodeOwner.isJdk(type);
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                String owner = c.getName().replace('.', '/');
                boolean jdkInProgram = !jdk && c != type && CodeOwner.isJdk(c);
                for (Declared f : declared(c)) {
                    if (!f.isStatic()) {
                        Datum d = jdkInProgram ? Datum.field(className, Datum.inherited(c.getName(), f.name()), f.offset(),
                                f.size()) : Datum.field(c.getName(), f.name(), f.offset(), f.size());
                        hierarchy.add(new Slot(owner, f.name(), f.type(), d));
                    } else if (c == type) {
                        statics.add(new Slot(owner, f.name(), f.type(),
                                Datum.staticField(c.getName(), f.name(), f.offset(), f.size())));
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

    /** A field {@code c} declares: its name, its type's simple name, its offset (in the mirror if static), size. */
    private record Declared(String name, String type, boolean isStatic, int offset, int size) {
    }

    /**
     * The fields {@code c} declares, by reflection; or, where reflection cannot list them because the type of one
     * cannot load (an optional library's, absent), from its class file, offsets by name: reflection loads every
     * field's type, and the layout of such a class was retried, and failed, at every sample of its objects.
     */
    private static List<Declared> declared(Class<?> c) {
        List<Declared> out = new ArrayList<>();
        try {
            for (Field f : c.getDeclaredFields()) {
                boolean isStatic = Modifier.isStatic(f.getModifiers());
                long offset = isStatic ? HeapAddresses.staticFieldOffset(f) : HeapAddresses.objectFieldOffset(f);
                out.add(new Declared(f.getName(), f.getType().getSimpleName(), isStatic, (int) offset,
                        HeapAddresses.sizeOf(f.getType())));
            }
            return out;
        } catch (LinkageError typeMissing) {
            out.clear();
        }
        byte[] classfile = ConstructorEscapes.read(c.getClassLoader(), c.getName().replace('.', '/'));
        if (classfile != null) {
            ClassNode cn = new ClassNode();
            new ClassReader(classfile).accept(cn, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG);
            for (FieldNode f : cn.fields) {
                Type t = Type.getType(f.desc);
                String name = t.getClassName();
                out.add(new Declared(f.name, name.substring(Math.max(name.lastIndexOf('.'), name.lastIndexOf('$')) + 1),
                        (f.access & Opcodes.ACC_STATIC) != 0, (int) HeapAddresses.fieldOffset(c, f.name),
                        HeapAddresses.sizeOf(t.getSort() >= Type.ARRAY ? Object.class : primitive(t))));
            }
        }
        return out;
    }

    private static Class<?> primitive(Type t) {
        return switch (t.getSort()) {
            case Type.BOOLEAN -> boolean.class;
            case Type.BYTE -> byte.class;
            case Type.CHAR -> char.class;
            case Type.SHORT -> short.class;
            case Type.INT -> int.class;
            case Type.FLOAT -> float.class;
            case Type.LONG -> long.class;
            default -> double.class;
        };
    }
}
