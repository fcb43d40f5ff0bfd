package io.jremix.agent.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.BasicVerifier;

class UnsafeParkCallsTest {
    private static final FileSystem JRT = FileSystems.getFileSystem(URI.create("jrt:/"));

    /**
     * Every class of the running JDK that calls {@code Unsafe.park}, except {@code LockSupport}, is rewritten. Only
     * java.base and the modules it exports {@code jdk.internal.misc} to can call it; they are all scanned.
     */
    @Test
    void everyCallerOfTheRunningJdkIsListed() throws IOException {
        Set<String> modules = new TreeSet<>(Set.of("java.base"));
        Object.class.getModule().getDescriptor().exports().stream()
                .filter(e -> e.source().equals("jdk.internal.misc"))
                .forEach(e -> modules.addAll(e.targets()));
        Set<String> callers = new TreeSet<>();
        for (String module : modules) {
            Path root = JRT.getPath("/modules", module);
            if (!Files.isDirectory(root)) {
                continue; // exported to a module this runtime does not have
            }
            try (Stream<Path> files = Files.walk(root)) {
                for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                    byte[] classfile = Files.readAllBytes(p);
                    if (callsUnsafePark(classfile)) {
                        callers.add(new ClassReader(classfile).getClassName());
                    }
                }
            }
        }
        callers.remove(ParkInstrumenter.LOCK_SUPPORT);
        assertTrue(callers.contains("sun/misc/Unsafe"), callers.toString()); // the scan finds what it looks for
        assertTrue(UnsafeParkCalls.CALLERS.containsAll(callers), "not listed: " + callers);
    }

    /** {@code sun.misc.Unsafe.park} (on every JDK) calls the hook instead, and still verifies. */
    @Test
    void callsBecomeHookCalls() throws IOException, AnalyzerException {
        byte[] original = jdkClass("jdk.unsupported", "sun/misc/Unsafe");
        byte[] rewritten = UnsafeParkCalls.rewrite(original);
        assertNotNull(rewritten);
        assertTrue(callsUnsafePark(original));
        assertTrue(!callsUnsafePark(rewritten));
        ClassNode cn = new ClassNode();
        new ClassReader(rewritten).accept(cn, 0);
        MethodNode park = cn.methods.stream().filter(m -> m.name.equals("park")).findFirst().orElseThrow();
        List<String> calls = new java.util.ArrayList<>();
        park.instructions.forEach(i -> {
            if (i instanceof org.objectweb.asm.tree.MethodInsnNode m) {
                calls.add(m.getOpcode() + " " + m.owner + "." + m.name + m.desc);
            }
        });
        assertEquals(List.of(Opcodes.INVOKESTATIC
                + " io/jremix/probe/park/ParkHooks.unsafePark(Ljdk/internal/misc/Unsafe;ZJ)V"), calls);
        for (MethodNode m : cn.methods) {
            new Analyzer<BasicValue>(new BasicVerifier()).analyze(cn.name, m);
        }
    }

    @Test
    void classesWithoutCallsAreLeftAlone() throws IOException {
        assertNull(UnsafeParkCalls.rewrite(jdkClass("java.base", "java/lang/String")));
    }

    private static byte[] jdkClass(String module, String name) throws IOException {
        return Files.readAllBytes(JRT.getPath("/modules", module, name + ".class"));
    }

    private static boolean callsUnsafePark(byte[] classfile) {
        boolean[] found = new boolean[1];
        new ClassReader(classfile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String d, boolean itf) {
                        found[0] |= UnsafeParkCalls.isUnsafePark(opcode, owner, method, d);
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return found[0];
    }
}
