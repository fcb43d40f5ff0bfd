package io.jremix.core;

import java.net.URI;
import java.net.URL;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which of the classes that are not the JDK's ({@link CodeOwner}) are the program's own and which a library's, by
 * where their class file came from (its code source): a library's class comes from a jar other than the one that
 * holds the main class; the program's comes from that jar, from a directory (a build's classes directory, an IDE
 * or test run, a web application's {@code WEB-INF/classes}, Spring Boot's {@code BOOT-INF/classes} inside its
 * jar), or from a place the JVM does not say (no code source: a custom loader's, a generated class's). A jar is
 * how libraries ship; a program under development or in a container runs from directories, and a packaged one
 * from its own jar, named by {@code -jar} or holding the main class.
 *
 * <p>A frame of a library's class carries its jar's name at the end of its text, the way logging frameworks
 * print a frame's packaging: {@code app//com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:181)
 * [HikariCP-5.1.0.jar]}, so that report code reading frames as text tells the two apart
 * ({@code io.jremix.core.park.FrameText}). A program's frame has no mark, nor has text written before this rule or
 * from a JFR recording, which names no code source: those frames read as the program's.
 */
public final class ProgramCode {
    /** How a library frame's mark starts; it ends with {@value #MARK_END}. */
    public static final String MARK_START = " [";
    public static final String MARK_END = "]";

    /** The main class's jar, {@code null} if it is none (a directory, or not known). */
    private final Path mainJar;
    private final ClassValue<String> marks = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> c) {
            return mark(c);
        }
    };

    public ProgramCode(Path mainJar) {
        this.mainJar = mainJar;
    }

    /** The rule for this JVM: its main class's jar from {@code sun.java.command} and the application loader. */
    public static ProgramCode ofThisJvm() {
        try {
            return new ProgramCode(mainJar(System.getProperty("sun.java.command"),
                    Path.of(System.getProperty("user.dir", "")), ClassLoader::getSystemResource).orElse(null));
        } catch (RuntimeException e) { // a security manager refusing the properties: no main jar known
            return new ProgramCode(null);
        }
    }

    /**
     * The jar of the main class: the command's first word (what {@code sun.java.command} holds) is the jar that
     * {@code -jar} named, or the main class, whose class file {@code resource} finds.
     *
     * @param resource finds a class file by its resource name, as the application loader would
     */
    static Optional<Path> mainJar(String command, Path userDir, Function<String, URL> resource) {
        if (command == null || command.isBlank()) {
            return Optional.empty();
        }
        String first = command.strip().split("\\s+", 2)[0];
        if (first.toLowerCase(Locale.ROOT).endsWith(".jar")) {
            return Optional.of(userDir.resolve(first).toAbsolutePath().normalize());
        }
        try {
            URL classFile = resource.apply(first.replace('.', '/') + ".class");
            if (classFile == null || !classFile.getProtocol().equals("jar")) {
                return Optional.empty();
            }
            String jar = classFile.getFile(); // file:/path/app.jar!/pkg/Main.class
            int bang = jar.indexOf("!/");
            return Optional.of(Path.of(URI.create(bang < 0 ? jar : jar.substring(0, bang))).normalize());
        } catch (RuntimeException e) { // a malformed name or location: the main class's jar is not known
            return Optional.empty();
        }
    }

    /** What a frame of {@code c}'s methods ends with: {@code " [name.jar]"} for a library's class, else nothing. */
    public String markOf(Class<?> c) {
        return marks.get(c);
    }

    private String mark(Class<?> c) {
        String jar;
        try {
            ProtectionDomain domain = c.getProtectionDomain();
            CodeSource source = domain == null ? null : domain.getCodeSource();
            jar = libraryJar(source == null ? null : source.getLocation());
        } catch (SecurityException e) { // a security manager may refuse: the location is not known
            jar = null;
        }
        return jar == null ? "" : MARK_START + jar + MARK_END;
    }

    /**
     * The rule: the file name of the library jar {@code location} is, or {@code null} for the program's code (the
     * main class's jar, a directory, no location).
     */
    String libraryJar(URL location) {
        if (location == null) {
            return null;
        }
        String s = location.toString();
        if (s.endsWith("!/")) { // a jar or a directory inside a jar: jar:nested:/app.jar/!BOOT-INF/lib/a.jar!/
            s = s.substring(0, s.length() - 2);
        }
        String name = s.substring(s.lastIndexOf('/') + 1); // empty for a directory, file:/work/classes/
        if (!name.toLowerCase(Locale.ROOT).endsWith(".jar")) {
            return null;
        }
        if (mainJar != null && location.getProtocol().equals("file") && isMainJar(location)) {
            return null;
        }
        name = URLDecoder.decode(name.replace("+", "%2B"), StandardCharsets.UTF_8);
        return name.replace(MARK_END, "").replace(MARK_START.strip(), "");
    }

    private boolean isMainJar(URL location) {
        try {
            return Path.of(location.toURI()).toAbsolutePath().normalize().equals(mainJar);
        } catch (Exception e) { // not a path of this file system: not the main jar, which is one
            return false;
        }
    }
}
