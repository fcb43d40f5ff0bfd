package io.jremix.agent.vbd;

import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The plain memory accesses that a program makes through library calls rather than bytecodes, and their volatile
 * forms. VBD-HotSpot gave {@code Unsafe.getObject} and friends the barriers of {@code getObjectVolatile}; here
 * {@code sun.misc.Unsafe} and {@code jdk.internal.misc.Unsafe} {@code getT(Object, long)} and
 * {@code putT(Object, long, T)} are renamed to {@code getTVolatile}/{@code putTVolatile}, same descriptor.
 *
 * <p>Two kinds of plain access get a full fence on each side instead, which orders them as a volatile access would:
 * Unsafe's absolute-address forms ({@code getInt(long)}, {@code putInt(long, int)}), which have no volatile twin,
 * and plain-mode {@code VarHandle.get}/{@code set}. Renaming the latter to {@code getVolatile} would change what the
 * program computes: a byte-array or buffer view handle (Lucene reads its index through them) accepts a misaligned
 * index in plain mode and throws {@code IllegalStateException} in volatile mode. Opaque, acquire and release modes
 * are an explicit choice of weaker ordering and are left as written.
 */
final class PlainAccessCalls {
    private static final Set<String> UNSAFES = Set.of("sun/misc/Unsafe", "jdk/internal/misc/Unsafe");
    private static final Set<String> TYPES = Set.of("Int", "Long", "Short", "Char", "Byte", "Boolean", "Float",
            "Double", "Object", "Reference");

    private PlainAccessCalls() {
    }

    /** The volatile method to call instead, or {@code null} if the call is not a plain access. */
    static String volatileForm(MethodInsnNode call) {
        if (call.getOpcode() != Opcodes.INVOKEVIRTUAL) {
            return null;
        }
        if (UNSAFES.contains(call.owner) && isTyped(call.name) && call.desc.startsWith("(Ljava/lang/Object;J")) {
            return call.name + "Volatile";
        }
        return null;
    }

    /** A plain access that is fenced rather than renamed: Unsafe by absolute address, or a plain-mode VarHandle. */
    static boolean isFencedAccess(MethodInsnNode call) {
        if (call.getOpcode() != Opcodes.INVOKEVIRTUAL) {
            return false;
        }
        if (call.owner.equals(MethodRewriter.VAR_HANDLE)) {
            return call.name.equals("get") || call.name.equals("set");
        }
        return UNSAFES.contains(call.owner) && isTyped(call.name) && call.desc.startsWith("(J");
    }

    private static boolean isTyped(String name) {
        return (name.startsWith("get") || name.startsWith("put")) && TYPES.contains(name.substring(3));
    }
}
