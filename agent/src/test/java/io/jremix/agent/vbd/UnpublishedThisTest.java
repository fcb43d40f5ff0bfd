package io.jremix.agent.vbd;

import java.util.List;
import java.util.Set;

import io.jremix.agent.bytecode.UnpublishedThis;
import io.jremix.options.VbdRelaxedPatterns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which constructor accesses happen before {@code this} can escape, over {@link UnpublishedFixture}. */
class UnpublishedThisTest {
    private static final String OWNER = "io/jremix/agent/vbd/UnpublishedFixture";
    private static final String OBJECT_INIT = "java/lang/Object.<init>()V";
    private static final Set<String> FIELDS = Set.of("a", "b", "wide", "name", "other");

    private static UnpublishedThis.Result analyze(Class<?> c, String desc) throws Exception {
        ClassNode node = new ClassNode();
        new ClassReader(VbdRewriterTest.classBytes(c)).accept(node, ClassReader.EXPAND_FRAMES);
        MethodNode ctor = node.methods.stream().filter(m -> m.name.equals("<init>") && m.desc.equals(desc))
                .findFirst().orElseThrow(() -> new AssertionError("no constructor " + desc));
        return UnpublishedThis.of(node.name, ctor, FIELDS);
    }

    private static String accesses(UnpublishedThis.Result r) {
        return String.join(" ", r.accesses().stream()
                .map(f -> (f.getOpcode() == Opcodes.GETFIELD ? "get " : "put ") + f.name).toList());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "(I)V                                        | put a,get a,put b,put wide,put name | false",
        "(IZ)V                                       | put a                               | true",
        "(Ljava/lang/String;)V                       | put a                               | true",
        "(II)V                                       | get a,put a                         | true",
        "(ILjava/lang/String;)V                      | ''                                  | true",
        "(Z)V                                        | put a                               | true",
        "(Lio/jremix/agent/vbd/UnpublishedFixture;)V | put other,put b                     | false",
        "(J)V                                        | put wide                            | true",
    })
    void accessesBeforeTheFirstPossibleEscape(String desc, String expected, boolean escapes) throws Exception {
        UnpublishedThis.Result r = analyze(UnpublishedFixture.class, desc);
        assertEquals(expected.replace(',', ' '), accesses(r));
        assertEquals(escapes, r.escapes());
        assertEquals(OBJECT_INIT, r.calls());
    }

    /** The rewritten constructors, their sites linked to plain accesses, build the objects the originals build. */
    @Test
    void rewrittenConstructorsBuildTheSameObjects() throws Exception {
        byte[] original = VbdRewriterTest.classBytes(UnpublishedFixture.class);
        VbdRewriter.Outcome o = new VbdRewriter(VbdRelaxedPatterns.none()).rewrite(original);
        assertEquals("", VbdRewriterTest.verify(o.classfile()));
        assertTrue(o.unpublishedSites() >= 12, "sites: " + o.unpublishedSites());
        Class<?> rewritten = VbdRewriterTest.defineRewritten(UnpublishedFixture.class, o);
        Object[][] arguments = {{7}, {7, true}, {"x"}, {10, 3}, {4, "p"}, {true}, {false}, {}, {9L}};
        for (Object[] args : arguments) {
            Object expected = construct(UnpublishedFixture.class, args);
            Object actual = construct(rewritten, args);
            for (String f : List.of("a", "b", "wide", "name")) {
                assertEquals(field(expected, f), field(actual, f), f + " after new UnpublishedFixture" + List.of(args));
            }
        }
    }

    private static Object construct(Class<?> c, Object[] args) throws Exception {
        for (java.lang.reflect.Constructor<?> k : c.getDeclaredConstructors()) {
            Class<?>[] types = k.getParameterTypes();
            if (types.length == args.length && matches(types, args)) {
                k.setAccessible(true);
                return k.newInstance(args);
            }
        }
        throw new AssertionError("no constructor for " + List.of(args));
    }

    private static boolean matches(Class<?>[] types, Object[] args) {
        for (int i = 0; i < types.length; i++) {
            Class<?> boxed = java.lang.invoke.MethodType.methodType(types[i]).wrap().returnType();
            if (!boxed.isInstance(args[i])) {
                return false;
            }
        }
        return true;
    }

    private static Object field(Object o, String name) throws ReflectiveOperationException {
        java.lang.reflect.Field f = o.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
    }

    @Test
    void theConstructorCalledFirstIsNamedForTheChain() throws Exception {
        UnpublishedThis.Result delegating = analyze(UnpublishedFixture.class, "()V");
        assertEquals(OWNER + ".<init>(I)V", delegating.calls());
        assertEquals("put b", accesses(delegating));

        UnpublishedThis.Result sub = analyze(UnpublishedFixture.Sub.class, "()V");
        assertEquals(OWNER + ".<init>(I)V", sub.calls());
        assertEquals(false, sub.escapes());
        assertEquals(List.of(), sub.accesses(), "c is not among the fields asked about, a is not Sub's own");
    }
}
