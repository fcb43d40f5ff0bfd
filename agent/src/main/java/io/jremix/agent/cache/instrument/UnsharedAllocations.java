package io.jremix.agent.cache.instrument;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.jremix.agent.bytecode.VbdRewrittenCode;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * The field and array accesses of a method whose object no other thread can reach: one the method allocated itself
 * and never lets out. It never stores such an object into a field, a static or an array, never passes it to a call
 * (but its own constructor, when that keeps {@code this} to itself: {@link Constructors}), never captures it
 * in a lambda, returns or throws it. Only the allocating thread then touches its lines, so they cannot be contended,
 * and the probes there would only cost: a single-threaded loop over objects it made pays them on every access
 * while a window is open.
 *
 * <p>A data flow over the method follows each reference to the instructions that produced it, through locals, the
 * stack and casts; an access is left alone only if every object it may act on comes from an allocation here that
 * never escapes. What the analysis cannot follow (a parameter, a field's value, a call's result) counts as shared.
 */
final class UnsharedAllocations {
    /** Methods larger than this (instructions times frame slots) are not analysed: every access stays probed. */
    private static final long MAX_FRAME_SLOTS = 4_000_000;

    /** Whether a constructor, and those it chains to, keep {@code this} to themselves ({@link ConstructorEscapes}). */
    interface Constructors {
        boolean keepThis(String owner, String desc);
    }

    private UnsharedAllocations() {
    }

    /**
     * The {@code getfield}/{@code putfield} (or VBD's calls for them) and array load and store instructions of
     * {@code m}, a method of class {@code owner}, whose object is unshared; empty when there are none or the method
     * cannot be analysed.
     */
    static Set<AbstractInsnNode> accesses(String owner, MethodNode m, Constructors constructors) {
        InsnList code = m.instructions;
        if (!allocates(code) || (long) code.size() * (m.maxLocals + m.maxStack) > MAX_FRAME_SLOTS) {
            return Set.of();
        }
        Frame<SourceValue>[] frames;
        try {
            frames = new Analyzer<>(new Origins()).analyze(owner, m);
        } catch (AnalyzerException | RuntimeException e) {
            return Set.of(); // code the analysis cannot follow keeps every probe
        }
        Set<AbstractInsnNode> escaping = new HashSet<>();
        for (int i = 0; i < code.size(); i++) {
            if (frames[i] != null) {
                letOut(code.get(i), frames[i], escaping, constructors);
            }
        }
        Set<AbstractInsnNode> out = new HashSet<>();
        for (int i = 0; i < code.size(); i++) {
            SourceValue object = frames[i] == null ? null : objectOf(code.get(i), frames[i]);
            if (object != null && unshared(object, escaping)) {
                out.add(code.get(i));
            }
        }
        return out;
    }

