package io.jremix.agent.vbd;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.AnalyzerAdapter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Where a rewritten store goes when its array or object is {@code null}: to the original instruction, out of line
 * after the method's code, so that the JVM throws its own {@link NullPointerException}. Its message names the
 * failed action ("Cannot store to int array", "Cannot assign field "total"") and where the {@code null} came from,
 * which the JVM finds by following the method's bytecode back from that instruction: the way there copies operands
 * only with {@code dup} and {@code swap} forms, which that analysis follows, and joins no other path, where it would
 * lose track. In compiled code the test folds into the access's own null check.
 *
 * <p>A store of a reference that becomes a call with no check in front (its object is {@code this}) gets such a
 * copy too, where its value is not of the field's own type, never jumped to in a class file with frames: the verifier
 * checks it all the same, so the class needs the classes the original's verification needed (the value's class,
 * checked against the field's), no fewer.
 *
 * <p>An out-of-line store carries its original's line, is covered by the handlers that covered it, and begins with a
 * stack-map frame (class files of version 50 and later): the state before the original store, from the method's
 * frames ({@link AnalyzerAdapter}), plus whatever the way there left above the operands. It never completes, but the
 * verifier does not know that; {@code aconst_null} and {@code athrow} end it.
 */
public final class NullPaths implements Opcodes {
    private final MethodNode m;
    private final boolean framed;
    /** The frame before each array store and {@code putfield}, where reachable, for framed class files. */
    private final Map<AbstractInsnNode, FrameNode> frames = new HashMap<>();
    private final InsnList paths = new InsnList();
    private final List<TryCatchBlockNode> handlers = new ArrayList<>();

    /** Reads the frames of {@code m}, which must have been read with {@code EXPAND_FRAMES}, before any change. */
    NullPaths(String owner, int classVersion, MethodNode m) {
        this.m = m;
        this.framed = (classVersion & 0xFFFF) >= V1_6;
        if (framed) {
            readFrames(owner);
        }
    }

    /** Whether {@code m} has a store that may need a null path. */
    static boolean needed(MethodNode m) {
        for (AbstractInsnNode insn : m.instructions) {
            if (isStore(insn.getOpcode())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds the null path of {@code store}, an array store or {@code putfield} of the method as read, not yet
     * rewritten: the label to jump to with its operands on the stack and, if {@code objectAbove}, a copy of a
     * {@code putfield}'s object above them, which the path drops. Call before the method changes.
     *
     * @return the path's label, or {@code null} if the store is unreachable (it needs none)
     */
    LabelNode add(AbstractInsnNode store, boolean objectAbove) {
        FrameNode frame = null;
        if (framed) {
            frame = frames.get(store);
            if (frame == null) {
                return null;
            }
            if (objectAbove) {
                List<Object> stack = new ArrayList<>(frame.stack);
                stack.add(stack.get(stack.size() - 2));
                frame = new FrameNode(F_NEW, frame.local.size(), frame.local.toArray(), stack.size(), stack.toArray());
            }
        }
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        paths.add(start);
        int line = lineOf(store);
        if (line >= 0) {
            paths.add(new LineNumberNode(line, start));
        }
        if (frame != null) {
            paths.add(frame);
        }
        if (objectAbove) {
            paths.add(new InsnNode(POP));
        }
        paths.add(store.clone(Map.of()));
        paths.add(new InsnNode(ACONST_NULL));
        paths.add(new InsnNode(ATHROW));
        paths.add(end);
        int at = m.instructions.indexOf(store);
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            if (m.instructions.indexOf(t.start) <= at && at < m.instructions.indexOf(t.end)) {
                handlers.add(new TryCatchBlockNode(start, end, t.handler, t.type));
            }
        }
        return start;
    }

    /**
     * Whether the verifier checks the value {@code putfield} stores against the field's type, which loads the
     * value's class: unless the frames show the value of the field's very type, or {@code null}.
     */
    boolean checksValue(FieldInsnNode putfield) {
        FrameNode frame = frames.get(putfield);
        if (frame == null) {
            return !framed; // without frames the types are unknown; an unreachable store is never checked
        }
        Object value = frame.stack.get(frame.stack.size() - 1);
        Type field = Type.getType(putfield.desc);
        String name = field.getSort() == Type.ARRAY ? field.getDescriptor() : field.getInternalName();
        return !(value.equals(name) || value == NULL);
    }

    /** Whether the class file has stack-map frames, so that the verifier checks code that no jump reaches. */
    boolean framed() {
        return framed;
    }

    /** Appends the paths after the method's code; their handlers come after its own, so its own keep their order. */
    void close() {
        m.instructions.add(paths);
        m.tryCatchBlocks.addAll(handlers);
    }

    private void readFrames(String owner) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == NEW) {
                // so that AnalyzerAdapter names the uninitialized value by a label of the method
                m.instructions.insertBefore(insn, new LabelNode());
            }
        }
        Map<Label, LabelNode> labels = new HashMap<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof LabelNode l) {
                labels.put(l.getLabel(), l);
            }
        }
        AnalyzerAdapter state = new AnalyzerAdapter(owner, m.access, m.name, m.desc, null);
        for (AbstractInsnNode insn : m.instructions) {
            if (isStore(insn.getOpcode()) && state.locals != null) {
                Object[] locals = frameTypes(state.locals, labels);
                Object[] stack = frameTypes(state.stack, labels);
                frames.put(insn, new FrameNode(F_NEW, locals.length, locals, stack.length, stack));
            }
            insn.accept(state);
        }
    }

    /**
     * {@link AnalyzerAdapter}'s types as a frame lists them: a {@code long} or {@code double} is one entry (the
     * adapter adds a {@code TOP} after it), and an uninitialized value the label node of its {@code new}.
     */
    private static Object[] frameTypes(List<Object> types, Map<Label, LabelNode> labels) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            Object t = types.get(i);
            out.add(t instanceof Label l ? labels.get(l) : t);
            if (t == LONG || t == DOUBLE) {
                i++;
            }
        }
        return out.toArray();
    }

    private static boolean isStore(int op) {
        return op >= IASTORE && op <= SASTORE || op == PUTFIELD;
    }

    private static int lineOf(AbstractInsnNode insn) {
        for (AbstractInsnNode n = insn; n != null; n = n.getPrevious()) {
            if (n instanceof LineNumberNode l) {
                return l.line;
            }
        }
        return -1;
    }
}
