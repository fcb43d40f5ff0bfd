package io.jremix.agent.cache.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.BasicVerifier;

/**
 * Instruments a large body of real bytecode (all of java.base from the running JDK, compiled
 * by javac with every construct the JDK uses) and checks every rewritten method with ASM's verifier, and that none
 * the JIT would compile was pushed past its size limit, with per-access probes and with duplicated bodies for bursts.
 */
class JdkCorpusInstrumentationTest {

    @ParameterizedTest(name = "duplicated bodies: {0}")
    @ValueSource(booleans = {false, true})
    void everyRewrittenJdkMethodVerifies(boolean duplicateBodies) throws IOException {
        List<Path> classes = javaBase();
        assertTrue(classes.size() > 500, "corpus: " + classes.size());
        // ids only: the corpus's 475,000 sites, never run, stay out of the JVM's table, whose first sites have switches
        AtomicInteger ids = new AtomicInteger();
        CacheInstrumenter instrumenter = new CacheInstrumenter((key, site) -> ids.getAndIncrement(), 4,
                duplicateBodies);
        List<String> failures = new ArrayList<>();
        List<String> madeHuge = new ArrayList<>();
        int instrumented = 0;
        int tooLarge = 0;
        for (Path p : classes) {
            byte[] original = Files.readAllBytes(p);
            CacheInstrumenter.Result r = instrumenter.instrument(original, null);
            if (r == null) {
                continue;
            }
            tooLarge += r.tooLarge();
            if (r.classfile() == null) {
                continue;
            }
            instrumented++;
            ClassNode cn = new ClassNode();
            new ClassReader(r.classfile()).accept(cn, 0);
            for (MethodNode m : cn.methods) {
                try {
                    new Analyzer<BasicValue>(new BasicVerifier()).analyze(cn.name, m);
                } catch (AnalyzerException e) {
                    failures.add(cn.name + "." + m.name + m.desc + ": " + e.getMessage());
                }
            }
            Map<String, Integer> before = CodeLengths.of(original);
            CodeLengths.of(r.classfile()).forEach((m, length) -> {
                if (before.get(m) <= CodeSize.HUGE_METHOD_LIMIT && length > CodeSize.HUGE_METHOD_LIMIT) {
                    madeHuge.add(cn.name + "." + m + ": " + before.get(m) + " -> " + length + " bytes");
                }
            });
        }
        assertTrue(instrumented > 500, "instrumented: " + instrumented);
        assertEquals(List.of(), failures.subList(0, Math.min(10, failures.size())), failures.size() + " methods failed");
        assertEquals(List.of(), madeHuge, "methods that probes pushed past HugeMethodLimit (" + tooLarge
                + " left without probes)");
    }

    /** Every method's estimated size is at least its real one, so that none is taken for small enough when not. */
    @Test
    void codeSizeIsAnUpperBoundOfEveryJdkMethodsLength() throws IOException {
        int methods = 0;
        List<String> under = new ArrayList<>();
        for (Path p : javaBase()) {
            byte[] classfile = Files.readAllBytes(p);
            ClassNode cn = new ClassNode();
            new ClassReader(classfile).accept(cn, ClassReader.SKIP_FRAMES);
            Map<String, Integer> lengths = CodeLengths.of(classfile);
            for (MethodNode m : cn.methods) {
                Integer length = lengths.get(m.name + m.desc);
                if (length != null) {
                    methods++;
                    if (CodeSize.of(m.instructions) < length) {
                        under.add(cn.name + "." + m.name + m.desc + ": " + CodeSize.of(m.instructions) + " < " + length);
                    }
                }
            }
        }
        assertTrue(methods > 10_000, "methods: " + methods);
        assertEquals(List.of(), under.subList(0, Math.min(10, under.size())), under.size() + " methods");
    }

    private static List<Path> javaBase() throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        try (Stream<Path> files = Files.walk(jrt.getPath("/modules/java.base"))) {
            return files.filter(p -> p.toString().endsWith(".class")).toList();
        }
    }
}
