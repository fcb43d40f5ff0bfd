package io.jremix.agent.cache.instrument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Two copies of a probed method's body in the one method, after "A Framework for Reducing the Cost of Instrumented
 * Code" (Arnold and Ryder, PLDI 2001, https://doi.org/10.1145/378795.378832): a checking copy, the method's own
 * code with no probes, and the probed copy. At entry, and in every loop, {@code CacheProbe.inBurst} decides
 * which copy runs on: every loop iteration of either copy starts at the checking copy's header, whose check (after
 * the loop's leading exit test if it has one, {@link LoopExitTests}) sends it on through the checking or the probed
 * copy's body. Between tracing bursts the method runs its own code plus one check per call and per loop iteration.
 * Locals and operand stack at a loop header are the same in both copies, so the probed body after a header needs
 * only a copy of the header's own stack-map frame; the class must have been read with expanded frames.
 */
final class DuplicatedBodies implements Opcodes {
    /** Bytes of one check: {@code invokestatic}, a conditional jump and a {@code goto_w}. */
    private static final int CHECK_BYTES = 11;

    private final MethodNode m;
    private final boolean frames;
    private final Map<LabelNode, LabelNode> toChecking = new HashMap<>();
    private final Map<LabelNode, LabelNode> fromChecking = new HashMap<>();
    private final InsnList checking = new InsnList();
    /** The method's exception handlers, on the checking copy's labels. */
    private final List<TryCatchBlockNode> checkingHandlers = new ArrayList<>();
    private final Set<LabelNode> headers;
    private final LoopExitTests exitTests;

