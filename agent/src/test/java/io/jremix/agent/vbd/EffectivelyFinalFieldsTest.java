package io.jremix.agent.vbd;

import java.io.IOException;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.jremix.agent.bytecode.VbdRewrittenCode;
import io.jremix.options.VbdRelaxedPatterns;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Which fields {@link EffectivelyFinalFields} finds written only before their object can be published, over
 * {@link EffectivelyFinalFixture} and its neighbours.
 */
class EffectivelyFinalFieldsTest {
    private static ClassNode node(Class<?> c) throws IOException {
        ClassNode node = new ClassNode();
        new ClassReader(VbdRewriterTest.classBytes(c)).accept(node, ClassReader.EXPAND_FRAMES);
        return node;
    }

    /** The fields VBD would order otherwise: neither final nor volatile, static ones included. */
    private static Set<String> effectivelyFinal(Class<?> c) throws IOException {
        ClassNode node = node(c);
        Set<String> candidates = new HashSet<>();
        node.fields.stream().filter(f -> (f.access & (Opcodes.ACC_FINAL | Opcodes.ACC_VOLATILE)) == 0)
                .forEach(f -> candidates.add(f.name));
        return EffectivelyFinalFields.of(node, candidates);
    }

    /**
     * Written in its constructor before {@code this} escapes, or in a constructor after one of the class's own that
     * lets nothing escape: plain. Written in a method, after {@code this} escapes, on another object of the class,
     * static, protected, package-private: ordered.
     */
    @Test
    void onlyPrivateFieldsWrittenBeforeTheirObjectCanEscape() throws IOException {
        assertEquals(Set.of("set", "delegated"), effectivelyFinal(EffectivelyFinalFixture.class));
    }

    @Test
    void aSuperclassOtherThanObjectMayPublishTheObjectFirst() throws IOException {
        assertEquals(Set.of(), effectivelyFinal(EffectivelyFinalSub.class));
    }

    @Test
    void aStoreAfterAConstructorThatLetsThisEscapeIsOrdered() throws IOException {
        assertEquals(Set.of("first"), effectivelyFinal(EffectivelyFinalDelegate.class));
    }

    @Test
    void aNestmateMayWriteAPrivateField() throws IOException {
        assertEquals(Set.of(), effectivelyFinal(EffectivelyFinalNest.class));
    }

    /**
     * The rewritten class reads its effectively final fields and stores them in its constructors with plain
     * instructions, orders every other access, and computes what the original does.
     */
    @Test
    void rewrittenClassReadsThemPlainly() throws Exception {
        VbdRewriter.Outcome o = new VbdRewriter(VbdRelaxedPatterns.none())
                .rewrite(VbdRewriterTest.classBytes(EffectivelyFinalFixture.class));
        assertEquals(2, o.effectivelyFinal());
        assertEquals("", VbdRewriterTest.verify(o.classfile()));
        assertEquals(List.of(), VbdBytecode.violations(VbdRewriterTest.classBytes(EffectivelyFinalFixture.class),
                o.classfile(), VbdRelaxedPatterns.none(), Set.of()));
        ClassNode rewritten = new ClassNode();
        new ClassReader(o.classfile()).accept(rewritten, 0);
        MethodNode sum = rewritten.methods.stream().filter(m -> m.name.equals("sum")).findFirst().orElseThrow();
        List<String> plain = new ArrayList<>();
        sum.instructions.forEach(i -> {
            if (i instanceof FieldInsnNode f && f.getOpcode() == Opcodes.GETFIELD
                    && VbdRewrittenCode.checkedCall(f) == null) {
                plain.add(f.name);
            }
        });
        assertEquals(List.of("set", "delegated", "declared"), plain);

        Class<?> c = VbdRewriterTest.defineRewritten(EffectivelyFinalFixture.class, o);
        Constructor<?> one = c.getDeclaredConstructor(int.class);
        Constructor<?> two = c.getDeclaredConstructor(int.class, c);
        Method sumOf = c.getDeclaredMethod("sum");
        for (AccessibleObject a : List.of(one, two, sumOf)) {
            a.setAccessible(true); // another loader: another run-time package
        }
        Object built = two.newInstance(3, one.newInstance(5));
        // set 3, delegated 4, later 0, afterEscape 3, onAnother 0, inherited, packaged and declared 3, count 1
        assertEquals(20, sumOf.invoke(built));
    }
}
