package io.jremix.bench.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Opcodes;

/** The corpus's data against the jars the build copied: every version there, every field it names declared. */
class CorpusTest {
    private static final Path JARS = Path.of(System.getProperty("jremix.home", ".."), "bench/target/corpus");

    @Test
    void atLeastEightBugsWithDistinctNames() {
        assertTrue(Corpus.BUGS.size() >= 8, "a corpus of 8 bugs or more");
        assertEquals(Corpus.BUGS.size(), Corpus.BUGS.stream().map(Bug::id).distinct().count());
    }

    @Test
    void everyVersionIsCopiedByTheBuild() {
        for (Bug bug : Corpus.BUGS) {
            for (boolean fixed : new boolean[] {false, true}) {
                for (Path jar : bug.source().jars(JARS, fixed)) {
                    assertTrue(Files.isRegularFile(jar), bug.id() + ": " + jar + " (bench/pom.xml, execution corpus)");
                }
            }
        }
    }

    /** A typo in a field name would make every run "not found": each is declared where the corpus says. */
    @Test
    void everyFieldTheFixSeparatedIsDeclaredInTheVersionBefore() throws Exception {
        for (Bug bug : Corpus.BUGS) {
            for (String expected : bug.expected()) {
                String className = expected.substring(0, expected.indexOf("::"));
                String field = expected.substring(expected.indexOf("::") + 2);
                assertTrue(declaredFields(className, bug.source().jars(JARS, false)).contains(field),
                        bug.id() + ": " + expected + " is not declared");
                assertTrue(bug.inScope(className) || className.startsWith("java."),
                        bug.id() + ": " + className + " is outside the classes the fix changed");
            }
        }
    }

    /** The fields a class declares: read from the version's jars, or from the JDK running the test. */
    private static Set<String> declaredFields(String className, List<Path> jars) throws IOException {
        String entry = className.replace('.', '/') + ".class";
        for (Path jar : jars) {
            try (JarFile file = new JarFile(jar.toFile())) {
                ZipEntry e = file.getEntry(entry);
                if (e != null) {
                    try (InputStream in = file.getInputStream(e)) {
                        return fields(new ClassReader(in));
                    }
                }
            }
        }
        try (InputStream in = ClassLoader.getSystemResourceAsStream(entry)) {
            assertTrue(in != null, className + " is in neither the version's jars nor the JDK");
            return fields(new ClassReader(in));
        }
    }

    private static Set<String> fields(ClassReader reader) {
        Set<String> names = new HashSet<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
                names.add(name);
                return null;
            }
        }, ClassReader.SKIP_CODE);
        return names;
    }
}
