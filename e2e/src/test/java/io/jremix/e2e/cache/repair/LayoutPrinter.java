package io.jremix.e2e.cache.repair;

import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * Prints, for each class named on the command line, the layout the JVM chose, as JOL reads it:
 * {@code layout <class> size <bytes>} and {@code layout <class> field <name> <offset> <size>} lines.
 */
public final class LayoutPrinter {
    private LayoutPrinter() {
    }

    public static void main(String[] args) throws ClassNotFoundException {
        for (String name : args) {
            print(Class.forName(name));
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
}
