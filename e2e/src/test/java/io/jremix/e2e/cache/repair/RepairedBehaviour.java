package io.jremix.e2e.cache.repair;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Objects;

/**
 * Prints a transcript of what a program can observe of some classes (reflection, serialization, equals and
 * hashCode, records, inherited fields, a copy in another class loader) followed by their layouts. Run plainly and
 * with the classes padded, the transcripts must be the same and the layouts must not. Synthetic fields are left
 * out, as tools that map fields do: padding adds one.
 */
public final class RepairedBehaviour {
    private RepairedBehaviour() {
    }

    /** A serializable value class with its own equals and hashCode. */
    public static final class Counter implements Serializable {
        private static final long serialVersionUID = 7L;
        volatile long hits;
        volatile long misses;
        final String name;

        public Counter(String name, long hits, long misses) {
            this.name = name;
            this.hits = hits;
            this.misses = misses;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Counter c && c.hits == hits && c.misses == misses && c.name.equals(name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, hits, misses);
        }
    }

    /** A serializable class without an explicit serialVersionUID: the computed one must not change. */
    @SuppressWarnings("serial")
    public static final class Implicit implements Serializable {
        long left;
        long right;
    }

    /** A record with hot components. */
    public record Point(long x, long y) implements Serializable {
    }

    /** Declares the hot fields that a subclass inherits. */
    public static class Base {
        volatile long first;
        volatile long second;
    }

    /** Uses the fields its superclass declares. */
    public static final class Derived extends Base {
        long own;

        Derived(long a, long b, long c) {
            first = a;
            second = b;
            own = c;
        }
    }

    public static void main(String[] args) throws Exception {
        Counter c = new Counter("c", 3, 4);
        transcript("counter", c);
        Point p = new Point(5, 6);
        transcript("point", p);
        System.out.println("point " + p + " " + p.equals(new Point(5, 6)) + " " + p.hashCode() + " "
                + Arrays.toString(Arrays.stream(Point.class.getRecordComponents()).map(RecordComponent::getName).toArray()));
        Derived d = new Derived(7, 8, 9);
        transcript("derived", d);
        System.out.println("derived " + d.first + " " + d.second + " " + d.own);
        System.out.println("implicit uid " + ObjectStreamClass.lookup(Implicit.class).getSerialVersionUID());
        ClassLoader other = new OwnCopies(Counter.class.getName(), RepairedBehaviour.class.getClassLoader());
        Class<?> copy = other.loadClass(Counter.class.getName());
        Object c2 = copy.getConstructor(String.class, long.class, long.class).newInstance("copy", 1L, 2L);
        transcript("copy", c2);
        for (Class<?> k : new Class<?>[] {Counter.class, Implicit.class, Point.class, Base.class, Derived.class}) {
            LayoutPrinter.print(k);
        }
        LayoutPrinter.print(copy, "copy");
    }

    /** Reflection over all fields, hashCode, equals, and a serialization round trip. */
    private static void transcript(String label, Object o) throws Exception {
        StringBuilder sb = new StringBuilder(label);
        Field[] fields = allFields(o.getClass());
        for (Field f : fields) {
            f.setAccessible(true);
            sb.append(' ').append(f.getName()).append('=').append(f.get(o)).append('/').append(f.getType().getSimpleName())
                    .append('/').append(Modifier.toString(f.getModifiers()));
        }
        if (o.getClass().getMethod("hashCode").getDeclaringClass() != Object.class) {
            sb.append(" hash=").append(o.hashCode()); // identity hashes differ from run to run anyway
        }
        if (o instanceof Serializable) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(o);
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
                @Override
                protected Class<?> resolveClass(java.io.ObjectStreamClass desc) throws java.io.IOException, ClassNotFoundException {
                    return desc.getName().equals(o.getClass().getName()) ? o.getClass() : super.resolveClass(desc);
                }
            }) {
                Object back = in.readObject();
                sb.append(" serialized=").append(bytes.size()).append(" roundTripEquals=").append(back.equals(o));
            }
            sb.append(" uid=").append(ObjectStreamClass.lookup(o.getClass()).getSerialVersionUID());
        }
        System.out.println(sb);
    }

    private static Field[] allFields(Class<?> c) {
        Field[] own = c.getDeclaredFields();
        Field[] inherited = c.getSuperclass() == null ? new Field[0] : allFields(c.getSuperclass());
        Field[] all = Arrays.copyOf(own, own.length + inherited.length);
        System.arraycopy(inherited, 0, all, own.length, inherited.length);
        return Arrays.stream(all).filter(f -> !Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()
                && f.getDeclaringClass().getName().startsWith("io.jremix"))
                .sorted(Comparator.comparing(Field::getName)).toArray(Field[]::new);
    }
}
