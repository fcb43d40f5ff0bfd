package io.jremix.agent.cache.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.jremix.agent.vbd.VbdRewriter;
import io.jremix.options.VbdRelaxedPatterns;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * A rewritten class needs the classes its original needed, no more and no fewer: {@link MissingTypeFixture} loads
 * and runs without its mapper's interface, its {@code Keeper}, whose original needs it, fails to load, and its
 * {@code Tally}, which declares a field of that type, works (VBD's accessors find fields without reflection);
 * probed, probed with duplicated bodies and VBD-rewritten, from javac's class file (checked against its stack-map
 * frames) and from a copy of version 49 (whose types the verifier infers, merging them through the class hierarchy
 * where paths meet).
 */
class MissingTypesTest {
    private static final String ABSENT = MissingTypeFixture.Absent.class.getName();
    /** What the fixture returns without the mapper; with it, it fails as the original does. */
    private static final String WITHOUT_MAPPER = "{allow-objects=true}";
    private static final String NO_ABSENT = "java.lang.NoClassDefFoundError: " + ABSENT.replace('.', '/');

    static List<List<String>> rewritesAndVersions() {
        List<String> rewrites = List.of("probes", "probes with duplicated bodies", "VBD");
        return rewrites.stream().flatMap(r -> List.of(List.of(r, "javac's"), List.of(r, "49")).stream()).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rewritesAndVersions")
    void rewrittenClassLoadsAndRunsAsItsOriginalWithoutATypeNeitherNeeds(List<String> rewriteAndVersion)
            throws Exception {
        boolean version49 = rewriteAndVersion.get(1).equals("49");
        WithoutAbsent plain = new WithoutAbsent();
        WithoutAbsent rewritten = new WithoutAbsent();
        for (Class<?> c : List.of(MissingTypeFixture.class, MissingTypeFixture.Keeper.class,
                MissingTypeFixture.Tally.class)) {
            byte[] classfile = CacheInstrumenterTest.classBytes(c);
            classfile = version49 ? asVersion49(classfile) : classfile;
            plain.classes.put(c.getName(), classfile);
            byte[] r = rewrite(rewriteAndVersion.get(0), classfile, rewritten);
            rewritten.classes.put(c.getName(), r != null ? r : classfile);
        }

        List<String> outcomes = outcomes(plain);
        assertEquals(List.of(WITHOUT_MAPPER, NO_ABSENT, NO_ABSENT, "2"), outcomes);
        assertEquals(outcomes, outcomes(rewritten));
    }

    private static byte[] rewrite(String how, byte[] classfile, ClassLoader loader) {
        return switch (how) {
            case "VBD" -> new VbdRewriter(VbdRelaxedPatterns.none()).rewrite(classfile, loader).classfile();
            default -> new CacheInstrumenter(new SiteTable(), 4, how.endsWith("bodies"))
                    .instrument(classfile, CacheInstrumenterTest.LOADER).classfile();
        };
    }

    /**
     * What {@code options} returns, or throws, without the mapper and with it, how loading the keeper ends, and what
     * {@code tally(1)} returns.
     */
    private static List<String> outcomes(WithoutAbsent loader) {
        return List.of(run(loader, "options", new HashMap<>(), false), run(loader, "options", new HashMap<>(), true),
                load(loader, MissingTypeFixture.Keeper.class), run(loader, "tally", 1));
    }

    /** Defines the fixtures from its bytes and the mapper's classes from theirs, and finds no mapper interface. */
    private static final class WithoutAbsent extends ClassLoader {
        final Map<String, byte[]> classes = new HashMap<>();

        WithoutAbsent() {
            super(MissingTypesTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                if (name.equals(ABSENT)) {
                    throw new ClassNotFoundException(name);
                }
                byte[] b = classes.get(name);
                if (b == null && (name.equals(MissingTypeFixture.Mapper.class.getName())
                        || name.equals(MissingTypeFixture.Base.class.getName()))) {
                    b = classBytes(name);
                }
                if (b == null) {
                    return super.loadClass(name, resolve);
                }
                Class<?> k = findLoadedClass(name);
                return k != null ? k : defineClass(name, b, 0, b.length);
            }
        }

        private static byte[] classBytes(String name) throws ClassNotFoundException {
            try {
                return CacheInstrumenterTest.classBytes(Class.forName(name));
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    private static String load(ClassLoader loader, Class<?> c) {
        try {
            return "loaded " + Class.forName(c.getName(), true, loader).getSimpleName();
        } catch (ClassNotFoundException | LinkageError e) {
            return e.toString();
        }
    }

    private static String run(ClassLoader loader, String method, Object... args) {
        try {
            Class<?> c = Class.forName(MissingTypeFixture.class.getName(), true, loader);
            for (java.lang.reflect.Method m : c.getMethods()) {
                if (m.getName().equals(method)) {
                    return String.valueOf(m.invoke(null, args));
                }
            }
            throw new NoSuchMethodException(method);
        } catch (InvocationTargetException e) {
            return e.getCause().toString();
        } catch (ReflectiveOperationException | LinkageError e) {
            return e.toString();
        }
    }

    /** The class as a class file of version 49: no stack-map frames, its types inferred by the verifier. */
    private static byte[] asVersion49(byte[] classfile) throws IOException {
        ClassWriter writer = new ClassWriter(0);
        new ClassReader(classfile).accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] interfaces) {
                super.visit(Opcodes.V1_5, access, name, signature, superName, interfaces);
            }
        }, ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }
}
