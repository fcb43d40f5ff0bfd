package io.jremix.agent.cache.instrument;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * The reads of a method that its compiled code does not make, which probes would count as accesses all the same:
 * <ul>
 * <li>static final fields, which C2 folds to their values once their class is initialised ({@link FinalFields});
 * <li>the final fields C2 trusts ({@link FinalFields}) of an object it holds as a constant: a static final's value,
 *     a constant, or such a field of one; and in the JDK's atomic field updaters, their own final fields (the
 *     field's offset and classes), which C2 folds wherever the updater is a constant, as updaters are held, in a
 *     static final field (the updater of a {@code static final} field, checked in C2's output on JDK 17 and 25);
 * <li>the class word of an interface call's receiver that is a constant, whose class C2 knows, or that does not
 *     change in the innermost loop around the call ({@link Loops}): a parameter, or a local, defined before the
 *     loop. C2 loads that class word once, before the loop; it loads it anew each time for a receiver defined in
 *     the loop, from an array element, a field (final or not: a volatile access in the loop makes C2 load the field
 *     again) or a call's result (checked in C2's output on JDK 17 and 25, docs/cache-contention.md). A call site
 *     that sees three receiver classes or more does read it each time, through the call's stub: a receiver that
 *     does not change in a loop rarely has a site see that many.
 * </ul>
 * A data flow over the method follows each value to the instructions that defined it: through copies and casts,
 * and to the stores into a local, so that a local written in the loop is defined there.
 */
final class FoldedReads implements Opcodes {
    /** Methods larger than this (instructions times frame slots) are not analysed: every read stays probed. */
    private static final long MAX_FRAME_SLOTS = 4_000_000;

    /** What the class files say of the fields read ({@link FinalFields}). */
    interface Fields {
        /** Whether {@code owner.name}, a static field as the JVM resolves it from {@code owner}, is a constant. */
        boolean staticFinal(String owner, String name);

        /** Whether {@code owner.name} is a final instance field that C2 trusts. */
        boolean trustedFinal(String owner, String name);

        /** Whether the reads of its own final fields in this class's code are folded (a field updater's). */
        boolean ownFinalsFolded();
    }

    private final String owner;
    private final MethodNode m;
    private final Fields fields;
    private final Set<AbstractInsnNode> folded = new HashSet<>();
    private Frame<SourceValue>[] frames;
    private Loops loops;
    /** Whether each instruction that defines a value defines a constant, as found so far. */
    private final Map<AbstractInsnNode, Boolean> constants = new HashMap<>();

    private FoldedReads(String owner, MethodNode m, Fields fields) {
        this.owner = owner;
        this.m = m;
        this.fields = fields;
    }

    /** The {@code getstatic}, {@code getfield} and {@code invokeinterface} instructions of {@code m} to leave out. */
    static Set<AbstractInsnNode> of(String owner, MethodNode m, Fields fields) {
        FoldedReads r = new FoldedReads(owner, m, fields);
        r.find();
        return r.folded;
    }

    private void find() {
        boolean trustedReads = false;
        boolean constantObjects = false;
        for (AbstractInsnNode insn : m.instructions) {
            int op = insn.getOpcode();
            if (op == GETSTATIC && staticFinal((FieldInsnNode) insn)) {
                folded.add(insn);
                constantObjects |= Type.getType(((FieldInsnNode) insn).desc).getSort() >= Type.ARRAY;
            } else if (op == GETFIELD && ownFinal((FieldInsnNode) insn)) {
                folded.add(insn);
            } else {
                trustedReads |= op == GETFIELD && trusted(insn);
            }
        }
        // spare the data flow where it cannot find more: no interface call on a static final's value or in a loop,
        // and no trusted field of one (the rarer constants, literals, come along when it runs)
        boolean flow = constantObjects ? trustedReads || has(INVOKEINTERFACE) : callInLoop();
        if (!flow || !analyse()) {
            return;
        }
        InsnList code = m.instructions;
        for (int i = 0; i < code.size(); i++) {
            AbstractInsnNode insn = code.get(i);
            Frame<SourceValue> f = frames[i];
            if (f == null) {
                continue; // unreachable
            }
            int top = f.getStackSize() - 1;
            if (insn.getOpcode() == GETFIELD && trusted(insn) && constant(f.getStack(top))) {
                folded.add(insn);
            } else if (insn.getOpcode() == INVOKEINTERFACE) {
                SourceValue receiver = f.getStack(top - Type.getArgumentTypes(((MethodInsnNode) insn).desc).length);
                if (constant(receiver) || invariantInLoop(i, receiver)) {
                    folded.add(insn);
                }
            }
        }
    }

