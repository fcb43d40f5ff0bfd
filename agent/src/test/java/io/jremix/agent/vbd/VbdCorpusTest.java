package io.jremix.agent.vbd;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import io.jremix.options.VbdRelaxedPatterns;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rewrites real class files, none of them written for this test: the litmus workloads, ASM, and JUnit. Every
 * class must rewrite, pass ASM's verifier, and satisfy the volatile-by-default invariants ({@link VbdBytecode}).
 */
class VbdCorpusTest {
    private final VbdRewriter rewriter = new VbdRewriter(VbdRelaxedPatterns.none());

    @Test
    void litmusClassesBecomeVolatileByDefault() throws Exception {
        Totals t = check(jarOf(Class.forName("io.jremix.workloads.vbd.Litmus")), "io/jremix/workloads/vbd/");
        assertTrue(t.classes >= 10, "litmus classes: " + t.classes);
        assertTrue(t.fields >= 20 && t.arraySites >= 2 && t.fences >= 10, t.toString());
    }

    @Test
    void asmAndJUnitRewriteAndVerify() throws Exception {
        Totals asm = check(jarOf(org.objectweb.asm.ClassReader.class), "org/objectweb/asm/");
        Totals junit = check(jarOf(org.junit.jupiter.api.Assertions.class), "org/junit/");
        assertTrue(asm.classes > 30 && junit.classes > 50, asm + " " + junit);
        assertTrue(asm.arraySites > 500, "ASM is array-heavy: " + asm);
    }

    private record Totals(int classes, long fields, long arraySites, long fences) {
    }

    private Totals check(Path jar, String prefix) throws IOException {
        List<String> problems = new ArrayList<>();
        int classes = 0;
        long fields = 0;
        long arrays = 0;
        long fences = 0;
        Set<String> ordered = new HashSet<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            for (JarEntry e : Collections.list(j.entries())) {
                if (e.getName().endsWith(".class") && !e.getName().endsWith("module-info.class")) {
                    ordered.addAll(VbdBytecode.orderedFields(j.getInputStream(e).readAllBytes()));
                }
            }
            for (JarEntry e : Collections.list(j.entries())) {
                String name = e.getName();
                // JUnit's Kotlin facade needs Kotlin, absent here, for the verifier to load its types
                if (!name.startsWith(prefix) || !name.endsWith(".class") || name.endsWith("module-info.class")
                        || name.contains("AssertionsKt")) {
                    continue;
                }
                byte[] original = j.getInputStream(e).readAllBytes();
                VbdRewriter.Outcome o;
                try {
                    o = rewriter.rewrite(original);
                } catch (RuntimeException ex) {
                    problems.add(name + ": could not rewrite: " + ex);
                    continue;
                }
                if (o.classfile() == null) {
                    continue;
                }
                classes++;
                fields += o.fieldSites();
                arrays += o.arraySites();
                fences += o.fences();
                String verifier = VbdRewriterTest.verify(o.classfile());
                if (!verifier.isEmpty()) {
                    problems.add(name + ": " + verifier.lines().findFirst().orElse(""));
                }
                VbdBytecode.violations(original, o.classfile(), VbdRelaxedPatterns.none(), ordered).forEach(problems::add);
            }
        }
        assertEquals(List.of(), problems);
        return new Totals(classes, fields, arrays, fences);
    }

    private static Path jarOf(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
