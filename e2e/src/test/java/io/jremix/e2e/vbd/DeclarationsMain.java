package io.jremix.e2e.vbd;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * What libraries that read declarations see of a class: each field's modifiers by reflection, whether an
 * {@code AtomicIntegerFieldUpdater} accepts it (only a field declared volatile), the default serialVersionUID and
 * a serialization round trip. Run plain and under {@code -XX:+VBD}, it must print the same lines.
 */
public final class DeclarationsMain {
    /** Serializable without a serialVersionUID: its default one hashes the field modifiers. */
    static final class Struct implements Serializable {
        int plain = 1;
        volatile int declaredVolatile = 2;
        final int fixed = 3;
        transient long wide = 4;
    }

    private DeclarationsMain() {
    }

    public static void main(String[] args) throws Exception {
        for (Field f : Struct.class.getDeclaredFields()) {
            System.out.println(f.getName() + " " + Modifier.toString(f.getModifiers()) + " updater:" + updater(f));
        }
        System.out.println("serialVersionUID " + ObjectStreamClass.lookup(Struct.class).getSerialVersionUID());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new Struct());
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            Struct s = (Struct) in.readObject();
            System.out.println("read back " + s.plain + " " + s.declaredVolatile + " " + s.fixed + " " + s.wide);
        }
    }

    private static String updater(Field f) {
        if (f.getType() != int.class) {
            return "-";
        }
        try {
            AtomicIntegerFieldUpdater.newUpdater(Struct.class, f.getName());
            return "accepted";
        } catch (IllegalArgumentException e) {
            return "refused";
        }
    }
}
