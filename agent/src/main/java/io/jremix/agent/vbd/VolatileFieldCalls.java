package io.jremix.agent.vbd;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Turns a {@code getfield}/{@code putfield} into a call of the matching {@code VolatileFields} method with the
 * field's offset from a constant {@code invokedynamic} site, so that C2 sees a volatile access tied to its object
 * (whose barriers it drops when the object never escapes) rather than a plain access between free-standing fences.
 *
 * <p>The plain instruction stays in front as a load whose value is dropped: it resolves the field, checks access and
 * throws the JVM's own {@link NullPointerException}, exactly where and as the original did. The offset comes from
 * {@code invokedynamic}, not from a dynamic constant: JDK 17's C1 and C2 give up on a whole method that holds a
 * dynamic constant not yet resolved ("could not resolve a constant"), which left 35 of Lucene's methods
 * interpreted for good and its indexing 7 times slower, while a site not yet linked only becomes a trap. Class files
 * older than Java 7 (no {@code invokedynamic}), and constructors (whose stores may act on the object before its
 * superclass constructor ran, which no method may be handed), keep {@link FieldFences}.
 */
public final class VolatileFieldCalls {
    static final String FIELDS = "io/jremix/probe/vbd/VolatileFields";
    private static final Handle OFFSET_SITE = new Handle(Opcodes.H_INVOKESTATIC, FIELDS, "offsetSite",
            "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/Class;"
                    + "Ljava/lang/String;)Ljava/lang/invoke/CallSite;", false);
    private static final String OBJECT = "Ljava/lang/Object;";
    private static final String OFFSET_TYPE = "J";

    private VolatileFieldCalls() {
    }

    /** Whether {@code f}, in a method called {@code method} of a class of {@code classVersion}, can become a call. */
    static boolean fits(int classVersion, String method, FieldInsnNode f) {
        return (classVersion & 0xFFFF) >= Opcodes.V1_7 && !method.equals("<init>")
                && (f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.PUTFIELD);
    }

    /** Replaces {@code f} in {@code code}: a check, the offset, the call (and a cast back for a reference load). */
    static void replace(InsnList code, FieldInsnNode f) {
        Type type = Type.getType(f.desc);
        boolean load = f.getOpcode() == Opcodes.GETFIELD;
        InsnList site = new InsnList();
        if (load) {
            site.add(new InsnNode(Opcodes.DUP));
        } else if (type.getSize() == 1) { // object, value -> object, value, object
            site.add(new InsnNode(Opcodes.SWAP));
            site.add(new InsnNode(Opcodes.DUP_X1));
        } else { // object, value(2) -> object, value(2), object
            site.add(new InsnNode(Opcodes.DUP2_X1));
            site.add(new InsnNode(Opcodes.POP2));
            site.add(new InsnNode(Opcodes.DUP_X2));
        }
        site.add(new FieldInsnNode(Opcodes.GETFIELD, f.owner, f.name, f.desc));
        site.add(new InsnNode(type.getSize() == 1 ? Opcodes.POP : Opcodes.POP2));
        site.add(new InvokeDynamicInsnNode(f.name, "()" + OFFSET_TYPE, OFFSET_SITE, Type.getObjectType(f.owner),
                f.desc));
        String kind = kind(type);
        String value = type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY ? OBJECT
                : type.getSort() == Type.BOOLEAN && !load ? "I" : f.desc;
        site.add(new MethodInsnNode(Opcodes.INVOKESTATIC, FIELDS, (load ? "get" : "put") + kind,
                load ? "(" + OBJECT + OFFSET_TYPE + ")" + value : "(" + OBJECT + value + OFFSET_TYPE + ")V", false));
        if (load && value.equals(OBJECT) && !f.desc.equals(OBJECT)) {
            site.add(new TypeInsnNode(Opcodes.CHECKCAST, type.getInternalName()));
        }
        code.insertBefore(f, site);
        code.remove(f);
    }

    /**
     * The call that {@code f} is the check of, or {@code null} when {@code f} is an ordinary instruction: whoever
     * reads rewritten code (cache detection beside VBD) learns from it whether the site loads or stores the field.
     */
    public static MethodInsnNode checkedCall(FieldInsnNode f) {
        AbstractInsnNode pop = next(f);
        AbstractInsnNode offset = pop == null ? null : next(pop);
        AbstractInsnNode call = offset == null ? null : next(offset);
        boolean site = f.getOpcode() == Opcodes.GETFIELD && pop != null
                && (pop.getOpcode() == Opcodes.POP || pop.getOpcode() == Opcodes.POP2)
                && isOffset(offset, f.name) && call instanceof MethodInsnNode m && m.owner.equals(FIELDS);
        return site ? (MethodInsnNode) call : null;
    }

    private static boolean isOffset(AbstractInsnNode insn, String field) {
        return insn instanceof InvokeDynamicInsnNode indy && indy.name.equals(field) && indy.bsm.equals(OFFSET_SITE);
    }

    /** Whether {@code f} is the check of a store. */
    public static boolean checksStore(FieldInsnNode f) {
        MethodInsnNode call = checkedCall(f);
        return call != null && call.name.startsWith("put");
    }

    private static AbstractInsnNode next(AbstractInsnNode insn) {
        AbstractInsnNode n = insn.getNext();
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
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
