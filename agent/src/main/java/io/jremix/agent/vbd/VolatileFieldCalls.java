package io.jremix.agent.vbd;

import io.jremix.probe.vbd.VolatileFields;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Turns a {@code getfield}/{@code putfield} into a call of the matching {@code VolatileFields} method with the
 * site's number, so that C2 sees a volatile access tied to its object (whose barriers it drops when the object never
 * escapes) rather than a plain access between free-standing fences.
 *
 * <p>The plain instruction stays in front as a load whose value is dropped: it resolves the field, checks access and
 * throws the JVM's own {@link NullPointerException}, exactly where and as the original did. An access to a field of
 * {@code this} ({@link ThisValues#fieldAccessesOnThis}) needs none of that (the object is never {@code null}, and its
 * class has the field the instruction names, which the site resolves when it first runs) and goes without: the
 * check would add 5 bytes to the site's 5, and C2's inlining limits count bytes. Constructors (whose
 * stores may act on the object before its superclass constructor ran, which no method may be handed) keep
 * {@link FieldFences}, and so does any site once {@code VolatileFields} has numbered as many as it can hold.
 */
public final class VolatileFieldCalls {
    static final String FIELDS = "io/jremix/probe/vbd/VolatileFields";
    private static final String OBJECT = "Ljava/lang/Object;";

    private VolatileFieldCalls() {
    }

    /** The number of a new site for {@code f} in a method called {@code method}, or -1 if it keeps its fences. */
    static int site(String method, FieldInsnNode f) {
        boolean instance = f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.PUTFIELD;
        return instance && !method.equals("<init>") ? VolatileFields.site(f.owner, f.name, f.desc) : -1;
    }

    /**
     * Replaces {@code f} in {@code code}: a check unless the object is {@code this}, the site's number, the call (and
     * a cast back for a reference load).
     */
    static void replace(InsnList code, FieldInsnNode f, int number, boolean onThis) {
        Type type = Type.getType(f.desc);
        boolean load = f.getOpcode() == Opcodes.GETFIELD;
        InsnList site = new InsnList();
        if (!onThis) {
            site.add(check(f, type, load));
        }
        site.add(new LdcInsnNode(number));
        String kind = kind(type);
        String value = type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY ? OBJECT
                : type.getSort() == Type.BOOLEAN && !load ? "I" : f.desc;
        site.add(new MethodInsnNode(Opcodes.INVOKESTATIC, FIELDS, (load ? "get" : "put") + kind,
                load ? "(" + OBJECT + "I)" + value : "(" + OBJECT + value + "I)V", false));
        if (load && value.equals(OBJECT) && !f.desc.equals(OBJECT)) {
            site.add(new TypeInsnNode(Opcodes.CHECKCAST, type.getInternalName()));
        }
        code.insertBefore(f, site);
        code.remove(f);
    }

    private static InsnList check(FieldInsnNode f, Type type, boolean load) {
        InsnList check = new InsnList();
        if (load) {
            check.add(new InsnNode(Opcodes.DUP));
        } else if (type.getSize() == 1) { // object, value -> object, value, object
            check.add(new InsnNode(Opcodes.SWAP));
            check.add(new InsnNode(Opcodes.DUP_X1));
        } else { // object, value(2) -> object, value(2), object
            check.add(new InsnNode(Opcodes.DUP2_X1));
            check.add(new InsnNode(Opcodes.POP2));
            check.add(new InsnNode(Opcodes.DUP_X2));
        }
        check.add(new FieldInsnNode(Opcodes.GETFIELD, f.owner, f.name, f.desc));
        check.add(new InsnNode(type.getSize() == 1 ? Opcodes.POP : Opcodes.POP2));
        return check;
    }

    /**
     * What a rewritten site's call accesses.
     *
     * @param number the instruction pushing the site's number, just before the call (the object, and the value of a
     *               store, are on the stack under it)
     */
    public record Access(AbstractInsnNode number, String owner, String name, String descriptor, boolean store) {
    }

    /**
     * What {@code call} accesses when it is a rewritten site's call, or {@code null}: whoever reads rewritten code
     * (cache detection beside VBD) learns from it which field the site loads or stores.
     */
    public static Access accessOf(MethodInsnNode call) {
        AbstractInsnNode number = previous(call);
        if (!call.owner.equals(FIELDS) || !isSiteNumber(number)) {
            return null;
        }
        String[] f = VolatileFields.field((Integer) ((LdcInsnNode) number).cst);
        return new Access(number, f[0], f[1], f[2], call.name.startsWith("put"));
    }

    /**
     * The call that {@code f} is the check of, or {@code null} when {@code f} is an ordinary instruction: a check
     * is not an access of its own, its call is ({@link #accessOf}).
     */
    public static MethodInsnNode checkedCall(FieldInsnNode f) {
        AbstractInsnNode pop = next(f);
        AbstractInsnNode number = pop == null ? null : next(pop);
        AbstractInsnNode call = number == null ? null : next(number);
        boolean site = f.getOpcode() == Opcodes.GETFIELD && pop != null
                && (pop.getOpcode() == Opcodes.POP || pop.getOpcode() == Opcodes.POP2)
                && isSiteNumber(number) && call instanceof MethodInsnNode m && m.owner.equals(FIELDS);
        return site ? (MethodInsnNode) call : null;
    }

    private static boolean isSiteNumber(AbstractInsnNode insn) {
        return insn instanceof LdcInsnNode ldc && ldc.cst instanceof Integer;
    }

    private static AbstractInsnNode next(AbstractInsnNode insn) {
        AbstractInsnNode n = insn.getNext();
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
    }

    private static AbstractInsnNode previous(AbstractInsnNode insn) {
        AbstractInsnNode p = insn.getPrevious();
        while (p != null && p.getOpcode() < 0) {
            p = p.getPrevious();
        }
        return p;
    }

    private static String kind(Type type) {
        return switch (type.getSort()) {
            case Type.BOOLEAN -> "Boolean";
            case Type.BYTE -> "Byte";
            case Type.CHAR -> "Char";
            case Type.SHORT -> "Short";
            case Type.INT -> "Int";
            case Type.FLOAT -> "Float";
            case Type.LONG -> "Long";
            case Type.DOUBLE -> "Double";
            default -> "Reference";
        };
    }
}
