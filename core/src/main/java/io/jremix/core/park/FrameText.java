package io.jremix.core.park;

import java.util.List;

import io.jremix.core.ClassNames;
import io.jremix.core.CodeOwner;
import io.jremix.core.ProgramCode;

/**
 * One frame of a report's stack trace, as text, split into the class and method the naming rules of
 * {@link BlockerNames} and {@link WaitKind} read, and whether the frame is the JDK's code. The text is what
 * {@link StackFrames} and {@link JfrFrames} write: the {@code loader/module@version/} prefix of
 * {@link CodeOwner#framePrefix(String, String, String)}, which decides whether the frame is the JDK's, then
 * {@code class.method(location)}, and for a library's class its jar's mark ({@link ProgramCode}); the location is
 * not read.
 *
 * @param className binary name of the frame's class ({@code Outer$Inner}); a hidden class keeps its
 *                  {@code /0x...} suffix
 * @param method    the method name, {@code <init>} for constructors
 * @param jdk       whether the frame's class is the JDK's code, by its loader and module ({@link CodeOwner})
 * @param library   the jar of a library's class, by its mark ({@link ProgramCode}); {@code null} for the program's
 *                  and the JDK's code
 */
record FrameText(String className, String method, boolean jdk, String library) {

    /** A frame of the JDK's class {@code className}, for comparing parsed frames with. */
    static FrameText jdk(String className, String method) {
        return new FrameText(className, method, true, null);
    }

    /**
     * A frame of a class {@code className} that is not the JDK's, for comparing parsed frames with, once their jar
     * is left out ({@link #withoutJar}).
     */
    static FrameText library(String className, String method) {
        return new FrameText(className, method, false, null);
    }

    /** This frame without the jar of its library's mark: the same code from whichever jar it came. */
    FrameText withoutJar() {
        return library == null ? this : new FrameText(className, method, jdk, null);
    }

    /** Splits {@code frame}; text without a {@code class.method} part gives an empty class name. */
    static FrameText parse(String frame) {
        String library = null;
        int mark = frame.endsWith(ProgramCode.MARK_END) ? frame.lastIndexOf(ProgramCode.MARK_START) : -1;
        if (mark >= 0) {
            library = frame.substring(mark + ProgramCode.MARK_START.length(), frame.length() - 1);
            frame = frame.substring(0, mark);
        }
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
        return dot < 0 ? new FrameText("", qualified, jdk, library)
                : new FrameText(qualified.substring(0, dot), qualified.substring(dot + 1), jdk, library);
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

    /** Neither the JDK nor jremix: the program's own code or a library's. */
    boolean isUser() {
        return !className.isEmpty() && !jdk && !isJremixRuntime();
    }

    /** The program's own code: neither the JDK's, jremix's nor a library's. */
    boolean isProgram() {
        return isUser() && library == null;
    }

    boolean isLibrary() {
        return isUser() && library != null;
    }

    /** The class name without its package, nesting kept: {@code ScheduledThreadPoolExecutor$DelayedWorkQueue}. */
    String simpleName() {
        return simpleName(className);
    }

    static String simpleName(String binaryName) {
        return binaryName.substring(binaryName.lastIndexOf('.') + 1);
    }
}
