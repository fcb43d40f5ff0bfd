package io.jremix.core.park;

import java.lang.reflect.Modifier;

import io.jremix.core.CodeOwner;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedClassLoader;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedObject;

/**
 * Reads whose code a class in a JFR recording is ({@link CodeOwner}), and writes a recorded frame as a report's
 * text (see {@link FrameText}): {@code app//com.example.Account.transfer(line:12)}. JFR records the line but not
 * the source file. JFR gives the loader's class and name (the boot loader as {@code bootstrap}, of no class) and,
 * through the class's package, its module.
 */
public final class JfrFrames {
    private JfrFrames() {
    }

    /** Innermost first, as {@code prefix class.method(line:N)}, {@code (Native Method)} or {@code (Unknown Source)}. */
    public static String text(RecordedFrame f) {
        RecordedMethod m = f.getMethod();
        String where = Modifier.isNative(m.getModifiers()) ? "Native Method"
                : f.getLineNumber() >= 0 ? "line:" + f.getLineNumber() : "Unknown Source";
        return prefix(m.getType()) + m.getType().getName() + "." + m.getName() + "(" + where + ")";
    }

    /** Whether a recorded class is the JDK's code. */
    public static boolean isJdk(RecordedClass c) {
        RecordedObject module = module(c);
        return CodeOwner.isJdkByLabel(loaderLabel(c), module == null ? null : module.getString("name"));
    }

    private static String prefix(RecordedClass c) {
        RecordedObject module = module(c);
        return module == null ? CodeOwner.framePrefix(loaderLabel(c), null, null)
                : CodeOwner.framePrefix(loaderLabel(c), module.getString("name"), module.getString("version"));
    }

    /** The label of the class's defining loader; {@code null}, the boot loader's, when JFR names none. */
    private static String loaderLabel(RecordedClass c) {
        RecordedClassLoader l = c.getClassLoader();
        if (l == null || l.getType() == null) {
            return null;
        }
        return CodeOwner.loaderLabel(l.getType().getName(), l.getName());
    }

    /** The class's named module, {@code null} for an unnamed one (or a recording without packages). */
    private static RecordedObject module(RecordedClass c) {
        RecordedObject p = c.hasField("package") ? c.getValue("package") : null;
        RecordedObject m = p != null && p.hasField("module") ? p.getValue("module") : null;
        return m != null && m.hasField("name") && m.getString("name") != null ? m : null;
    }
}
