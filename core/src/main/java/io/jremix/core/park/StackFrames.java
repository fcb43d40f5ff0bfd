package io.jremix.core.park;

import io.jremix.core.CodeOwner;

/**
 * Writes a {@link StackWalker} frame as a report's text (see {@link FrameText}):
 * {@code app//com.example.Main.run(Main.java:12)}. The walker must retain class references, which tell the
 * frame's loader and module.
 */
public final class StackFrames {
    /**
     * Each class's prefix, worked out once: the park profiler writes up to 64 frames on every park, and a class's
     * loader and module never change. A {@link ClassValue} does not keep the class from being unloaded.
     */
    private static final ClassValue<String> PREFIX = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> c) {
            return CodeOwner.framePrefix(c);
        }
    };

    private StackFrames() {
    }

    public static String text(StackWalker.StackFrame f) {
        StringBuilder sb = new StringBuilder(PREFIX.get(f.getDeclaringClass()));
        sb.append(f.getClassName()).append('.').append(f.getMethodName()).append('(');
        if (f.getFileName() == null) {
            sb.append("Unknown Source");
        } else {
            sb.append(f.getFileName());
            if (f.getLineNumber() >= 0) {
                sb.append(':').append(f.getLineNumber());
            }
        }
        return sb.append(')').toString();
    }
}