    private static boolean allocates(InsnList code) {
        for (AbstractInsnNode insn : code) {
            if (isAllocation(insn)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isAllocation(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        return op == Opcodes.NEW || op == Opcodes.NEWARRAY || op == Opcodes.ANEWARRAY || op == Opcodes.MULTIANEWARRAY;
    }

    /** Whether every object {@code v} may be is allocated here and kept here (a {@code null} is no object). */
    private static boolean unshared(SourceValue v, Set<AbstractInsnNode> escaping) {
        boolean allocated = false;
        for (AbstractInsnNode origin : v.insns) {
            if (isAllocation(origin) && !escaping.contains(origin)) {
                allocated = true;
            } else if (origin.getOpcode() != Opcodes.ACONST_NULL) {
                return false;
            }
        }
        return allocated;
    }

    /** The object a field or array access acts on, given the frame before it; {@code null} for other instructions. */
    private static SourceValue objectOf(AbstractInsnNode insn, Frame<SourceValue> f) {
        int top = f.getStackSize() - 1;
        return switch (insn.getOpcode()) {
            case Opcodes.GETFIELD -> f.getStack(top);
            case Opcodes.PUTFIELD -> f.getStack(top - 1);
            case Opcodes.IALOAD, Opcodes.LALOAD, Opcodes.FALOAD, Opcodes.DALOAD, Opcodes.AALOAD, Opcodes.BALOAD,
                 Opcodes.CALOAD, Opcodes.SALOAD -> f.getStack(top - 1);
            case Opcodes.IASTORE, Opcodes.LASTORE, Opcodes.FASTORE, Opcodes.DASTORE, Opcodes.AASTORE, Opcodes.BASTORE,
                 Opcodes.CASTORE, Opcodes.SASTORE -> f.getStack(top - 2);
            case Opcodes.INVOKESTATIC -> {
                VbdRewrittenCode.SiteAccess vbd = VbdRewrittenCode.accessOf((MethodInsnNode) insn);
                yield vbd == null ? null : f.getStack(vbd.store() ? top - 1 : top);
            }
            default -> null;
        };
    }

    /** Adds to {@code escaping} the allocations that {@code insn} may hand to other code, given the frame before it. */
    private static void letOut(AbstractInsnNode insn, Frame<SourceValue> f, Set<AbstractInsnNode> escaping,
                               Constructors constructors) {
        int top = f.getStackSize() - 1;
        VbdRewrittenCode.SiteAccess vbd = insn.getOpcode() == Opcodes.INVOKESTATIC
                ? VbdRewrittenCode.accessOf((MethodInsnNode) insn) : null;
        if (vbd != null) { // VBD's call for a field access: only the value stored leaves
            if (vbd.store()) {
                escaping.addAll(f.getStack(top).insns);
            }
            return;
        }
        switch (insn.getOpcode()) {
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKEINTERFACE, Opcodes.INVOKESTATIC, Opcodes.INVOKESPECIAL -> {
                MethodInsnNode m = (MethodInsnNode) insn;
                int values = Type.getArgumentTypes(m.desc).length + (m.getOpcode() == Opcodes.INVOKESTATIC ? 0 : 1);
                int first = top - values + 1;
                if (m.name.equals("<init>") && constructs(f.getStack(first), m)
                        && constructors.keepThis(m.owner, m.desc)) {
                    first++; // the receiver is the object this constructor initialises, and keeps to itself
                }
                for (int i = first; i <= top; i++) {
                    escaping.addAll(f.getStack(i).insns);
                }
            }
            case Opcodes.INVOKEDYNAMIC -> {
                int values = Type.getArgumentTypes(((InvokeDynamicInsnNode) insn).desc).length;
                for (int i = top - values + 1; i <= top; i++) {
                    escaping.addAll(f.getStack(i).insns);
                }
            }
            case Opcodes.PUTFIELD, Opcodes.PUTSTATIC, Opcodes.AASTORE, Opcodes.ARETURN, Opcodes.ATHROW ->
                escaping.addAll(f.getStack(top).insns);
            default -> {
                // reads, locks, and stores of primitive values hand no object out
            }
        }
    }

    /** Whether {@code receiver} is exactly the {@code new} of the class whose constructor {@code init} is. */
    private static boolean constructs(SourceValue receiver, MethodInsnNode init) {
        return receiver.insns.size() == 1 && receiver.insns.iterator().next() instanceof TypeInsnNode t
                && t.getOpcode() == Opcodes.NEW && t.desc.equals(init.owner);
    }

    /**
     * {@link SourceInterpreter} that keeps only what the escape check needs: a value's allocations, its
     * {@code aconst_null}s, and {@link #OTHER} for anything else it may be (a parameter, a field's value, a call's
     * result). It sees through copies and casts. Collapsing the rest into one marker keeps the sets small: with
     * every producing instruction kept, an interpreter loop of 3,800 instructions took two seconds to analyse.
     */
    private static final class Origins extends SourceInterpreter {
        /** Stands for every origin other than an allocation or a {@code null}. */
        private static final AbstractInsnNode OTHER = new InsnNode(Opcodes.NOP);
        private static final SourceValue OTHER_1 = new SourceValue(1, OTHER);
        private static final SourceValue OTHER_2 = new SourceValue(2, OTHER);

        Origins() {
            super(Opcodes.ASM9);
        }

        private static SourceValue other(SourceValue v) {
            return v == null ? null : v.getSize() == 2 ? OTHER_2 : OTHER_1;
        }

        @Override
        public SourceValue newValue(Type type) {
            return other(super.newValue(type));
        }

        @Override
        public SourceValue newOperation(AbstractInsnNode insn) {
            SourceValue v = super.newOperation(insn);
            return insn.getOpcode() == Opcodes.NEW || insn.getOpcode() == Opcodes.ACONST_NULL ? v : other(v);
        }

        @Override
        public SourceValue copyOperation(AbstractInsnNode insn, SourceValue value) {
            return value;
        }

        @Override
        public SourceValue unaryOperation(AbstractInsnNode insn, SourceValue value) {
            return switch (insn.getOpcode()) {
                case Opcodes.CHECKCAST -> value;
                case Opcodes.NEWARRAY, Opcodes.ANEWARRAY -> super.unaryOperation(insn, value);
                default -> other(super.unaryOperation(insn, value));
            };
        }

        @Override
        public SourceValue binaryOperation(AbstractInsnNode insn, SourceValue value1, SourceValue value2) {
            return other(super.binaryOperation(insn, value1, value2));
        }

        @Override
        public SourceValue ternaryOperation(AbstractInsnNode insn, SourceValue value1, SourceValue value2,
                                            SourceValue value3) {
            return other(super.ternaryOperation(insn, value1, value2, value3));
        }

        @Override
        public SourceValue naryOperation(AbstractInsnNode insn, List<? extends SourceValue> values) {
            SourceValue v = super.naryOperation(insn, values);
            return insn.getOpcode() == Opcodes.MULTIANEWARRAY ? v : other(v);
        }
    }
}
