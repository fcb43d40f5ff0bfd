package io.jremix.agent.cache.instrument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The test that a loop begins with, javac's {@code i < n} of a {@code for} or {@code while}, when it reads only
 * locals and constants. A duplicated loop's check goes after it rather than at the header, because C2 compiles a
 * loop whose first block is an exit test by moving that test to the bottom (its type flow clones the header), which
 * is what makes it a counted loop it can unroll; a header that starts with the check is not an exit, and the loop
 * stays one test at the top and a safepoint poll per iteration. (The check must also go on unprobed as its taken
 * branch, {@code DuplicatedBodies.choose}: with both, SeparateLines' loop ran 1.2x between bursts, with either alone
 * or neither 1.8x; docs/benchmarks.md at c1677fc.) Only locals and constants, because the probed copy runs the same
 * test again when a burst sends an iteration there: with no field read, no store and no call it gives the same answer,
 * and has no access to trace.
 */
final class LoopExitTests implements Opcodes {
    private final Map<LabelNode, JumpInsnNode> tests = new HashMap<>();

    /**
     * @param insns    a method's instructions
     * @param headers  its loop headers
     * @param handlers its exception handlers, whose labels also begin blocks
     */
    LoopExitTests(InsnList insns, Set<LabelNode> headers, List<TryCatchBlockNode> handlers) {
        Set<LabelNode> blockStarts = new HashSet<>();
        Map<LabelNode, Integer> lastBackEdge = new HashMap<>();
        for (AbstractInsnNode insn : insns) {
            for (LabelNode target : targets(insn)) {
                blockStarts.add(target);
                if (headers.contains(target)) {
                    lastBackEdge.put(target, insns.indexOf(insn));
                }
            }
        }
        for (TryCatchBlockNode t : handlers) {
            blockStarts.addAll(List.of(t.start, t.end, t.handler));
        }
        for (LabelNode header : headers) {
            JumpInsnNode test = leadingTest(header, blockStarts);
            if (test != null && leaves(insns, test.label, header, lastBackEdge.get(header))) {
                tests.put(header, test);
            }
        }
    }

    /** The conditional jump that ends the exit test {@code header}'s loop begins with, or {@code null}. */
    JumpInsnNode after(LabelNode header) {
        return tests.get(header);
    }

    /**
     * The first jump after {@code header}, if everything before it only reads locals and constants, leaves on the
     * stack just what the jump takes, and no other jump lands in between; and if no frame follows it (the check goes
     * there, with a frame of its own).
     */
    private static JumpInsnNode leadingTest(LabelNode header, Set<LabelNode> blockStarts) {
        int depth = 0;
        for (AbstractInsnNode n = header.getNext(); n != null; n = n.getNext()) {
            if (n instanceof LabelNode l && blockStarts.contains(l)) {
                return null;
            }
            if (n instanceof JumpInsnNode j) {
                return depth == operands(j) && !frameFollows(j) ? j : null;
            }
            if (n.getOpcode() >= 0) {
                Integer pushed = pushedByPureInsn(n);
                if (pushed == null || (depth += pushed) < 0) {
                    return null;
                }
            }
        }
        return null;
    }

    /** Values a conditional jump takes off the stack; -1 for {@code goto} and {@code jsr}, which are not tests. */
    private static int operands(JumpInsnNode j) {
        int op = j.getOpcode();
        if (op >= IFEQ && op <= IFLE || op == IFNULL || op == IFNONNULL) {
            return 1;
        }
        return op >= IF_ICMPEQ && op <= IF_ACMPNE ? 2 : -1;
    }

    /**
     * What an instruction that reads only locals and constants adds to the stack, in values; {@code null} for any
     * other (field and element accesses, stores, {@code iinc}, calls, allocations).
     */
    private static Integer pushedByPureInsn(AbstractInsnNode n) {
        int op = n.getOpcode();
        if (op >= ACONST_NULL && op <= SIPUSH || op >= ILOAD && op <= ALOAD) {
            return 1;
        }
        if (n instanceof LdcInsnNode ldc) {
            return ldc.cst instanceof Number || ldc.cst instanceof String ? 1 : null; // not classes nor dynamic constants
        }
        if (op >= IADD && op <= DREM || op >= ISHL && op <= LXOR || op >= LCMP && op <= DCMPG) {
            return -1;
        }
        if (op >= INEG && op <= DNEG || op >= I2L && op <= I2S || op == ARRAYLENGTH) {
            return 0; // the array's length is no access the probes trace
        }
        return null;
    }

    private static boolean frameFollows(JumpInsnNode j) {
        for (AbstractInsnNode n = j.getNext(); n != null && n.getOpcode() < 0; n = n.getNext()) {
            if (n instanceof FrameNode) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code target} lies outside the loop: before its header or after its last back edge. */
    private static boolean leaves(InsnList insns, LabelNode target, LabelNode header, int lastBackEdge) {
        int at = insns.indexOf(target);
        return at < insns.indexOf(header) || at > lastBackEdge;
    }

    /** Where a jump or switch can go; nothing for other instructions. */
    static List<LabelNode> targets(AbstractInsnNode insn) {
        if (insn instanceof JumpInsnNode j) {
            return List.of(j.label);
        }
        if (insn instanceof TableSwitchInsnNode s) {
            return concat(s.labels, s.dflt);
        }
        if (insn instanceof LookupSwitchInsnNode s) {
            return concat(s.labels, s.dflt);
        }
        return List.of();
    }

    private static List<LabelNode> concat(List<LabelNode> labels, LabelNode dflt) {
        List<LabelNode> all = new ArrayList<>(labels);
        all.add(dflt);
        return all;
    }
}
