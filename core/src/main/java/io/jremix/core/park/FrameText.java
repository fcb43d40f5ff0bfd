package io.jremix.core.park;

import java.util.List;

import io.jremix.core.ClassNames;
import io.jremix.core.CodeOwner;

/**
 * One frame of a report's stack trace, as text, split into the class and method the naming rules of
 * {@link BlockerNames} and {@link WaitKind} read, and whether the frame is the JDK's code. The text is what
 * {@link StackFrames} and {@link JfrFrames} write: the {@code loader/module@version/} prefix of
 * {@link CodeOwner#framePrefix(String, String, String)}, which decides whether the frame is the JDK's, then
 * {@code class.method(location)}; the location is not read.
 *
 * @param className binary name of the frame's class ({@code Outer$Inner}); a hidden class keeps its
 *                  {@code /0x...} suffix
 * @param method    the method name, {@code <init>} for constructors
 * @param jdk       whether the frame's class is the JDK's code, by its loader and module ({@link CodeOwner})
 */
record FrameText(String className, String method, boolean jdk) {

    /** A frame of the JDK's class {@code className}, for comparing parsed frames with. */
    static FrameText jdk(String className, String method) {
        return new FrameText(className, method, true);
    }

    /** A frame of a library's class {@code className} (not the JDK's), for comparing parsed frames with. */
    static FrameText library(String className, String method) {
        return new FrameText(className, method, false);
    }

    /** Splits {@code frame}; text without a {@code class.method} part gives an empty class name. */
    static FrameText parse(String frame) {
        int paren = frame.indexOf('(');
        String qualified = paren < 0 ? frame : frame.substring(0, paren);
        int slash = qualified.lastIndexOf('/');
        // a '/' starts a hidden class's suffix ("Foo$$Lambda/0x0000...") or ends the loader/module prefix
        while (slash >= 0 && qualified.startsWith("0x", slash + 1)) {
            slash = qualified.lastIndexOf('/', slash - 1);
        }
        boolean jdk = CodeOwner.isJdkFramePrefix(qualified.substring(0, slash + 1));
        qualified = qualified.substring(slash + 1);
        int dot = qualified.lastIndexOf('.');
        return dot < 0 ? new FrameText("", qualified, jdk)
                : new FrameText(qualified.substring(0, dot), qualified.substring(dot + 1), jdk);
    }

    static List<FrameText> parse(List<String> stack) {
        return stack.stream().map(FrameText::parse).toList();
    }

    boolean isJdk() {
        return jdk;
    }

    boolean isJremixRuntime() {
        return ClassNames.isJremixRuntime(className);
    }

    /** Neither the JDK nor jremix: the program's own code (or a library's). */
    boolean isUser() {
        return !className.isEmpty() && !jdk && !isJremixRuntime();
    }

    /** The class name without its package, nesting kept: {@code ScheduledThreadPoolExecutor$DelayedWorkQueue}. */
    String simpleName() {
        return simpleName(className);
    }

    static String simpleName(String binaryName) {
        return binaryName.substring(binaryName.lastIndexOf('.') + 1);
    }
}
