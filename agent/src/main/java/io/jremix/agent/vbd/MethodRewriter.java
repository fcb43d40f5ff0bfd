package io.jremix.agent.vbd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jremix.core.ClassNames;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Rewrites one method's code for volatile-by-default:
 * <ul>
 *   <li>every array-element load and store becomes a call of the matching {@code VolatileArrays} method (the
 *       operands are already on the stack in the right order); {@code AALOAD} is followed by a cast to the
 *       component type the verifier knew, and {@code BALOAD}/{@code BASTORE} pick byte or boolean by that type;
 *   <li>plain {@code Unsafe} and {@code VarHandle} accesses become volatile or fenced ({@link PlainAccessCalls});
 *   <li>bulk copies and fills get a full fence before and after, as VBD-HotSpot fences its intrinsics;
 *   <li>a constructor gets a release fence before each {@code RETURN}, so that no store publishing the new object
 *       can move ahead of the stores that initialise it; its accesses to its own object's fields before the object
 *       can escape ({@link UnpublishedThis}) become {@code invokedynamic} sites that {@code UnpublishedFields}
 *       links to plain accesses when the constructors it calls first let nothing escape either.
 * </ul>
 * A relaxed method instead gets {@link #relaxFields}. Every change keeps the stack depth at each instruction and the
 * types in each stack-map frame, so the frames read with {@code EXPAND_FRAMES} stay valid. The array types come
 * from {@link ArrayTypes}.
 */
final class MethodRewriter {
    static final String ARRAYS = "io/jremix/probe/vbd/VolatileArrays";
    static final String VAR_HANDLE = "java/lang/invoke/VarHandle";
    static final String RELAXED_FIELDS = "io/jremix/probe/vbd/RelaxedFields";
    static final String UNPUBLISHED_FIELDS = "io/jremix/probe/vbd/UnpublishedFields";
    private static final String UNPUBLISHED_BOOTSTRAP = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
            + "Ljava/lang/invoke/MethodType;Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/invoke/CallSite;";
    private static final String OBJECT = "Ljava/lang/Object;";
    private static final String BOOTSTRAP = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
            + "Ljava/lang/invoke/MethodType;Ljava/lang/Class;)Ljava/lang/invoke/CallSite;";

    /** What a rewritten method gained. */
    record Counts(int arraySites, int plainAccessSites, int fences, int unpublishedSites) {
    }

    private MethodRewriter() {
    }

    /**
     * @param unpublished a constructor's accesses to its own object before it can escape, and the constructor it
     *                    calls first; {@code null} for other methods
     */
    static Counts rewrite(String owner, int classVersion, MethodNode m, UnpublishedThis.Result unpublished) {
        InsnList code = m.instructions;
        if (code.size() == 0) {
            return new Counts(0, 0, 0, 0);
        }
        Map<AbstractInsnNode, String> arrayTypes = needsTypes(code) ? ArrayTypes.of(owner, classVersion, m) : Map.of();
        List<Runnable> edits = new ArrayList<>();
        int arrays = 0;
        int plain = 0;
        int fences = 0;
        boolean constructor = m.name.equals("<init>");
        for (AbstractInsnNode insn : code) {
            int op = insn.getOpcode();
            if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD || op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
                AbstractInsnNode[] replacement = arrayAccess(op, arrayTypes.get(insn));
                if (replacement != null) {
                    edits.add(() -> replace(code, insn, replacement));
                    arrays++;
                }
            } else if (insn instanceof MethodInsnNode call) {
                String volatileName = PlainAccessCalls.volatileForm(call);
                if (volatileName != null) {
                    call.name = volatileName;
                    plain++;
                } else if (PlainAccessCalls.isFencedAccess(call) || BulkCopies.isBulk(call)) {
                    edits.add(() -> {
                        code.insertBefore(call, fullFence());
                        code.insert(call, fullFence());
                    });
                    fences += 2;
                    if (PlainAccessCalls.isFencedAccess(call)) {
                        plain++;
                    }
                }
            } else if (op == Opcodes.RETURN && constructor) {
                edits.add(() -> code.insertBefore(insn, fence("releaseFence")));
                fences++;
            }
        }
        edits.forEach(Runnable::run);
        int unpublishedSites = 0;
        if (unpublished != null && (classVersion & 0xFFFF) >= Opcodes.V1_7) {
            for (FieldInsnNode f : unpublished.accesses()) {
                boolean load = f.getOpcode() == Opcodes.GETFIELD;
                fieldSite(code, f, new Handle(Opcodes.H_INVOKESTATIC, UNPUBLISHED_FIELDS, load ? "getField" : "putField",
                        UNPUBLISHED_BOOTSTRAP, false), Type.getObjectType(f.owner), unpublished.calls());
                unpublishedSites++;
            }
        }
        return new Counts(arrays, plain, fences, unpublishedSites);
    }

    /**
     * Makes a relaxed method's field accesses plain again: each access to a field VBD made volatile in this class
     * ({@code madeVolatile}), or to a field of another program class (which VBD may have made volatile; the JDK's
     * never are), becomes an {@code invokedynamic} site linked by {@code RelaxedFields}, followed for a reference
     * load by a cast to the field's type (the site passes references as {@code Object}). Class files older than
     * Java 7 have no {@code invokedynamic}; their accesses stay volatile.
     *
     * @return the sites made
     */
    static int relaxFields(ClassNode c, MethodNode m, Set<String> madeVolatile) {
        if ((c.version & 0xFFFF) < Opcodes.V1_7) {
            return 0;
        }
        List<FieldInsnNode> accesses = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof FieldInsnNode f && !ClassNames.isJdk(f.owner)
                    && (!f.owner.equals(c.name) || !declares(c, f.name) || madeVolatile.contains(f.name))) {
                accesses.add(f);
            }
        }
        for (FieldInsnNode f : accesses) {
            String bootstrap = switch (f.getOpcode()) {
                case Opcodes.GETFIELD -> "getField";
                case Opcodes.PUTFIELD -> "putField";
                case Opcodes.GETSTATIC -> "getStatic";
                default -> "putStatic";
            };
            fieldSite(m.instructions, f, new Handle(Opcodes.H_INVOKESTATIC, RELAXED_FIELDS, bootstrap, BOOTSTRAP, false),
                    Type.getObjectType(f.owner));
        }
        return accesses.size();
    }

    /**
     * Replaces a field instruction by an {@code invokedynamic} site with the same operands, references passed as
     * {@code Object} (so that linking loads no class the instruction would not), and a load's result cast back to
     * the field's type.
     */
    private static void fieldSite(InsnList code, FieldInsnNode f, Handle bootstrap, Object... arguments) {
        Type type = Type.getType(f.desc);
        boolean reference = type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY;
        String value = reference ? OBJECT : f.desc;
        String desc = switch (f.getOpcode()) {
            case Opcodes.GETFIELD -> "(" + OBJECT + ")" + value;
            case Opcodes.PUTFIELD -> "(" + OBJECT + value + ")V";
            case Opcodes.GETSTATIC -> "()" + value;
            default -> "(" + value + ")V";
        };
        code.insertBefore(f, new InvokeDynamicInsnNode(f.name, desc, bootstrap, arguments));
        boolean load = f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.GETSTATIC;
        if (load && reference && !f.desc.equals(OBJECT)) {
            code.insertBefore(f, new TypeInsnNode(Opcodes.CHECKCAST, type.getInternalName()));
        }
        code.remove(f);
    }

    private static boolean declares(ClassNode c, String field) {
        for (FieldNode f : c.fields) {
            if (f.name.equals(field)) {
                return true;
            }
        }
        return false;
    }

    private static boolean needsTypes(InsnList code) {
        for (AbstractInsnNode insn : code) {
            if (ArrayTypes.needsType(insn.getOpcode())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The call (and cast) replacing an array access, or {@code null} to leave it: a typed access ({@code AALOAD},
     * {@code BALOAD}, {@code BASTORE}) without a type is unreachable or works on the {@code null} constant, and
     * touches no memory (it never runs, or throws).
     */
    private static AbstractInsnNode[] arrayAccess(int op, String array) {
        if (ArrayTypes.needsType(op) && array == null) {
            return null;
        }
        return switch (op) {
            case Opcodes.IALOAD -> call("getInt", "([II)I");
            case Opcodes.LALOAD -> call("getLong", "([JI)J");
            case Opcodes.FALOAD -> call("getFloat", "([FI)F");
            case Opcodes.DALOAD -> call("getDouble", "([DI)D");
            case Opcodes.CALOAD -> call("getChar", "([CI)C");
            case Opcodes.SALOAD -> call("getShort", "([SI)S");
            case Opcodes.BALOAD -> array.equals("[Z") ? call("getBoolean", "([ZI)Z") : call("getByte", "([BI)B");
            case Opcodes.AALOAD -> referenceLoad(array.substring(1));
            case Opcodes.IASTORE -> call("setInt", "([III)V");
            case Opcodes.LASTORE -> call("setLong", "([JIJ)V");
            case Opcodes.FASTORE -> call("setFloat", "([FIF)V");
            case Opcodes.DASTORE -> call("setDouble", "([DID)V");
            case Opcodes.CASTORE -> call("setChar", "([CIC)V");
            case Opcodes.SASTORE -> call("setShort", "([SIS)V");
            case Opcodes.BASTORE -> array.equals("[Z") ? call("setBoolean", "([ZII)V") : call("setByte", "([BIB)V");
            case Opcodes.AASTORE -> call("setReference", "([Ljava/lang/Object;ILjava/lang/Object;)V");
            default -> throw new IllegalArgumentException("not an array access: " + op);
        };
    }

    private static AbstractInsnNode[] referenceLoad(String component) {
        AbstractInsnNode get = new MethodInsnNode(Opcodes.INVOKESTATIC, ARRAYS, "getReference",
                "([Ljava/lang/Object;I)Ljava/lang/Object;", false);
        if (component.equals("Ljava/lang/Object;")) {
            return new AbstractInsnNode[] {get};
        }
        String type = component.startsWith("L") ? component.substring(1, component.length() - 1) : component;
        return new AbstractInsnNode[] {get, new TypeInsnNode(Opcodes.CHECKCAST, type)};
    }

    private static AbstractInsnNode[] call(String name, String desc) {
        return new AbstractInsnNode[] {new MethodInsnNode(Opcodes.INVOKESTATIC, ARRAYS, name, desc, false)};
    }

    private static void replace(InsnList code, AbstractInsnNode insn, AbstractInsnNode[] replacement) {
        for (AbstractInsnNode r : replacement) {
            code.insertBefore(insn, r);
        }
        code.remove(insn);
    }

    private static AbstractInsnNode fullFence() {
        return fence("fullFence");
    }

    private static AbstractInsnNode fence(String name) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, VAR_HANDLE, name, "()V", false);
    }
}
