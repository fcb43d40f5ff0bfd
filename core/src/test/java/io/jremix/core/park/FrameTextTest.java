package io.jremix.core.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import com.sun.example.Caller;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Frames of real classes from each kind of loader, written as the park profiler writes them ({@link StackFrames})
 * and read back by {@link FrameText}: the JDK's frames are told from the program's by the loader and module the
 * text names, never by the package. Each text is the frame's {@link StackTraceElement#toString()}, with the loader
 * named where {@code StackTraceElement} leaves the name of a built-in or unnamed loader out.
 */
class FrameTextTest {
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final URL TEST_CLASSES = Caller.class.getProtectionDomain().getCodeSource().getLocation();

    @Test
    void theJdksFrames_nameTheirModule() {
        List<StackWalker.StackFrame> frames = new ArrayList<>();
        new ArrayList<>(List.of(1)).forEach(x -> frames.addAll(WALKER.walk(s -> s.limit(3).toList())));
        StackWalker.StackFrame forEach = frames.stream()
                .filter(f -> f.getClassName().equals("java.util.ArrayList")).findFirst().orElseThrow();

        String text = StackFrames.text(forEach);
        assertTrue(text.startsWith("java.base/java.util.ArrayList.forEach(ArrayList.java:"), text);
        assertEquals(forEach.toStackTraceElement().toString(), text);
        FrameText f = FrameText.parse(text);
        assertEquals("java.util.ArrayList", f.className());
        assertEquals("forEach", f.method());
        assertTrue(f.isJdk());
        assertFalse(f.isUser());
    }

    @Test
    void thePlatformLoadersFrames_areTheJdks() {
        List<StackWalker.StackFrame> frames = new ArrayList<>();
        PrintWriter log = new PrintWriter(new StringWriter()) {
            @Override
            public void println(String x) {
                frames.addAll(WALKER.walk(s -> s.limit(3).toList()));
            }
        };
        DriverManager.setLogWriter(log);
        try {
            DriverManager.println("x");
        } finally {
            DriverManager.setLogWriter(null);
        }
        StackWalker.StackFrame println = frames.stream()
                .filter(f -> f.getClassName().equals("java.sql.DriverManager")).findFirst().orElseThrow();

        String text = StackFrames.text(println);
        assertTrue(text.startsWith("platform/java.sql/java.sql.DriverManager.println("), text);
        assertEquals("platform/" + println.toStackTraceElement(), text);
        assertTrue(FrameText.parse(text).isJdk());
    }

    @Test
    void classPathFrames_areTheProgramsWhateverTheirPackage() {
        StackWalker.StackFrame own = WALKER.walk(s -> s.findFirst()).orElseThrow();
        StackWalker.StackFrame comSun = new Caller().get().get(0);

        for (StackWalker.StackFrame frame : List.of(own, comSun)) {
            String text = StackFrames.text(frame);
            assertEquals("app//" + frame.toStackTraceElement(), text);
            assertFalse(FrameText.parse(text).isJdk(), text);
        }
        assertTrue(FrameText.parse(StackFrames.text(comSun)).isUser());
        assertTrue(StackFrames.text(comSun).startsWith("app//com.sun.example.Caller.get(Caller.java:"));
        assertEquals(Optional.of("app//com.sun.example.Caller.get(Caller.java:1)"),
                BlockerNames.userFrame(List.of("java.base/java.lang.Thread.run(Thread.java:840)",
                        "app//com.sun.example.Caller.get(Caller.java:1)")));
    }

    @Test
    void customLoadersFrames_areTheProgramsWhateverTheirPackage() throws Exception {
        try (URLClassLoader unnamed = new URLClassLoader(new URL[] {TEST_CLASSES}, null);
             URLClassLoader named = new URLClassLoader("plugins", new URL[] {TEST_CLASSES}, null)) {
            String unnamedText = StackFrames.text(frameOf(unnamed));
            String namedText = StackFrames.text(frameOf(named));

            assertEquals("java.net.URLClassLoader//" + frameOf(unnamed).toStackTraceElement(), unnamedText);
            assertEquals(frameOf(named).toStackTraceElement().toString(), namedText);
            assertTrue(namedText.startsWith("plugins//com.sun.example.Caller.get("), namedText);
            assertTrue(FrameText.parse(unnamedText).isUser(), unnamedText);
            assertTrue(FrameText.parse(namedText).isUser(), namedText);
        }
    }

    @Test
    void bootClassPathFrames_areTheJdks(@TempDir Path dir) throws Exception {
        Path boot = dir.resolve("boot");
        Path classFile = Path.of(TEST_CLASSES.toURI()).resolve("com/sun/example/Caller.class");
        Files.createDirectories(boot.resolve("com/sun/example"));
        Files.copy(classFile, boot.resolve("com/sun/example/Caller.class"));
        String classPath = System.getProperty("java.class.path");
        Path out = dir.resolve("out.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xbootclasspath/a:" + boot, "-cp", classPath, BootFrames.class.getName())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the JVM ended");
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), String.join("\n", lines));

        assertEquals("loader=null", lines.get(0), lines.toString());
        String text = lines.get(1).substring("frame=".length());
        assertTrue(text.startsWith("com.sun.example.Caller.get(Caller.java:"), text);
        assertEquals("element=" + text, lines.get(2), "as StackTraceElement writes it");
        assertTrue(FrameText.parse(text).isJdk(), text);
        assertFalse(FrameText.parse(text).isUser(), text);
    }

    @Test
    void hiddenClassFrames_keepTheirWholeName_andTheirLoader() {
        FrameText f = FrameText.parse("app//demo.Main$$Lambda$14/0x0000000800c02a00.run(Unknown Source)");

        assertEquals("demo.Main$$Lambda$14/0x0000000800c02a00", f.className());
        assertEquals("run", f.method());
        assertFalse(f.isJdk());
    }

    @Test
    void aLibrarysMark_namesItsJar_andIsNotPartOfTheMethod() {
        FrameText f = FrameText.parse(
                "app//com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:181) [HikariCP-5.1.0.jar]");

        assertEquals("com.zaxxer.hikari.pool.HikariPool", f.className());
        assertEquals("getConnection", f.method());
        assertEquals("HikariCP-5.1.0.jar", f.library());
        assertTrue(f.isUser());
        assertTrue(f.isLibrary());
        assertFalse(f.isProgram());
        FrameText program = FrameText.parse("app//com.example.Orders.find(Orders.java:40)");
        assertTrue(program.isProgram());
        assertFalse(program.isLibrary());
        assertFalse(FrameText.parse("java.base/java.lang.Thread.run(Thread.java:840)").isProgram());
    }

    @SuppressWarnings("unchecked")
    private static StackWalker.StackFrame frameOf(ClassLoader loader) throws Exception {
        Class<?> c = loader.loadClass(Caller.class.getName());
        assertEquals(loader, c.getClassLoader());
        return ((Supplier<List<StackWalker.StackFrame>>) c.getConstructor().newInstance()).get().get(0);
    }
}
