package io.jremix.core.park;

import java.util.function.Supplier;

/**
 * Run by {@link FrameTextTest} in a JVM of its own, with {@code com.sun.example.Caller} appended to the boot class
 * path: prints that class's frame as the park profiler writes it.
 */
public final class BootFrames {
    private BootFrames() {
    }

    public static void main(String[] args) throws Exception {
        Class<?> c = Class.forName("com.sun.example.Caller", true, null);
        @SuppressWarnings("unchecked")
        Supplier<java.util.List<StackWalker.StackFrame>> caller =
                (Supplier<java.util.List<StackWalker.StackFrame>>) c.getConstructor().newInstance();
        StackWalker.StackFrame f = caller.get().get(0);
        System.out.println("loader=" + c.getClassLoader());
        System.out.println("frame=" + StackFrames.text(f));
        System.out.println("element=" + f.toStackTraceElement());
    }
}
