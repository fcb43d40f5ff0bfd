package io.jremix.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URL;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class ProgramCodeTest {
    private static final Path MAIN = Path.of("/srv/app/app.jar");
    private static final ProgramCode RULE = new ProgramCode(MAIN);

    @Test
    void otherJarsAreLibraries_theMainJarAndDirectoriesThePrograms() throws Exception {
        assertEquals("HikariCP-5.1.0.jar", RULE.libraryJar(new URL("file:/root/.m2/HikariCP-5.1.0.jar")));
        assertEquals("my lib.jar", RULE.libraryJar(new URL("file:/srv/app/lib/my%20lib.jar")));
        assertNull(RULE.libraryJar(new URL("file:/srv/app/app.jar")), "the main class's jar");
        assertNull(RULE.libraryJar(new URL("file:/srv/app/./app.jar")), "the main class's jar, another spelling");
        assertEquals("app.jar", RULE.libraryJar(new URL("file:/elsewhere/app.jar")), "same name, another jar");
        assertNull(RULE.libraryJar(new URL("file:/work/target/classes/")), "a classes directory");
        assertNull(RULE.libraryJar(null), "no location: a custom loader's or a generated class");
    }

    @Test
    void jarsInsideJars_byTheirOwnName() throws Exception {
        assertEquals("jackson-core-2.18.2.jar",
                RULE.libraryJar(new URL("jar:file:/srv/app/app.jar!/BOOT-INF/lib/jackson-core-2.18.2.jar!/")));
        assertNull(RULE.libraryJar(new URL("jar:file:/srv/app/app.jar!/BOOT-INF/classes!/")),
                "Spring Boot's classes directory inside the program's jar");
    }

    @Test
    void withoutAMainJar_everyJarIsALibrary() throws Exception {
        assertEquals("app.jar", new ProgramCode(null).libraryJar(new URL("file:/srv/app/app.jar")));
        assertNull(new ProgramCode(null).libraryJar(new URL("file:/srv/app/classes/")));
    }

    @Test
    void theMainJar_isWhatDashJarNamed_orWhereTheMainClassIs() throws Exception {
        Path dir = Path.of("/srv/app");
        assertEquals(Optional.of(MAIN), ProgramCode.mainJar("app.jar --port 80", dir, r -> null));
        assertEquals(Optional.of(MAIN), ProgramCode.mainJar("/srv/app/app.jar", Path.of("/tmp"), r -> null));
        URL inJar = new URL("jar:file:/srv/app/app.jar!/com/example/Main.class");
        assertEquals(Optional.of(MAIN), ProgramCode.mainJar("com.example.Main a b", dir,
                r -> r.equals("com/example/Main.class") ? inJar : null));
        URL inDir = new URL("file:/srv/app/classes/com/example/Main.class");
        assertEquals(Optional.empty(), ProgramCode.mainJar("com.example.Main", dir, r -> inDir), "a directory");
        assertEquals(Optional.empty(), ProgramCode.mainJar("com.example.Gone", dir, r -> null));
        assertEquals(Optional.empty(), ProgramCode.mainJar(null, dir, r -> null), "not a java launcher's JVM");
        assertEquals(Optional.empty(), ProgramCode.mainJar(" ", dir, r -> null));
    }

    @Test
    void aClassMarksItsFramesWithItsJar() {
        ProgramCode thisJvm = new ProgramCode(null);
        assertEquals("", thisJvm.markOf(ProgramCodeTest.class), "test classes are a directory");
        assertEquals(" [" + jarName(Test.class) + "]", thisJvm.markOf(Test.class));
        assertEquals("", thisJvm.markOf(String.class), "the JDK's classes have no code source");
    }

    private static String jarName(Class<?> c) {
        String s = c.getProtectionDomain().getCodeSource().getLocation().getPath();
        return s.substring(s.lastIndexOf('/') + 1);
    }
}