    private DuplicatedBodies(MethodNode m, boolean frames, Set<LabelNode> headers) {
        this.m = m;
        this.frames = frames;
        this.headers = headers;
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof LabelNode l) {
                LabelNode copy = new LabelNode();
                toChecking.put(l, copy);
                fromChecking.put(copy, l);
            }
        }
        for (AbstractInsnNode insn : m.instructions) {
            checking.add(insn.clone(toChecking));
        }
        Set<LabelNode> checkingHeaders = new HashSet<>();
        headers.forEach(h -> checkingHeaders.add(toChecking.get(h)));
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            TryCatchBlockNode c = new TryCatchBlockNode(toChecking.get(t.start), toChecking.get(t.end),
                    toChecking.get(t.handler), t.type);
            c.visibleTypeAnnotations = t.visibleTypeAnnotations;
            c.invisibleTypeAnnotations = t.invisibleTypeAnnotations;
            checkingHandlers.add(c);
        }
        exitTests = new LoopExitTests(checking, checkingHeaders, checkingHandlers);
    }

    /**
     * Copies {@code m}'s body before its probes go in.
     *
     * @param frames whether the class file has stack-map frames (version 50 and later)
     * @return the checking copy, or {@code null} if the body cannot be duplicated: it uses JSR/RET, or a loop
     *     header has no frame, or one with an object whose constructor has not run yet (its type names the
     *     {@code new} instruction, which differs between the copies)
     */
    static DuplicatedBodies copy(MethodNode m, boolean frames) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == JSR || insn.getOpcode() == RET) {
                return null;
            }
        }
        Set<LabelNode> headers = loopHeaders(m.instructions);
        if (frames && !headers.stream().allMatch(h -> frameAt(h) != null && !holdsUninitialized(frameAt(h)))) {
            return null;
        }
        return new DuplicatedBodies(m, frames, headers);
    }

    /**
     * Puts the checking copy in front of {@code m}'s probed body, with the checks that join them.
     *
     * @param owner the class's internal name, for the entry frame
     * @return false, leaving {@code m} as it was, if the method would be too large for the JIT to compile
     */
    boolean join(String owner) {
        int checks = 1 + 3 * headers.size();
        if (CodeSize.of(checking) + CodeSize.of(m.instructions) + checks * CHECK_BYTES > CodeSize.HUGE_METHOD_LIMIT) {
            return false;
        }
        retargetHeaders(m.instructions);
        InsnList exitChecks = new InsnList();
        List<TryCatchBlockNode> exitHandlers = new ArrayList<>();
        for (LabelNode probedHeader : headers) {
            LabelNode checkingHeader = toChecking.get(probedHeader);
            LabelNode probedBody = new LabelNode();
            LabelNode stay = new LabelNode();
            InsnList toProbed = choose(stay, probedBody);
            toProbed.add(stay);
            addFrameOf(probedHeader, toProbed);
            JumpInsnNode exitTest = exitTests.after(checkingHeader);
            if (exitTest != null) {
                checking.insert(exitTest, toProbed); // the probed copy runs the test again: it reads only locals
                exitHandlers.addAll(checkOnExit(exitTest, probedHeader, exitChecks));
            } else {
                afterHeader(checking, checkingHeader, toProbed, null);
            }
            InsnList back = new InsnList();
            back.add(new JumpInsnNode(GOTO, checkingHeader));
            afterHeader(m.instructions, probedHeader, back, probedBody);
        }
        LabelNode probedEntry = new LabelNode();
        InsnList body = new InsnList();
        body.add(inBurst());
        body.add(new JumpInsnNode(IFNE, probedEntry));
        body.add(checking);
        body.add(exitChecks);
        body.add(probedEntry);
        if (frames && !startsWithFrame(m.instructions)) {
            body.add(entryFrame(owner)); // else the probed copy begins with a loop header and its frame
        }
        body.add(m.instructions);
        m.instructions = body;
        copyHandlersAndLocals();
        m.tryCatchBlocks.addAll(exitHandlers);
        return true;
    }

    /**
     * Sends the checking copy's loop exit {@code exitTest} through a check of its own, appended to {@code exitChecks},
     * on to where the loop ends in the copy that the check picks: with the check after the exit test, an iteration
     * that leaves the loop has not been checked, and the code after the loop would otherwise run unprobed in a burst
     * that began in the loop's last iteration, or before a call whose loop ran no iteration.
     *
     * @return the handlers that cover the check: those of the checking copy that cover the exit test
     */
    private List<TryCatchBlockNode> checkOnExit(JumpInsnNode exitTest, LabelNode probedHeader, InsnList exitChecks) {
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        exitChecks.add(start);
        addFrameOf(probedHeader, exitChecks);
        exitChecks.add(choose(exitTest.label, fromChecking.get(exitTest.label)));
        exitChecks.add(end);
        int at = checking.indexOf(exitTest);
        List<TryCatchBlockNode> covering = new ArrayList<>();
        for (TryCatchBlockNode t : checkingHandlers) {
            if (checking.indexOf(t.start) <= at && at < checking.indexOf(t.end)) {
                covering.add(new TryCatchBlockNode(start, end, t.handler, t.type));
            }
        }
        exitTest.label = start;
        return covering;
    }

    /**
     * Points the probed copy's jumps to its loop headers at the checking copy's, so that every loop has the one
     * header, in the checking copy, whose check sends each iteration to one copy or the other. Loops with a second
     * way in from outside would be irreducible, which C2 leaves out of its loop optimisations: that layout measured
     * about 3x on MatrixMultiply between bursts.
     */
    private void retargetHeaders(InsnList probed) {
        for (AbstractInsnNode insn : probed) {
            if (insn instanceof JumpInsnNode j) {
                j.label = checkingHeader(j.label);
            } else if (insn instanceof TableSwitchInsnNode s) {
                s.labels.replaceAll(this::checkingHeader);
                s.dflt = checkingHeader(s.dflt);
            } else if (insn instanceof LookupSwitchInsnNode s) {
                s.labels.replaceAll(this::checkingHeader);
                s.dflt = checkingHeader(s.dflt);
            }
        }
    }

    private LabelNode checkingHeader(LabelNode label) {
        return headers.contains(label) ? toChecking.get(label) : label;
    }

    /** Exception handlers and local variables of the checking copy: those of the method, on its labels. */
    private void copyHandlersAndLocals() {
        List<TryCatchBlockNode> handlers = new ArrayList<>(m.tryCatchBlocks);
        handlers.addAll(checkingHandlers);
        m.tryCatchBlocks = handlers;
        if (m.localVariables != null) {
            List<LocalVariableNode> locals = new ArrayList<>(m.localVariables);
            for (LocalVariableNode v : m.localVariables) {
                locals.add(new LocalVariableNode(v.name, v.desc, v.signature, toChecking.get(v.start),
                        toChecking.get(v.end), v.index));
            }
            m.localVariables = locals;
        }
        // their ranges are label lists of one copy; dropped rather than half-kept
        m.visibleLocalVariableAnnotations = null;
        m.invisibleLocalVariableAnnotations = null;
    }

    /**
     * Inserts {@code code} after {@code header}'s label, line and frame, followed by {@code target} with a copy of
     * the header's frame if {@code target} is not {@code null}.
     */
    private void afterHeader(InsnList list, LabelNode header, InsnList code, LabelNode target) {
        AbstractInsnNode last = header;
        while (last.getNext() != null && last.getNext().getOpcode() < 0) {
            last = last.getNext();
        }
        if (target != null) {
            code.add(target);
            addFrameOf(header, code);
        }
        list.insert(last, code);
    }

    /**
     * A check: on to {@code unprobed} as the jump's taken branch, to {@code probed} as its fall-through. C2's type
     * flow visits a jump's taken branch first, which in a loop makes the checking copy's back edge the inner of the
     * two loops that share the header, the one C2 rotates into a counted loop; the other way round it rotates the
     * probed copy's and leaves the checking copy's loop, the one that runs between bursts, unrotated.
     */
    private static InsnList choose(LabelNode unprobed, LabelNode probed) {
        InsnList code = new InsnList();
        code.add(inBurst());
        code.add(new JumpInsnNode(IFEQ, unprobed));
        code.add(new JumpInsnNode(GOTO, probed));
        return code;
    }

    /** Adds a copy of the frame at {@code header}, which holds after its loop's exit test too, if the class has frames. */
    private void addFrameOf(LabelNode header, InsnList code) {
        if (frames) {
            code.add(copyOf(frameAt(header)));
        }
    }

    private static FrameNode copyOf(FrameNode f) {
        return new FrameNode(F_NEW, f.local.size(), f.local.toArray(), f.stack.size(), f.stack.toArray());
    }

    private static MethodInsnNode inBurst() {
        return new MethodInsnNode(INVOKESTATIC, "io/jremix/probe/cache/CacheProbe", "inBurst", "()Z", false);
    }

    /** Targets of backward jumps and of backward switch cases: where loops begin. */
    private static Set<LabelNode> loopHeaders(InsnList insns) {
        Set<LabelNode> seen = new HashSet<>();
        Set<LabelNode> headers = new LinkedHashSet<>();
        for (AbstractInsnNode insn : insns) {
            if (insn instanceof LabelNode l) {
                seen.add(l);
            }
            for (LabelNode t : LoopExitTests.targets(insn)) {
                if (seen.contains(t)) {
                    headers.add(t);
                }
            }
        }
        return headers;
    }

    private static boolean holdsUninitialized(FrameNode f) {
        return f.local.stream().anyMatch(LabelNode.class::isInstance)
                || f.stack.stream().anyMatch(LabelNode.class::isInstance);
    }

    private static boolean startsWithFrame(InsnList insns) {
        for (AbstractInsnNode n = insns.getFirst(); n != null && n.getOpcode() < 0; n = n.getNext()) {
            if (n instanceof FrameNode) {
                return true;
            }
        }
        return false;
    }

    /** The implicit frame at a method's entry: its receiver and parameters, an empty stack. */
    private FrameNode entryFrame(String owner) {
        List<Object> locals = new ArrayList<>();
        if ((m.access & ACC_STATIC) == 0) {
            locals.add(m.name.equals("<init>") ? UNINITIALIZED_THIS : owner);
        }
        for (Type t : Type.getArgumentTypes(m.desc)) {
            locals.add(switch (t.getSort()) {
                case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT -> INTEGER;
                case Type.FLOAT -> FLOAT;
                case Type.LONG -> LONG;
                case Type.DOUBLE -> DOUBLE;
                case Type.ARRAY -> t.getDescriptor();
                default -> t.getInternalName();
            });
        }
        return new FrameNode(F_NEW, locals.size(), locals.toArray(), 0, new Object[0]);
    }

    /** The frame among the labels, lines and frames that start at {@code label}, or {@code null}. */
    private static FrameNode frameAt(LabelNode label) {
        for (AbstractInsnNode n = label; n != null && n.getOpcode() < 0; n = n.getNext()) {
            if (n instanceof FrameNode f) {
                return f;
            }
        }
        return null;
    }
}
