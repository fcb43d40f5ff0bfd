package io.jremix.agent.bytecode;

import java.util.HashSet;
import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * The basic verifier's values with the receiver of an instance method told apart: {@link #THIS} where a value is
 * {@code this} on every path, {@link #MAYBE_THIS} where only on some. It follows {@code this} through locals, the
 * stack and casts.
 */
public final class ThisValues extends BasicInterpreter {
    static final BasicValue THIS = new BasicValue(Type.getObjectType("this"));
    static final BasicValue MAYBE_THIS = new BasicValue(Type.getObjectType("this?"));
    /** Methods larger than this (instructions times frame slots) are not analysed for {@link #fieldAccessesOnThis}. */
    private static final long MAX_FRAME_SLOTS = 4_000_000;

    private ThisValues() {
        super(Opcodes.ASM9);
    }

    /** The frame before each instruction of {@code m} ({@code null} where unreachable). */
    static Frame<BasicValue>[] frames(String owner, MethodNode m) throws AnalyzerException {
        return new Analyzer<>(new ThisValues()).analyze(owner, m);
    }

    /**
     * The {@code getfield}/{@code putfield} instructions of {@code m} whose object is {@code this} on every path: an
     * object that is never {@code null} and whose class declares or inherits the field the instruction names. Empty
     * for constructors (where {@code this} may not be initialised yet), static methods, and code the analysis cannot
     * follow or that is too large to analyse cheaply.
     */
    public static Set<FieldInsnNode> fieldAccessesOnThis(String owner, MethodNode m) {
        InsnList code = m.instructions;
        boolean instanceMethod = (m.access & Opcodes.ACC_STATIC) == 0 && !m.name.equals("<init>");
        if (!instanceMethod || !hasInstanceFieldAccess(code)
                || (long) code.size() * (m.maxLocals + m.maxStack) > MAX_FRAME_SLOTS) {
            return Set.of();
        }
        Frame<BasicValue>[] frames;
        try {
            frames = frames(owner, m);
        } catch (AnalyzerException e) {
            return Set.of();
        }
        Set<FieldInsnNode> out = new HashSet<>();
        for (int i = 0; i < code.size(); i++) {
            if (code.get(i) instanceof FieldInsnNode f && frames[i] != null && f.owner.equals(owner)
                    && receiver(f, frames[i]) == THIS) {
                out.add(f);
            }
        }
        return out;
    }

    private static boolean hasInstanceFieldAccess(InsnList code) {
        for (AbstractInsnNode insn : code) {
            if (insn.getOpcode() == Opcodes.GETFIELD || insn.getOpcode() == Opcodes.PUTFIELD) {
                return true;
            }
        }
        return false;
    }

    /** The object a {@code getfield}/{@code putfield} acts on, given the frame before it; {@code null} otherwise. */
    static BasicValue receiver(FieldInsnNode fi, Frame<BasicValue> f) {
        int below = fi.getOpcode() == Opcodes.PUTFIELD ? 1 : 0;
        return fi.getOpcode() == Opcodes.GETFIELD || fi.getOpcode() == Opcodes.PUTFIELD
                ? f.getStack(f.getStackSize() - 1 - below) : null;
    }

    static boolean isThis(BasicValue v) {
        return v == THIS || v == MAYBE_THIS;
    }

    @Override
    public BasicValue newParameterValue(boolean isInstanceMethod, int local, Type type) {
        return isInstanceMethod && local == 0 ? THIS : super.newParameterValue(isInstanceMethod, local, type);
    }

    @Override
    public BasicValue unaryOperation(AbstractInsnNode insn, BasicValue value) throws AnalyzerException {
        return insn.getOpcode() == Opcodes.CHECKCAST && isThis(value) ? value : super.unaryOperation(insn, value);
    }

    @Override
    public BasicValue merge(BasicValue a, BasicValue b) {
        if (!a.equals(b) && (isThis(a) || isThis(b))) {
            return a.isReference() && b.isReference() ? MAYBE_THIS : BasicValue.UNINITIALIZED_VALUE;
        }
        return super.merge(a, b);
    }
}
