package io.jremix.core.park;

import io.jremix.core.CodeOwner;

/**
 * Writes a {@link StackWalker} frame as a report's text (see {@link FrameText}):
 * {@code app//com.example.Main.run(Main.java:12)}. The walker must retain class references, which tell the
 * frame's loader and module.
 */
public final class StackFrames {
    private StackFrames() {
    }

    public static String text(StackWalker.StackFrame f) {
        StringBuilder sb = new StringBuilder(CodeOwner.framePrefix(f.getDeclaringClass()));
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
