package io.jremix.bench.cache;

import org.openjdk.jol.info.ClassLayout;

/**
 * Prints {@code size <class> <bytes>} for each class named: the instance size the JVM chose, through JOL. Run plainly
 * and under a padding profile, it gives the memory padding costs per instance.
 */
public final class InstanceSizes {
    private InstanceSizes() {
    }

    public static void main(String[] args) throws ClassNotFoundException {
        for (String name : args) {
            System.out.println("size " + name + " " + ClassLayout.parseClass(Class.forName(name)).instanceSize());
        }
    }
}
