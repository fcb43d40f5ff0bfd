package io.jremix.agent.park;

import java.util.List;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Rewrites {@code java.util.concurrent.locks.LockSupport} so that its six park methods call
 * {@code io.jremix.probe.park.ParkHooks}: a before-hook first (with the blocker passed in, or for the methods
 * without one the blocker the thread has then, {@code getBlocker(Thread.currentThread())}), and
 * {@code afterPark()} on every way out, returns and exceptions alike; and {@code unpark(Thread)} so that it calls
 * {@code beforeUnpark(thread)} first: a lock's release wakes its next waiter there, which ends a hold.
 *
 * <p>Only the entry and exits are touched, never the JDK's own logic, so the same rewrite fits every JDK from 17 on
 * whatever the method bodies do (virtual threads included). The catch-all handler goes last in the exception table,
 * around the whole body, and its stack-map frame names only the parameters, which the methods never reassign; no
 * class has to be loaded to compute frames.
 */
final class ParkInstrumenter implements Opcodes {
    static final String LOCK_SUPPORT = "java/util/concurrent/locks/LockSupport";
    private static final String HOOKS = "io/jremix/probe/park/ParkHooks";

    /** A park method and the hook that goes first in it. */
    private record Target(String name, String desc, String hook, String hookDesc) {
        boolean hasBlocker() {
            return desc.startsWith("(Ljava/lang/Object;");
        }

        boolean hasNanos() {
            return hook.equals("beforeParkNanos");
        }
    }

    private static final String BEFORE = "(Ljava/lang/Object;)V";
    private static final String BEFORE_NANOS = "(Ljava/lang/Object;J)V";
    private static final List<Target> TARGETS = List.of(
            new Target("park", "(Ljava/lang/Object;)V", "beforePark", BEFORE),
            new Target("parkNanos", "(Ljava/lang/Object;J)V", "beforeParkNanos", BEFORE_NANOS),
            new Target("parkUntil", "(Ljava/lang/Object;J)V", "beforePark", BEFORE),
            new Target("park", "()V", "beforePark", BEFORE),
            new Target("parkNanos", "(J)V", "beforeParkNanos", BEFORE_NANOS),
            new Target("parkUntil", "(J)V", "beforePark", BEFORE));
    static final int PARK_METHODS = TARGETS.size();

    private static final String UNPARK_DESC = "(Ljava/lang/Thread;)V";

    /**
     * The rewritten class, how many of the six park methods got hooks (a method that does not fit is left alone)
     * and whether {@code unpark} did.
     */
    record Result(byte[] classfile, int methods, boolean unpark) {
    }

    private ParkInstrumenter() {
    }

    static Result instrument(byte[] classfile) {
        ClassNode cn = new ClassNode();
        new ClassReader(classfile).accept(cn, ClassReader.EXPAND_FRAMES);
        int methods = 0;
        boolean unpark = false;
        for (MethodNode m : cn.methods) {
            if (m.name.equals("unpark") && m.desc.equals(UNPARK_DESC) && (m.access & ACC_STATIC) != 0
                    && m.instructions.size() > 0) {
                InsnList call = new InsnList();
                call.add(new VarInsnNode(ALOAD, 0));
                call.add(new MethodInsnNode(INVOKESTATIC, HOOKS, "beforeUnpark", UNPARK_DESC, false));
                m.instructions.insert(call);
                unpark = true;
            }
            for (Target t : TARGETS) {
                if (m.name.equals(t.name()) && m.desc.equals(t.desc()) && (m.access & ACC_STATIC) != 0
                        && m.instructions.size() > 0 && !reassignsParameters(m)) {
                    wrap(m, t);
                    methods++;
                }
            }
        }
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(cw);
        return new Result(cw.toByteArray(), methods, unpark);
    }

    private static void wrap(MethodNode m, Target t) {
        InsnList code = m.instructions;
        LabelNode entry = new LabelNode();
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();

        InsnList before = new InsnList();
        before.add(entry);
        int line = firstLine(code);
        if (line > 0) {
            before.add(new LineNumberNode(line, entry)); // so a stack captured in the hook shows the method's line
        }
        if (t.hasBlocker()) {
            before.add(new VarInsnNode(ALOAD, 0));
        } else {
            // the JDK sets the blocker with setCurrentBlocker(b) and then calls park() (AQS's Condition.await,
            // ForkJoinPool, CompletableFuture): the blocker of such a park is the thread's at this moment
            before.add(new MethodInsnNode(INVOKESTATIC, "java/lang/Thread", "currentThread",
                    "()Ljava/lang/Thread;", false));
            before.add(new MethodInsnNode(INVOKESTATIC, LOCK_SUPPORT, "getBlocker",
                    "(Ljava/lang/Thread;)Ljava/lang/Object;", false));
        }
        if (t.hasNanos()) {
            before.add(new VarInsnNode(LLOAD, t.hasBlocker() ? 1 : 0));
        }
        before.add(new MethodInsnNode(INVOKESTATIC, HOOKS, t.hook(), t.hookDesc(), false));
        before.add(start);

        for (AbstractInsnNode insn = code.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn.getOpcode() == RETURN) {
                code.insertBefore(insn, after());
            }
        }
        code.insert(before);

        code.add(end);
        code.add(handler);
        Object[] params = parameterFrame(t.desc());
        code.add(new FrameNode(F_NEW, params.length, params, 1, new Object[] {"java/lang/Throwable"}));
        code.add(after());
        code.add(new InsnNode(ATHROW));
        m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    /** The handler's locals: the parameters as the frame format spells them (a long is one {@code LONG} entry). */
    private static Object[] parameterFrame(String desc) {
        Type[] args = Type.getArgumentTypes(desc);
        Object[] out = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            out[i] = args[i].getSort() == Type.LONG ? LONG : args[i].getInternalName();
        }
        return out;
    }

    /** Whether the body stores to a parameter slot, which the handler's frame assumes it never does. */
    private static boolean reassignsParameters(MethodNode m) {
        int paramSlots = Type.getArgumentsAndReturnSizes(m.desc) >> 2; // includes one slot for "this", absent here
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof VarInsnNode v && v.getOpcode() >= ISTORE && v.getOpcode() <= ASTORE
                    && v.var < paramSlots - 1) {
                return true;
            }
        }
        return false;
    }

    private static MethodInsnNode after() {
        return new MethodInsnNode(INVOKESTATIC, HOOKS, "afterPark", Type.getMethodDescriptor(Type.VOID_TYPE), false);
    }

    private static int firstLine(InsnList code) {
        for (AbstractInsnNode insn = code.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof LineNumberNode l) {
                return l.line;
            }
        }
        return -1;
    }
}
