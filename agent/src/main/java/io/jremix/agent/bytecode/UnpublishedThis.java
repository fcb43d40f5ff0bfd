package io.jremix.agent.bytecode;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Finds the field accesses of a constructor that touch the object under construction while no other thread can
 * reach it: after the constructor it calls first ({@code super(...)} or {@code this(...)}) and before the first
 * instruction that may hand {@code this} to other code (any call or {@code invokedynamic} taking it as receiver or
 * argument, a store of it into a field or an array, a throw or a lock on it).
 *
 * <p>A data flow over the constructor follows {@code this} through locals, the stack and casts; a value that is
 * {@code this} on some paths only counts as {@code this} when it could escape, and as another object when it is the
 * receiver of an access. The accesses kept lie between the first call and the first possible escape in code
 * order, and no jump or exception handler from the escape onwards leads back among them, so every path to them has
 * only passed instructions before the escape.
 */
public final class UnpublishedThis {
    /**
     * What a constructor does with {@code this}.
     *
     * @param calls    the constructor called first, {@code owner.<init>desc}, or {@code null} if there is not
     *                 exactly one call on {@code this}
     * @param escapes  whether {@code this} may escape anywhere in the constructor
     * @param accesses loads and stores of the class's own fields on {@code this} before it may escape
     */
    public record Result(String calls, boolean escapes, List<FieldInsnNode> accesses) {
    }

    private UnpublishedThis() {
    }

    /**
     * @param fields the class's fields whose accesses may be kept
     * @return what {@code ctor} does with {@code this}; a constructor the analysis cannot follow lets it escape
     */
    public static Result of(String owner, MethodNode ctor, Set<String> fields) {
        Frame<BasicValue>[] frames;
        try {
            frames = ThisValues.frames(owner, ctor);
        } catch (AnalyzerException e) {
            return new Result(null, true, List.of());
        }
        InsnList code = ctor.instructions;
        MethodInsnNode first = null;
        int calls = 0;
        int escape = code.size();
        for (int i = 0; i < code.size(); i++) {
            AbstractInsnNode insn = code.get(i);
            Frame<BasicValue> f = frames[i];
            if (f == null) {
                continue;
            }
            if (insn instanceof MethodInsnNode m && m.getOpcode() == Opcodes.INVOKESPECIAL && m.name.equals("<init>")
                    && f.getStack(f.getStackSize() - arguments(m.desc) - 1) == ThisValues.THIS) {
                first = m;
                calls++;
            }
            if (escape == code.size() && escapes(insn, f)) {
                escape = i;
            }
        }
        boolean escapes = escape < code.size();
        if (calls != 1) {
            return new Result(null, escapes, List.of());
        }
        int start = code.indexOf(first);
        escape = backwardsFrom(ctor, escape);
        List<FieldInsnNode> accesses = new ArrayList<>();
        for (int i = start + 1; i < escape; i++) {
            if (code.get(i) instanceof FieldInsnNode fi && frames[i] != null && fi.owner.equals(owner)
                    && fields.contains(fi.name) && ThisValues.receiver(fi, frames[i]) == ThisValues.THIS) {
                accesses.add(fi);
            }
        }
        return new Result(first.owner + ".<init>" + first.desc, escapes, accesses);
    }

    /**
     * Moves the escape point back to the earliest instruction before it that a jump or handler at or after it
     * leads to, until none does.
     */
    private static int backwardsFrom(MethodNode m, int escape) {
        InsnList code = m.instructions;
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int i = escape; i < code.size(); i++) {
                for (LabelNode target : targets(code.get(i))) {
                    int t = code.indexOf(target);
                    if (t < escape) {
                        escape = t;
                        moved = true;
                    }
                }
            }
            for (TryCatchBlockNode tc : m.tryCatchBlocks) {
                int handler = code.indexOf(tc.handler);
                if (code.indexOf(tc.end) > escape && handler < escape) {
                    escape = handler;
                    moved = true;
                }
            }
        }
        return escape;
    }

    private static List<LabelNode> targets(AbstractInsnNode insn) {
        if (insn instanceof JumpInsnNode j) {
            return List.of(j.label);
        }
        List<LabelNode> out = new ArrayList<>();
        if (insn instanceof TableSwitchInsnNode t) {
            out.add(t.dflt);
            out.addAll(t.labels);
        } else if (insn instanceof LookupSwitchInsnNode l) {
            out.add(l.dflt);
            out.addAll(l.labels);
        }
        return out;
    }

    /** Whether {@code insn} may hand {@code this} to other code, given the frame before it. */
    private static boolean escapes(AbstractInsnNode insn, Frame<BasicValue> f) {
        int top = f.getStackSize() - 1;
        return switch (insn.getOpcode()) {
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKEINTERFACE, Opcodes.INVOKESTATIC, Opcodes.INVOKESPECIAL -> {
                MethodInsnNode m = (MethodInsnNode) insn;
                int values = arguments(m.desc) + (m.getOpcode() == Opcodes.INVOKESTATIC ? 0 : 1);
                boolean initialising = m.name.equals("<init>") && f.getStack(top - values + 1) == ThisValues.THIS;
                yield anyThis(f, top - values + 1 + (initialising ? 1 : 0), top);
            }
            case Opcodes.INVOKEDYNAMIC -> anyThis(f, top - arguments(((InvokeDynamicInsnNode) insn).desc) + 1, top);
            case Opcodes.PUTFIELD, Opcodes.PUTSTATIC, Opcodes.AASTORE, Opcodes.ATHROW, Opcodes.ARETURN,
                 Opcodes.MONITORENTER, Opcodes.MONITOREXIT -> ThisValues.isThis(f.getStack(top));
            default -> false;
        };
    }

    private static boolean anyThis(Frame<BasicValue> f, int from, int to) {
        for (int i = from; i <= to; i++) {
            if (ThisValues.isThis(f.getStack(i))) {
                return true;
            }
        }
        return false;
    }

    private static int arguments(String desc) {
        return Type.getArgumentTypes(desc).length;
    }
}
