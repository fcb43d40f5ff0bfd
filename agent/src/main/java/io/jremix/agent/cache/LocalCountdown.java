package io.jremix.agent.cache;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The sampling countdown of a probed method with a loop, in a local of its own. Each probe counts the local down and
 * returns it (from the recording path, with the next period); the method takes the thread's countdown ({@code
 * CacheProbe.countdown}) at entry, after each call it makes and at each exception handler, and hands it back ({@code
 * CacheProbe.keep}) before each call, return and throw, so that the thread's accesses are counted in one sequence
 * whichever methods make them. In memory, a load and a store at every access, the countdown was a chain that C2 had to
 * follow through the store buffer and could not keep in a register across the recording call: it was most of what
 * tracing cost the application suite (docs/benchmarks.md, "A countdown in a local"). A method without loops makes few
 * accesses between its calls, and the probes of one count down in the thread's slot as before: handed over at every
 * call, the local cost pmd's many small methods more than it saved (pmd ran 2.24x as long as plain {@code java} with
 * the window open, against 1.66x).
 *
 * <p>The local lies past the method's own, and every stack-map frame gets it: the entry load comes first, so it is
 * an int wherever a frame is. Loads and stores are behind the probes' switches: a class whose tracing stopped keeps
 * neither in compiled code.
 */
final class LocalCountdown implements Opcodes {
    private static final String PROBE = "io/jremix/probe/cache/CacheProbe";

    private LocalCountdown() {
    }

    /** Whether the method hands its countdown over at {@code insn}: a call to code that may be probed, or an exit. */
    static boolean handsOver(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        if (op >= IRETURN && op <= RETURN || op == ATHROW || insn instanceof InvokeDynamicInsnNode) {
            return true;
        }
        // the JDK's access intrinsics, and jremix's own probes and access calls, run no probes
        return insn instanceof MethodInsnNode c && !c.owner.startsWith("io/jremix/probe/")
                && !c.owner.equals("sun/misc/Unsafe") && !c.owner.equals("jdk/internal/misc/Unsafe")
                && !c.owner.equals("java/lang/invoke/VarHandle");
    }

    /**
     * Hands the countdown over at {@code at} ({@link #handsOver}) and takes it back after calls and at the start of
     * each exception handler.
     */
    static void handOver(MethodNode m, List<AbstractInsnNode> at, int local, int site) {
        for (AbstractInsnNode insn : at) {
            m.instructions.insertBefore(insn, keep(local, site));
            if (insn instanceof MethodInsnNode || insn instanceof InvokeDynamicInsnNode) {
                m.instructions.insert(insn, take(local, site));
            }
        }
        Set<LabelNode> handlers = new LinkedHashSet<>();
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            handlers.add(t.handler);
        }
        for (LabelNode h : handlers) {
            m.instructions.insert(handlerStart(h), take(local, site));
        }
    }

    /**
     * Takes the countdown at the method's entry and declares the local in every frame; run once the method's body
     * is final (after {@link DuplicatedBodies#join}).
     *
     * @throws IllegalStateException if a frame is not expanded
     */
    static void install(MethodNode m, int local, int site) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof FrameNode f) {
                declare(f, local);
            }
        }
        m.instructions.insert(take(local, site));
        m.maxLocals = Math.max(m.maxLocals, local + 1);
    }

    private static void declare(FrameNode f, int local) {
        if (f.type != F_NEW) {
            throw new IllegalStateException("frame not expanded");
        }
        List<Object> locals = f.local == null ? new ArrayList<>() : new ArrayList<>(f.local);
        int slots = 0;
        for (Object type : locals) {
            slots += type == LONG || type == DOUBLE ? 2 : 1;
        }
        if (slots > local) {
            throw new IllegalStateException("frame has locals past the countdown's");
        }
        for (; slots < local; slots++) {
            locals.add(TOP);
        }
        locals.add(INTEGER);
        f.local = locals;
    }

    /** The last node before a handler's first instruction: after its frame, which must stay at its label. */
    private static AbstractInsnNode handlerStart(LabelNode handler) {
        AbstractInsnNode last = handler;
        for (AbstractInsnNode n = handler.getNext(); n instanceof LabelNode || n instanceof LineNumberNode
                || n instanceof FrameNode; n = n.getNext()) {
            last = n;
            if (n instanceof FrameNode) {
                break;
            }
        }
        return last;
    }

    private static InsnList take(int local, int site) {
        InsnList code = new InsnList();
        code.add(new LdcInsnNode(site));
        code.add(new MethodInsnNode(INVOKESTATIC, PROBE, "countdown", "(I)I", false));
        code.add(new VarInsnNode(ISTORE, local));
        return code;
    }

    private static InsnList keep(int local, int site) {
        InsnList code = new InsnList();
        code.add(new VarInsnNode(ILOAD, local));
        code.add(new LdcInsnNode(site));
        code.add(new MethodInsnNode(INVOKESTATIC, PROBE, "keep", "(II)V", false));
        return code;
    }
}