    private boolean has(int opcode) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == opcode) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether an interface call lies between a jump or switch back to an earlier instruction and its target, as
     * every call in a loop javac makes does; not one in a loop closed by an exception handler placed before its try
     * block, which javac never makes (its calls then keep their probes).
     */
    private boolean callInLoop() {
        InsnList code = m.instructions;
        BitSet calls = new BitSet();
        for (int i = 0; i < code.size(); i++) {
            if (code.get(i).getOpcode() == INVOKEINTERFACE) {
                calls.set(i);
            }
        }
        if (calls.isEmpty()) {
            return false;
        }
        for (int i = 0; i < code.size(); i++) {
            for (LabelNode target : LoopExitTests.targets(code.get(i))) {
                int from = code.indexOf(target);
                if (from < i && calls.nextSetBit(from) >= 0 && calls.nextSetBit(from) < i) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean staticFinal(FieldInsnNode f) {
        return fields.staticFinal(f.owner, f.name);
    }

    private boolean trusted(AbstractInsnNode insn) {
        FieldInsnNode f = (FieldInsnNode) insn;
        return fields.trustedFinal(f.owner, f.name);
    }

    private boolean ownFinal(FieldInsnNode f) {
        return fields.ownFinalsFolded() && f.owner.equals(owner) && fields.trustedFinal(f.owner, f.name);
    }

    /** Runs the data flow, recording the control flow as it goes; false if the method is too large or malformed. */
    private boolean analyse() {
        InsnList code = m.instructions;
        if ((long) code.size() * (m.maxLocals + m.maxStack) > MAX_FRAME_SLOTS) {
            return false;
        }
        loops = new Loops(code.size());
        Analyzer<SourceValue> analyzer = new Analyzer<>(new Definitions()) {
            @Override
            protected void newControlFlowEdge(int insn, int successor) {
                loops.edge(insn, successor);
            }

            @Override
            protected boolean newControlFlowExceptionEdge(int insn, int successor) {
                loops.edge(insn, successor);
                return true;
            }
        };
        try {
            frames = analyzer.analyze(owner, m);
            return true;
        } catch (AnalyzerException | RuntimeException e) {
            return false; // code the analysis cannot follow keeps every probe
        }
    }

    /** Whether {@code v} is one constant wherever it comes from: C2 then holds the object itself. */
    private boolean constant(SourceValue v) {
        if (v.insns.isEmpty()) {
            return false; // a parameter
        }
        for (AbstractInsnNode d : v.insns) {
            if (!definesConstant(d)) {
                return false;
            }
        }
        return true;
    }

    private boolean definesConstant(AbstractInsnNode d) {
        Boolean known = constants.get(d);
        if (known != null) {
            return known;
        }
        constants.put(d, false); // a definition that depends on itself, round a loop, is no constant
        Frame<SourceValue> before = frames[m.instructions.indexOf(d)];
        boolean constant = switch (d.getOpcode()) {
            case ACONST_NULL, LDC -> true;
            case GETSTATIC -> folded.contains(d);
            case GETFIELD -> trusted(d) && constant(before.getStack(before.getStackSize() - 1));
            case ASTORE -> constant(before.getStack(before.getStackSize() - 1));
            default -> false;
        };
        constants.put(d, constant);
        return constant;
    }

    /**
     * Whether the call at {@code index} is in a loop and {@code receiver} is the same object throughout it: every
     * definition of it lies outside the loop or is a constant (a parameter has none).
     */
    private boolean invariantInLoop(int index, SourceValue receiver) {
        BitSet loop = loops.innermost(index);
        if (loop == null) {
            return false;
        }
        for (AbstractInsnNode d : receiver.insns) {
            if (loop.get(m.instructions.indexOf(d)) && !definesConstant(d)) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@link SourceInterpreter} that sees through loads, copies and casts, so that a reference's instructions are
     * those that defined it: stores into locals among them, and for a caught exception its handler. Primitive values
     * are one value each size, whatever defined them: only references are receivers, and the smaller sets keep the
     * merges cheap.
     */
    private static final class Definitions extends SourceInterpreter {
        private static final SourceValue PRIMITIVE_1 = new SourceValue(1);
        private static final SourceValue PRIMITIVE_2 = new SourceValue(2);

        Definitions() {
            super(ASM9);
        }

        /** {@code v} if {@code insn} makes a reference, else the primitive value of its size. */
        private static SourceValue kept(AbstractInsnNode insn, SourceValue v) {
            if (v == null || reference(insn)) {
                return v;
            }
            return v.getSize() == 2 ? PRIMITIVE_2 : PRIMITIVE_1;
        }

        private static boolean reference(AbstractInsnNode insn) {
            return switch (insn.getOpcode()) {
                case ACONST_NULL, NEW, NEWARRAY, ANEWARRAY, MULTIANEWARRAY, AALOAD, ASTORE -> true;
                case LDC -> !(((LdcInsnNode) insn).cst instanceof Number);
                case GETSTATIC, GETFIELD -> Type.getType(((FieldInsnNode) insn).desc).getSort() >= Type.ARRAY;
                case INVOKEVIRTUAL, INVOKESPECIAL, INVOKESTATIC, INVOKEINTERFACE ->
                    Type.getReturnType(((MethodInsnNode) insn).desc).getSort() >= Type.ARRAY;
                case INVOKEDYNAMIC -> Type.getReturnType(((InvokeDynamicInsnNode) insn).desc).getSort() >= Type.ARRAY;
                default -> false;
            };
        }

        @Override
        public SourceValue newValue(Type type) {
            SourceValue v = super.newValue(type);
            return type == null || type.getSort() >= Type.ARRAY || v == null ? v
                    : v.getSize() == 2 ? PRIMITIVE_2 : PRIMITIVE_1;
        }

        @Override
        public SourceValue newOperation(AbstractInsnNode insn) {
            return kept(insn, super.newOperation(insn));
        }

        @Override
        public SourceValue copyOperation(AbstractInsnNode insn, SourceValue value) {
            return insn.getOpcode() == ASTORE ? super.copyOperation(insn, value) : value;
        }

        @Override
        public SourceValue unaryOperation(AbstractInsnNode insn, SourceValue value) {
            return insn.getOpcode() == CHECKCAST ? value : kept(insn, super.unaryOperation(insn, value));
        }

        @Override
        public SourceValue binaryOperation(AbstractInsnNode insn, SourceValue value1, SourceValue value2) {
            return kept(insn, super.binaryOperation(insn, value1, value2));
        }

        @Override
        public SourceValue naryOperation(AbstractInsnNode insn, List<? extends SourceValue> values) {
            return kept(insn, super.naryOperation(insn, values));
        }

        @Override
        public SourceValue newExceptionValue(TryCatchBlockNode handler, Frame<SourceValue> handlerFrame,
                                             Type exceptionType) {
            return new SourceValue(1, handler.handler);
        }
    }
}
