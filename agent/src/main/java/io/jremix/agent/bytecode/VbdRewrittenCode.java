package io.jremix.agent.bytecode;

import io.jremix.probe.vbd.VolatileFields;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * How code that volatile-by-default rewrote reads to another feature's instrumentation (cache-contention detection
 * beside VBD): which calls are a field site's access and to which field, which plain {@code getfield} is only the
 * null check in front of such a call, and which stores are on a null path that only throws. VBD writes these
 * shapes; whoever reads them learns what the code accesses without knowing how VBD made it.
 */
public final class VbdRewrittenCode {
    /** The name of every class of field sites VBD generates starts with this, a number following. */
    public static final String SITES_PREFIX = "io/jremix/probe/vbd/FieldSites";

    private VbdRewrittenCode() {
    }

    /**
     * What a rewritten site's call accesses: the object (and the value of a store) are on the stack under the call.
     */
    public record SiteAccess(String owner, String name, String descriptor, boolean store) {
    }

    /** What {@code call} accesses when it is a rewritten site's call, or {@code null}. */
    public static SiteAccess accessOf(MethodInsnNode call) {
        if (!isSiteCall(call)) {
            return null;
        }
        String[] f = VolatileFields.field(Integer.parseInt(call.name.substring(1)));
        return new SiteAccess(f[0], f[1], f[2], call.name.charAt(0) == 'p');
    }

    private static boolean isSiteCall(AbstractInsnNode insn) {
        return insn instanceof MethodInsnNode m && m.getOpcode() == Opcodes.INVOKESTATIC
                && m.owner.startsWith(SITES_PREFIX) && m.name.length() > 1
                && (m.name.charAt(0) == 'g' || m.name.charAt(0) == 'p') && m.name.chars().skip(1).allMatch(Character::isDigit);
    }

    /**
     * The call that {@code f} is the check of, or {@code null} when {@code f} is an ordinary instruction: a check
     * is not an access of its own, its call is ({@link #accessOf}).
     */
    public static MethodInsnNode checkedCall(FieldInsnNode f) {
        AbstractInsnNode pop = next(f);
        AbstractInsnNode call = pop == null ? null : next(pop);
        boolean site = f.getOpcode() == Opcodes.GETFIELD && pop != null
                && (pop.getOpcode() == Opcodes.POP || pop.getOpcode() == Opcodes.POP2) && isSiteCall(call);
        return site ? (MethodInsnNode) call : null;
    }

    /**
     * Whether {@code store} is on a null path: reached only when its array or object is {@code null}, it throws,
     * touching no memory, so there is no access to trace there.
     */
    public static boolean isNullPath(AbstractInsnNode store) {
        AbstractInsnNode next = next(store);
        if (next == null || next.getOpcode() != Opcodes.ACONST_NULL) {
            return false;
        }
        AbstractInsnNode after = next(next);
        return after != null && after.getOpcode() == Opcodes.ATHROW;
    }

    /** The next instruction after {@code insn}, past labels, lines and frames; {@code null} at the end. */
    private static AbstractInsnNode next(AbstractInsnNode insn) {
        AbstractInsnNode n = insn.getNext();
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
    }
}
