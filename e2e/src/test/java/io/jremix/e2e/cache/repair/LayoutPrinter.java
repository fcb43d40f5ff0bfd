package io.jremix.e2e.cache.repair;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;
import org.openjdk.jol.vm.VM;

/**
 * Prints, for each class named on the command line, the layout the JVM chose, as JOL reads it:
 * {@code layout <class> size <bytes>} and {@code layout <class> field <name> <offset> <size>} lines, and for a class
 * that is not abstract {@code layout <class> allocated <bytes>}: what an instance really takes, HotSpot's padding
 * after the last {@code @Contended} group included, which the class's layout does not show (JOL's object size,
 * through self-attach, of an instance allocated without running a constructor, and kept to the end of the run, so
 * that a report of live instances at exit counts one of each).
 */
public final class LayoutPrinter {
    private static final List<Object> KEPT = new ArrayList<>();

    private LayoutPrinter() {
    }

    public static void main(String[] args) throws ReflectiveOperationException {
        for (String name : args) {
            Class<?> c = Class.forName(name);
            print(c);
            if (!Modifier.isAbstract(c.getModifiers())) {
                Object instance = unsafe().allocateInstance(c);
                KEPT.add(instance);
                System.out.println("layout " + name + " allocated " + VM.current().sizeOf(instance));
            }
        }
    }

    static void print(Class<?> c) {
        print(c, c.getName());
    }

    /** Prints the layout of {@code c} under {@code label} (two copies of a class from two loaders need two). */
    static void print(Class<?> c, String label) {
        ClassLayout layout = ClassLayout.parseClass(c);
        System.out.println("layout " + label + " size " + layout.instanceSize());
        for (FieldLayout f : layout.fields()) {
            System.out.println("layout " + label + " field " + f.name() + " " + f.offset() + " " + f.size());
        }
    }

    @SuppressWarnings("removal")
    private static sun.misc.Unsafe unsafe() throws ReflectiveOperationException {
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        return (sun.misc.Unsafe) f.get(null);
    }
}
