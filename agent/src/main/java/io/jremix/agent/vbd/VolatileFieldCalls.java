package io.jremix.agent.vbd;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Turns a {@code getfield}/{@code putfield} into a call of its site's volatile access method ({@link FieldSites}),
 * so that C2 sees a volatile access tied to its object (whose barriers it drops when the object never escapes)
 * rather than a plain access between free-standing fences.
 *
 * <p>The plain instruction stays in front as a load whose value is dropped: it resolves the field, checks access and
 * throws the JVM's own {@link NullPointerException}, exactly where and as the original did; a store's object is
 * tested first, and a {@code null} one goes to the original {@code putfield} ({@link NullPaths}), whose message says
 * "Cannot assign field" where the load's says "Cannot read field". An access to a field of
 * {@code this} ({@code ThisValues.fieldAccessesOnThis}) needs none of that (the object is never {@code null}, and its
 * class has the field the instruction names, which the site resolves when it first runs) and goes without, so it
 * keeps the size of the instruction it replaces. Constructors (whose stores may act on the object before its
 * superclass constructor ran, which no method may be handed) keep {@link FieldFences}, and so does any site once no
 * more can be made.
 */
public final class VolatileFieldCalls {
    private VolatileFieldCalls() {
    }

    /** Whether {@code f}, in a method called {@code method}, may become a call (else it keeps its fences). */
    static boolean callable(String method, FieldInsnNode f) {
        boolean instance = f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.PUTFIELD;
        return instance && !method.equals("<init>");
    }

    /**
     * Replaces {@code f} in {@code code} by {@code call}: with a check in front if {@code checked} (the object is not
     * {@code this}), and a cast back after a reference load. A checked store first jumps to {@code ifNull}, its
     * {@link NullPaths null path}, when its object is {@code null} ({@code ifNull} is {@code null} for a load, whose
     * check throws as the original did, or an unreachable store).
     */
    static void replace(InsnList code, FieldInsnNode f, MethodInsnNode call, boolean checked, LabelNode ifNull) {
        Type type = Type.getType(f.desc);
        boolean load = f.getOpcode() == Opcodes.GETFIELD;
        InsnList site = new InsnList();
        if (checked) {
            site.add(check(f, type, load, ifNull));
        }
        site.add(call);
        boolean reference = type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY;
        if (load && reference && !f.desc.equals("Ljava/lang/Object;")) {
            site.add(new TypeInsnNode(Opcodes.CHECKCAST, type.getInternalName()));
        }
        code.insertBefore(f, site);
        code.remove(f);
    }

    private static InsnList check(FieldInsnNode f, Type type, boolean load, LabelNode ifNull) {
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
        if (ifNull != null) { // the load below would throw "Cannot read field", not the store's "Cannot assign field"
            check.add(new InsnNode(Opcodes.DUP));
            check.add(new JumpInsnNode(Opcodes.IFNULL, ifNull));
        }
        check.add(new FieldInsnNode(Opcodes.GETFIELD, f.owner, f.name, f.desc));
        check.add(new InsnNode(type.getSize() == 1 ? Opcodes.POP : Opcodes.POP2));
        return check;
    }

    /** The name part of {@code VolatileFields}' accessor for a field of {@code type}: {@code getInt}, ... */
    static String kind(Type type) {
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
