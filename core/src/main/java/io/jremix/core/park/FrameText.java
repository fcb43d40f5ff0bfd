package io.jremix.core.park;

import java.util.List;

import io.jremix.core.ClassNames;

/**
 * One frame of a report's stack trace, as text, split into the class and method the naming rules of
 * {@link BlockerNames} and {@link WaitKind} read. The text is what {@link StackTraceElement#toString()} prints
 * ({@code java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)}: an optional
 * {@code loader/module/} prefix, then {@code class.method(location)}), or the same without the prefix, as
 * jremix's JFR frames are; the location is not read.
 *
 * @param className binary name of the frame's class ({@code Outer$Inner}); a hidden class keeps its
 *                  {@code /0x...} suffix
 * @param method    the method name, {@code <init>} for constructors
 */
record FrameText(String className, String method) {
    private static final List<String> JDK_PACKAGES = List.of("java.", "jdk.", "sun.");
    /** jremix's own code that runs inside the program (hooks, listeners, profilers), as opposed to its workloads. */
    private static final List<String> JREMIX_RUNTIME = List.of("io.jremix.agent.", "io.jremix.probe.",
            "io.jremix.core.", "io.jremix.report.");

    /** Splits {@code frame}; text without a {@code class.method} part gives an empty class name. */
    static FrameText parse(String frame) {
        int paren = frame.indexOf('(');
        String qualified = paren < 0 ? frame : frame.substring(0, paren);
        int slash = qualified.lastIndexOf('/');
        // a '/' starts a hidden class's suffix ("Foo$$Lambda/0x0000...") or ends the loader/module prefix
        while (slash >= 0 && qualified.startsWith("0x", slash + 1)) {
            slash = qualified.lastIndexOf('/', slash - 1);
        }
        qualified = qualified.substring(slash + 1);
        int dot = qualified.lastIndexOf('.');
        return dot < 0 ? new FrameText("", qualified)
                : new FrameText(qualified.substring(0, dot), qualified.substring(dot + 1));
    }

    static List<FrameText> parse(List<String> stack) {
        return stack.stream().map(FrameText::parse).toList();
    }

    boolean isJdk() {
        return ClassNames.startsWithAny(className, JDK_PACKAGES);
    }

    boolean isJremixRuntime() {
        return ClassNames.startsWithAny(className, JREMIX_RUNTIME);
    }

    /** Neither the JDK nor jremix: the program's own code (or a library's). */
    boolean isUser() {
        return !className.isEmpty() && !isJdk() && !isJremixRuntime();
    }

    /** The class name without its package, nesting kept: {@code ScheduledThreadPoolExecutor$DelayedWorkQueue}. */
    String simpleName() {
        return simpleName(className);
    }

    static String simpleName(String binaryName) {
        return binaryName.substring(binaryName.lastIndexOf('.') + 1);
    }
}
