package io.jremix.agent.cache.repair;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.jremix.core.CodeOwner;
import io.jremix.core.cache.repair.PaddedClass;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Adds {@code @jdk.internal.vm.annotation.Contended("jremix-<group>")} to the planned fields of a class as it is
 * defined. The JVM then puts {@code ContendedPaddingWidth} bytes (128) before each group (with
 * {@code -XX:-RestrictContended}), but none after the last one, so a private transient synthetic field
 * {@value #TAIL_FIELD} in a group of its own is added last: it keeps the next object in memory a line away.
 * Being transient and synthetic, it changes neither serialization nor the computed serialVersionUID, and tools
 * that skip synthetic members do not see it. Only a class's first definition can change its layout, so this
 * transformer is registered as not retransformable: detection's later retransformations start from its output.
 * A JDK class (by its loader and module) is padded only when the run allows it: padding one grows every instance of
 * it, and of its subclasses, in the whole JVM, whatever the plan it came from (a profile may be written by hand).
 */
final class ContendedTransformer implements ClassFileTransformer {
    static final String CONTENDED = "Ljdk/internal/vm/annotation/Contended;";
    static final String TAIL_FIELD = "jremix$tailPadding";

    /** A class padded at load. */
    record Padded(PaddedClass plan, String source, List<String> missingFields) {
    }

    /** What to pad, by internal class name, with where each plan came from ("profile" or "online"). */
    private final Map<String, PaddedClass> plans = new ConcurrentHashMap<>();
    private final Map<String, String> sources = new ConcurrentHashMap<>();
    private final Map<String, Padded> padded = new ConcurrentHashMap<>();
    private final Set<String> failed = ConcurrentHashMap.newKeySet();
    private final Set<String> jdkLeftAlone = ConcurrentHashMap.newKeySet();
    private final boolean padJdkClasses;

    /** @param padJdkClasses whether JDK classes may be padded ({@code -XX:+REMIXPadJdkClasses}) */
    ContendedTransformer(boolean padJdkClasses) {
        this.padJdkClasses = padJdkClasses;
    }

    /** Whether {@code type} was padded by this transformer: it has the tail field. */
    static boolean padded(Class<?> type) {
        try {
            type.getDeclaredField(TAIL_FIELD);
            return true;
        } catch (NoSuchFieldException | SecurityException | LinkageError e) {
            return false;
        }
    }

    void plan(PaddedClass p, String source) {
        String internal = p.className().replace('.', '/');
        if (plans.putIfAbsent(internal, p) == null) {
            sources.put(internal, source);
        }
    }

    boolean planned(String className) {
        return plans.containsKey(className.replace('.', '/'));
    }

    Map<String, Padded> padded() {
        return Map.copyOf(padded);
    }

    Set<String> failed() {
        return Set.copyOf(failed);
    }

    /** The JDK classes planned but left unpadded, as the run did not allow it. */
    Set<String> jdkLeftAlone() {
        return Set.copyOf(jdkLeftAlone);
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] classfile) {
        PaddedClass plan = className == null || redefined != null ? null : plans.get(className);
        if (plan == null) {
            return null;
        }
        if (!padJdkClasses && CodeOwner.isJdk(loader, module)) {
            jdkLeftAlone.add(plan.className());
            return null;
        }
        try {
            ClassReader reader = new ClassReader(classfile);
            ClassWriter writer = new ClassWriter(reader, 0);
            Set<String> seen = new HashSet<>();
            reader.accept(new Padder(writer, plan, seen), 0);
            List<String> missing = plan.fields().stream().filter(f -> !seen.contains(f)).toList();
            padded.put(className, new Padded(plan, sources.get(className), missing));
            return seen.isEmpty() ? null : writer.toByteArray();
        } catch (Throwable t) { // a class that cannot be padded loads as it was, and the report names it
            failed.add(className.replace('/', '.') + ": " + t);
            return null;
        }
    }

    /** Annotates the planned instance fields; notes which ones it saw. */
    private static final class Padder extends ClassVisitor {
        private final PaddedClass plan;
        private final Set<String> seen;

        Padder(ClassVisitor next, PaddedClass plan, Set<String> seen) {
            super(Opcodes.ASM9, next);
            this.plan = plan;
            this.seen = seen;
        }

        @Override
        public void visitEnd() {
            if (!seen.isEmpty()) {
                FieldVisitor tail = super.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC,
                        TAIL_FIELD, "J", null, null);
                contended(tail, "jremix-tail");
                tail.visitEnd();
            }
            super.visitEnd();
        }

        private static void contended(FieldVisitor fv, String group) {
            AnnotationVisitor av = fv.visitAnnotation(CONTENDED, true);
            av.visit("value", group);
            av.visitEnd();
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
            FieldVisitor fv = super.visitField(access, name, descriptor, signature, value);
            int group = (access & Opcodes.ACC_STATIC) == 0 ? plan.groupOf(name) : -1;
            if (group < 0) {
                return fv;
            }
            seen.add(name);
            return new FieldVisitor(Opcodes.ASM9, fv) {
                private boolean alreadyContended;

                @Override
                public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                    alreadyContended |= desc.equals(CONTENDED);
                    return super.visitAnnotation(desc, visible);
                }

                @Override
                public void visitEnd() {
                    if (!alreadyContended) {
                        contended(getDelegate(), "jremix-" + group);
                    }
                    super.visitEnd();
                }
            };
        }
    }
}
