package io.jremix.workloads.vbd;

import java.util.ArrayList;
import java.util.List;

/**
 * Every access kind that VBD rewrites, on {@code null}, printing the message of each exception thrown, one line per
 * case: array loads and stores of every element type, instance-field loads and stores of one- and two-word and
 * reference types (in a method and in a constructor), the {@code null} coming from a parameter, a local, a static
 * field, a final field and a method's result; and two indexes out of bounds. Under {@code -XX:+VBD} every line must
 * read as under plain java, whose helpful messages name the failed action and where the {@code null} came from.
 *
 * <p>Usage: {@code NullMessages}.
 */
public final class NullMessages {
    private static int[] nullInts;
    private final long[] noLongs = null;
    private final List<String> lines = new ArrayList<>();

    static final class Holder {
        int total;
        long sum;
        Object last;

        Holder() {
        }

        /** A constructor's access to another object, which VBD fences rather than calls. */
        Holder(Holder other) {
            other.total = 1;
        }
    }

    private NullMessages() {
    }

    public static void main(String[] args) {
        NullMessages m = new NullMessages();
        m.arrays(null, null, null, null, null, null, null, null, null);
        m.fields(null);
        m.sources();
        m.lines.forEach(System.out::println);
    }

    private void arrays(int[] i, long[] l, float[] f, double[] d, byte[] b, boolean[] z, char[] c, short[] s,
                        String[] r) {
        run("int load", () -> i[0]);
        run("long load", () -> l[0]);
        run("float load", () -> f[0]);
        run("double load", () -> d[0]);
        run("byte load", () -> b[0]);
        run("boolean load", () -> z[0]);
        run("char load", () -> c[0]);
        run("short load", () -> s[0]);
        run("reference load", () -> r[0]);
        run("int store", () -> i[0] = 1);
        run("long store", () -> l[0] = 1L);
        run("float store", () -> f[0] = 1f);
        run("double store", () -> d[0] = 1d);
        run("byte store", () -> b[0] = 1);
        run("boolean store", () -> z[0] = true);
        run("char store", () -> c[0] = 'x');
        run("short store", () -> s[0] = 1);
        run("reference store", () -> r[0] = "x");
        int[] one = {1};
        run("int load out of bounds", () -> one[5]);
        run("int store out of bounds", () -> one[-1] = 2);
    }

    private void fields(Holder h) {
        run("int field load", () -> h.total);
        run("long field load", () -> h.sum);
        run("reference field load", () -> h.last);
        run("int field store", () -> h.total = 1);
        run("long field store", () -> h.sum = 1L);
        run("reference field store", () -> h.last = "x");
        run("field store in a constructor", () -> new Holder(h));
    }

    private void sources() {
        run("array from a local", () -> {
            int[] local = nullInts;
            local[0] = 1;
            return local;
        });
        run("array from a static field", () -> nullInts[0] = 1);
        run("array from a final field", () -> noLongs[1] = 2L);
        run("array from a method's result", () -> ints()[2] = 3);
        run("object from a method's result", () -> holder().sum = 4L);
    }

    private static int[] ints() {
        return nullInts;
    }

    private static Holder holder() {
        return null;
    }

    private void run(String name, Access access) {
        try {
            lines.add(name + ": returned " + access.run());
        } catch (RuntimeException e) {
            lines.add(name + ": " + e);
        }
    }

    @FunctionalInterface
    private interface Access {
        Object run();
    }
}
