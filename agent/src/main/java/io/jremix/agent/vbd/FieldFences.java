package io.jremix.agent.vbd;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Makes a field instruction sequentially consistent by fencing it, leaving the field's declaration alone: a load is
 * followed by an acquire fence, a store is preceded by a release fence and followed by a full fence. With every
 * program access fenced so, no two of them can be reordered by the compiler or, on multi-copy-atomic hardware
 * (x86's TSO, ARMv8), by the processor: the accesses are sequentially consistent, and C2 compiles them as it
 * compiles a volatile field (a plain load; a store followed by one {@code lock addl}). POWER is not multi-copy
 * atomic, so there a load also gets a full fence before it, HotSpot's own mapping of a volatile load on that
 * processor.
 *
 * <p>Setting {@code ACC_VOLATILE} would have given the same ordering, but it changes what reflection, JNA and
 * serialization see: {@code Modifier.isVolatile}, which fields a JNA {@code Structure} writes to native memory,
 * whether an {@code AtomicIntegerFieldUpdater} accepts the field.
 */
final class FieldFences {
    private final boolean fenceBeforeLoads;

    /** @param fenceBeforeLoads whether loads need a leading full fence (hardware that is not multi-copy atomic) */
    FieldFences(boolean fenceBeforeLoads) {
        this.fenceBeforeLoads = fenceBeforeLoads;
    }

    /** The fences this JVM's processor needs. */
    static FieldFences forThisMachine() {
        return new FieldFences(System.getProperty("os.arch", "").startsWith("ppc"));
    }

    /** Fences {@code f} in {@code code}. */
    void fence(InsnList code, FieldInsnNode f) {
        if (isLoad(f)) {
            if (fenceBeforeLoads) {
                code.insertBefore(f, fence("fullFence"));
            }
            code.insert(f, fence("acquireFence"));
        } else {
            code.insertBefore(f, fence("releaseFence"));
            code.insert(f, fence("fullFence"));
        }
    }

    static boolean isLoad(FieldInsnNode f) {
        return f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.GETSTATIC;
    }

    static MethodInsnNode fence(String name) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, MethodRewriter.VAR_HANDLE, name, "()V", false);
    }
}
