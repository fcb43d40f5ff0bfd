package io.jremix.agent.vbd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.jremix.agent.bytecode.ThisValues;
import io.jremix.agent.bytecode.UnpublishedThis;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Rewrites one method's code for volatile-by-default:
 * <ul>
 *   <li>every field load and store of the program's fields (and of the JDK's, when the program's code makes it)
 *       becomes sequentially consistent, the field's declaration left as it is: an instance field's becomes a
 *       volatile access call ({@link VolatileFieldCalls}), a static field's (and any in a constructor) is fenced
 *       ({@link FieldFences});
 *   <li>every array-element load and store becomes a call of the matching {@code VolatileArrays} method (the
 *       operands are already on the stack in the right order); {@code AALOAD} is followed by a cast to the
 *       component type the verifier knew, and {@code BALOAD}/{@code BASTORE} pick byte or boolean by that type. A
 *       load keeps the original instruction in front as a check, its value dropped; a store jumps to its
 *       {@link NullPaths null path} when its array is {@code null}: the JVM's own exceptions and messages;
 *   <li>plain {@code Unsafe} and {@code VarHandle} accesses become volatile or fenced ({@link PlainAccessCalls});
 *   <li>bulk copies and fills get a full fence before and after, as VBD-HotSpot fences its intrinsics;
 *   <li>a constructor gets a release fence before each {@code RETURN}, so that no store publishing the new object
 *       can move ahead of the stores that initialise it; its accesses to its own object's fields before the object
 *       can escape ({@link UnpublishedThis}) become {@code invokedynamic} sites that {@code UnpublishedFields}
 *       links to plain accesses when the constructors it calls first let nothing escape either, and to volatile
 *       ones otherwise.
 * </ul>
 * A relaxed method is not rewritten at all. Every change keeps the stack depth at each instruction and the types
 * in each stack-map frame, so the frames read with {@code EXPAND_FRAMES} stay valid; the null paths bring their
 * own. The array types come from
 * {@link ArrayTypes}.
 */
final class MethodRewriter {
    static final String ARRAYS = "io/jremix/probe/vbd/VolatileArrays";
    static final String VAR_HANDLE = "java/lang/invoke/VarHandle";
    static final String UNPUBLISHED_FIELDS = "io/jremix/probe/vbd/UnpublishedFields";
    private static final String UNPUBLISHED_BOOTSTRAP = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
            + "Ljava/lang/invoke/MethodType;Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/invoke/CallSite;";
    private static final String OBJECT = "Ljava/lang/Object;";

    /** What a rewritten method gained. */
    record Counts(int fieldSites, int fieldCalls, int arraySites, int plainAccessSites, int fences,
                  int unpublishedSites) {
    }

    private MethodRewriter() {
    }

