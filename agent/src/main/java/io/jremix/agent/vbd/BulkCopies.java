package io.jremix.agent.vbd;

import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Calls that read or write many array elements inside the JDK, where the rewriting cannot reach: VBD-HotSpot put
 * barriers around its intrinsics, and these calls get a full fence on each side. The copy itself is not
 * element-by-element volatile: a thread racing with it can see it half done, but nothing before the call moves
 * after it, and nothing after moves before.
 */
final class BulkCopies {
    private static final Set<String> ARRAYS_METHODS = Set.of("copyOf", "copyOfRange", "fill");
    private static final Set<String> UNSAFES = Set.of("sun/misc/Unsafe", "jdk/internal/misc/Unsafe");

    private BulkCopies() {
    }

    static boolean isBulk(MethodInsnNode call) {
        return switch (call.getOpcode()) {
            case Opcodes.INVOKESTATIC -> call.owner.equals("java/lang/System") && call.name.equals("arraycopy")
                    || call.owner.equals("java/util/Arrays") && ARRAYS_METHODS.contains(call.name);
            case Opcodes.INVOKEVIRTUAL -> call.owner.startsWith("[") && call.name.equals("clone")
                    || UNSAFES.contains(call.owner) && (call.name.equals("copyMemory") || call.name.equals("setMemory"));
            default -> false;
        };
    }
}
