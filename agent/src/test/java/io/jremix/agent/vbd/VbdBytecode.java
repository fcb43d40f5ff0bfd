package io.jremix.agent.vbd;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.jremix.agent.bytecode.VbdRewrittenCode;
import io.jremix.options.VbdRelaxedPatterns;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The volatile-by-default invariants, checked on rewritten bytecode independently of the rewriter: outside relaxed
 * methods, every load and store of a field that may be neither final nor volatile nor relaxed nor effectively final is
 * a volatile access call, or, fenced, a load followed by an acquire fence and a store between a release and a full
 * fence (a field of another class may be anything, so its accesses count unless the caller knows them final or
 * volatile; a class initialiser's accesses to its own static fields do not); no plain array-element access or plain
 * Unsafe access is left; every constructor fences before each RETURN; every bulk copy and plain-mode VarHandle access
 * is fenced on both sides. No field declaration changes. A plain array load whose value is dropped at once is a check
 * (the volatile call follows), and a plain store followed by {@code aconst_null} and {@code athrow} is the null path of
 * a rewritten one.
 */
final class VbdBytecode {
    private static final Set<String> UNSAFES = Set.of("sun/misc/Unsafe", "jdk/internal/misc/Unsafe");
    private static final Set<String> TYPES = Set.of("Int", "Long", "Short", "Char", "Byte", "Boolean", "Float",
            "Double", "Object", "Reference");

    private VbdBytecode() {
    }

    /**
     * @param orderedFields {@code owner.name} of final and volatile fields of other classes, whose accesses need no
     *                      fences (an access to a field not listed must be fenced)
     */
    static List<String> violations(byte[] original, byte[] classfile, VbdRelaxedPatterns patterns,
                                   Set<String> orderedFields) {
        ClassNode c = new ClassNode();
        new ClassReader(classfile).accept(c, 0);
        ClassNode o = new ClassNode();
        new ClassReader(original).accept(o, 0);
        List<String> out = new ArrayList<>();
        if (!declarations(o).equals(declarations(c))) {
            out.add(c.name + ": field declarations changed from " + declarations(o) + " to " + declarations(c));
        }
        Set<String> ordered = new HashSet<>();
        for (FieldNode f : c.fields) {
            boolean relaxed = relaxed(f.invisibleAnnotations) || patterns.relaxesMember(c.name, f.name);
            if ((f.access & (Opcodes.ACC_FINAL | Opcodes.ACC_VOLATILE)) != 0 || relaxed) {
                ordered.add(f.name);
            }
        }
        Set<String> others = new HashSet<>();
        c.fields.stream().filter(f -> !ordered.contains(f.name)).forEach(f -> others.add(f.name));
        ordered.addAll(EffectivelyFinalFields.of(o, others)); // tested on its own: EffectivelyFinalFieldsTest
        Set<String> declared = new HashSet<>();
        c.fields.forEach(f -> declared.add(f.name));
        for (MethodNode m : c.methods) {
            if (relaxed(m.invisibleAnnotations) || patterns.relaxesMember(c.name, m.name)) {
                continue;
            }
            for (AbstractInsnNode insn : m.instructions) {
                String where = c.name + "." + m.name + m.desc + " @" + m.instructions.indexOf(insn);
                int op = insn.getOpcode();
                if (insn instanceof FieldInsnNode f) {
                    boolean own = f.owner.equals(c.name) && declared.contains(f.name);
                    boolean clinitStatic = own && m.name.equals("<clinit>")
                            && (op == Opcodes.GETSTATIC || op == Opcodes.PUTSTATIC);
                    boolean exempt = own ? ordered.contains(f.name) || clinitStatic
                            : patterns.relaxesMember(f.owner, f.name) || orderedFields.contains(f.owner + "." + f.name);
                    if (!exempt && !fenced(f) && !VbdRewrittenCode.isNullPath(f)) {
                        out.add(where + ": unfenced field access " + f.owner + "." + f.name);
                    }
                } else if ((op >= Opcodes.IALOAD && op <= Opcodes.SALOAD
                        || op >= Opcodes.IASTORE && op <= Opcodes.SASTORE)
                        && !dropped(insn) && !VbdRewrittenCode.isNullPath(insn)) {
                    out.add(where + ": plain array access " + op);
                } else if (insn instanceof MethodInsnNode call) {
                    if (isPlainUnsafe(call)) {
                        out.add(where + ": plain " + call.owner + "." + call.name);
                    }
                    if ((isBulk(call) || isPlainHandle(call))
                            && !(isFence(previous(insn), "fullFence") && isFence(next(insn), "fullFence"))) {
                        out.add(where + ": unfenced " + call.owner + "." + call.name);
                    }
                } else if (op == Opcodes.RETURN && m.name.equals("<init>") && !isFence(previous(insn), "releaseFence")) {
                    out.add(where + ": constructor returns without a release fence");
                }
            }
        }
        return out;
    }

    /** A load whose value is dropped at once: a check, which orders nothing (the access is the call after it). */
    private static boolean dropped(AbstractInsnNode load) {
        int next = next(load) == null ? -1 : next(load).getOpcode();
        return load.getOpcode() <= Opcodes.SALOAD && (next == Opcodes.POP || next == Opcodes.POP2);
    }

    private static boolean fenced(FieldInsnNode f) {
        if (VbdRewrittenCode.checkedCall(f) != null) {
            return true;
        }
        boolean load = f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.GETSTATIC;
        return load ? isFence(next(f), "acquireFence")
                : isFence(previous(f), "releaseFence") && isFence(next(f), "fullFence");
    }

    /** {@code owner.name} of the final and volatile fields {@code classfile} declares. */
    static List<String> orderedFields(byte[] classfile) {
        ClassNode c = new ClassNode();
        new ClassReader(classfile).accept(c, ClassReader.SKIP_CODE);
        return c.fields.stream().filter(f -> (f.access & (Opcodes.ACC_FINAL | Opcodes.ACC_VOLATILE)) != 0)
                .map(f -> c.name + "." + f.name).toList();
    }

    /** Each field's name, access flags and type, in order. */
    private static List<String> declarations(ClassNode c) {
        return c.fields.stream().map(f -> f.name + " " + f.access + " " + f.desc).toList();
    }

    private static boolean relaxed(List<AnnotationNode> annotations) {
        return annotations != null && annotations.stream().anyMatch(a -> a.desc.equals(VbdRewriter.RELAXED));
    }

    private static boolean isPlainUnsafe(MethodInsnNode call) {
        return UNSAFES.contains(call.owner) && call.desc.startsWith("(Ljava/lang/Object;J")
                && (call.name.startsWith("get") || call.name.startsWith("put")) && TYPES.contains(call.name.substring(3));
    }

    private static boolean isPlainHandle(MethodInsnNode call) {
        return call.owner.equals("java/lang/invoke/VarHandle") && (call.name.equals("get") || call.name.equals("set"));
    }

    private static boolean isBulk(MethodInsnNode call) {
        return call.owner.equals("java/lang/System") && call.name.equals("arraycopy")
                || call.owner.equals("java/util/Arrays") && Set.of("copyOf", "copyOfRange", "fill").contains(call.name)
                || call.owner.startsWith("[") && call.name.equals("clone");
    }

    private static boolean isFence(AbstractInsnNode insn, String name) {
        return insn instanceof MethodInsnNode call && call.owner.equals("java/lang/invoke/VarHandle")
                && call.name.equals(name);
    }

    private static AbstractInsnNode previous(AbstractInsnNode insn) {
        AbstractInsnNode p = insn.getPrevious();
        while (p != null && p.getOpcode() < 0) {
            p = p.getPrevious();
        }
        return p;
    }

    private static AbstractInsnNode next(AbstractInsnNode insn) {
        AbstractInsnNode n = insn.getNext();
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
    }
}