    /**
     * @param fenced      which field instructions get fences (not those of final, volatile or relaxed fields)
     * @param fieldSites  the access methods of the class's instance-field sites
     * @param unpublished a constructor's accesses to its own object before it can escape, and the constructor it
     *                    calls first; {@code null} for other methods
     */
    static Counts rewrite(String owner, int classVersion, MethodNode m, Predicate<FieldInsnNode> fenced,
                          FieldSites fieldSites, FieldFences fieldFences, UnpublishedThis.Result unpublished) {
        InsnList code = m.instructions;
        if (code.size() == 0) {
            return new Counts(0, 0, 0, 0, 0, 0);
        }
        Map<AbstractInsnNode, String> arrayTypes = needsTypes(code) ? ArrayTypes.of(owner, classVersion, m) : Map.of();
        boolean sites = unpublished != null && (classVersion & 0xFFFF) >= Opcodes.V1_7;
        Set<AbstractInsnNode> unpublishedAccesses = sites ? Set.copyOf(unpublished.accesses()) : Set.of();
        Set<FieldInsnNode> onThis = ThisValues.fieldAccessesOnThis(owner, m);
        NullPaths nullPaths = NullPaths.needed(m) ? new NullPaths(owner, classVersion, m) : null;
        List<Runnable> edits = new ArrayList<>();
        int fields = 0;
        int fieldCalls = 0;
        int arrays = 0;
        int plain = 0;
        int fences = 0;
        boolean constructor = m.name.equals("<init>");
        for (AbstractInsnNode insn : code) {
            int op = insn.getOpcode();
            if (insn instanceof FieldInsnNode f) {
                if (unpublishedAccesses.contains(f)) {
                    keptCheck(f, nullPaths);
                } else if (fenced.test(f)) {
                    MethodInsnNode call = VolatileFieldCalls.callable(m.name, f) ? fieldSites.call(f) : null;
                    if (call != null) {
                        boolean checked = !onThis.contains(f);
                        LabelNode ifNull = checked && op == Opcodes.PUTFIELD ? nullPaths.add(f, true) : null;
                        InsnList kept = checked ? new InsnList() : keptCheck(f, nullPaths);
                        edits.add(() -> {
                            code.insertBefore(f, kept);
                            VolatileFieldCalls.replace(code, f, call, checked, ifNull);
                        });
                        fieldCalls++;
                    } else {
                        edits.add(() -> fieldFences.fence(code, f));
                    }
                    fields++;
                }
            } else if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD || op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
                AbstractInsnNode[] call = arrayAccess(op, arrayTypes.get(insn));
                if (call != null) {
                    boolean store = op >= Opcodes.IASTORE;
                    InsnList check = store ? nullTest(op, nullPaths.add(insn, false)) : loadCheck(insn);
                    edits.add(() -> replace(code, insn, check, call));
                    arrays++;
                }
            } else if (insn instanceof MethodInsnNode call) {
                String volatileName = PlainAccessCalls.volatileForm(call);
                if (volatileName != null) {
                    call.name = volatileName;
                    plain++;
                } else if (PlainAccessCalls.isFencedAccess(call) || BulkCopies.isBulk(call)) {
                    edits.add(() -> {
                        code.insertBefore(call, FieldFences.fence("fullFence"));
                        code.insert(call, FieldFences.fence("fullFence"));
                    });
                    fences += 2;
                    if (PlainAccessCalls.isFencedAccess(call)) {
                        plain++;
                    }
                }
            } else if (op == Opcodes.RETURN && constructor) {
                edits.add(() -> code.insertBefore(insn, FieldFences.fence("releaseFence")));
                fences++;
            }
        }
        edits.forEach(Runnable::run);
        if (nullPaths != null) {
            nullPaths.close();
        }
        for (AbstractInsnNode a : unpublishedAccesses) {
            unpublishedSite(code, (FieldInsnNode) a, unpublished.calls());
        }
        return new Counts(fields, fieldCalls, arrays, plain, fences, unpublishedAccesses.size());
    }

    /**
     * Replaces a {@code getfield}/{@code putfield} on the object under construction by an {@code invokedynamic} site
     * with the same operands, references passed as {@code Object} (so that linking loads no class the instruction
     * would not), and a load's result cast back to the field's type.
     */
    private static void unpublishedSite(InsnList code, FieldInsnNode f, String calls) {
        Type type = Type.getType(f.desc);
        boolean reference = type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY;
        String value = reference ? OBJECT : f.desc;
        boolean load = FieldFences.isLoad(f);
        String desc = load ? "(" + OBJECT + ")" + value : "(" + OBJECT + value + ")V";
        Handle bootstrap = new Handle(Opcodes.H_INVOKESTATIC, UNPUBLISHED_FIELDS, load ? "getField" : "putField",
                UNPUBLISHED_BOOTSTRAP, false);
        code.insertBefore(f, new InvokeDynamicInsnNode(f.name, desc, bootstrap, Type.getObjectType(f.owner), calls));
        if (load && reference && !f.desc.equals(OBJECT)) {
            code.insertBefore(f, new TypeInsnNode(Opcodes.CHECKCAST, type.getInternalName()));
        }
        code.remove(f);
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

    /**
     * For a store of a reference that becomes a call with no check in front (its object is {@code this}), a copy of
     * the original {@code putfield} where the verifier still checks it and nothing runs it ({@link NullPaths}): the
     * original's verification checked the value's class against the field's, loading it, and a class that failed to
     * verify for want of a class must fail under VBD too. A value of the field's own type needs no check, and gets
     * no copy: the copy counts in the method's size, which C2's inlining limits read. The old verifier checks only the code it can reach, so in
     * a class file without frames the returned code jumps there when the object is {@code null}, which it never is.
     */
    private static InsnList keptCheck(FieldInsnNode f, NullPaths paths) {
        InsnList jump = new InsnList();
        Type type = Type.getType(f.desc);
        boolean reference = type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY;
        if (f.getOpcode() != Opcodes.PUTFIELD || !reference || f.desc.equals(OBJECT) || !paths.checksValue(f)) {
            return jump;
        }
        LabelNode path = paths.add(f, false);
        if (path != null && !paths.framed()) { // object, value -> object, value, object
            jump.add(new InsnNode(Opcodes.SWAP));
            jump.add(new InsnNode(Opcodes.DUP_X1));
            jump.add(new JumpInsnNode(Opcodes.IFNULL, path));
        }
        return jump;
    }

    /**
     * The original load on copies of its operands, its value dropped: the JVM's own {@link NullPointerException} and
     * {@link ArrayIndexOutOfBoundsException}, messages included, where the original threw them; a plain read whose
     * value nobody sees orders nothing, and C2 keeps only its checks, which make the call's redundant.
     */
    private static InsnList loadCheck(AbstractInsnNode load) {
        InsnList check = new InsnList();
        check.add(new InsnNode(Opcodes.DUP2));
        check.add(load.clone(Map.of()));
        boolean wide = load.getOpcode() == Opcodes.LALOAD || load.getOpcode() == Opcodes.DALOAD;
        check.add(new InsnNode(wide ? Opcodes.POP2 : Opcodes.POP));
        return check;
    }

    /**
     * A copy of a store's array brought above its index and value, and a jump to {@code ifNull}, the store's
     * {@link NullPaths null path}, when it is {@code null}; nothing when the store is unreachable ({@code ifNull}
     * is {@code null}).
     */
    private static InsnList nullTest(int op, LabelNode ifNull) {
        InsnList test = new InsnList();
        if (ifNull == null) {
            return test;
        }
        if (op == Opcodes.LASTORE || op == Opcodes.DASTORE) { // array, index, value2 -> ..., array
            test.add(new InsnNode(Opcodes.DUP2_X2));
            test.add(new InsnNode(Opcodes.POP2));
            test.add(new InsnNode(Opcodes.DUP2_X2));
        } else {                                               // array, index, value -> ..., array
            test.add(new InsnNode(Opcodes.DUP_X2));
            test.add(new InsnNode(Opcodes.POP));
            test.add(new InsnNode(Opcodes.DUP2_X1));
        }
        test.add(new InsnNode(Opcodes.POP));
        test.add(new JumpInsnNode(Opcodes.IFNULL, ifNull));
        return test;
    }

    private static void replace(InsnList code, AbstractInsnNode insn, InsnList check, AbstractInsnNode[] replacement) {
        code.insertBefore(insn, check);
        for (AbstractInsnNode r : replacement) {
            code.insertBefore(insn, r);
        }
        code.remove(insn);
    }
}
