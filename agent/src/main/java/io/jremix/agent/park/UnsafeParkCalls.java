package io.jremix.agent.park;

import java.util.Set;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the JDK classes that call {@code jdk.internal.misc.Unsafe.park} directly instead of going through
 * {@code LockSupport} (JDK 25's idle {@code ForkJoinPool} workers, its {@code DelayScheduler}, virtual threads
 * pinned to their carrier, AQS's out-of-memory retries, and {@code sun.misc.Unsafe} for programs that park
 * through it): each such call becomes a call of {@code ParkHooks.unsafePark} with the same operands, which parks
 * between the park hooks. The stack has the same shape before and after, so nothing else in the method changes.
 *
 * <p>Why not wrap the native method itself ({@code Instrumentation.setNativeMethodPrefix})? {@code Unsafe} is
 * loaded before any agent, and retransforming it cannot add the wrapper method: HotSpot refuses with
 * "attempted to add a method" on JDK 17 and 25, unless the JVM runs with the deprecated
 * {@code -XX:+AllowRedefinitionToAddDeleteMethods}, which prints a warning in every program.
 */
final class UnsafeParkCalls implements Opcodes {
    private static final String UNSAFE = "jdk/internal/misc/Unsafe";
    private static final String PARK_DESC = "(ZJ)V";
    private static final String HOOKS = "io/jremix/probe/park/ParkHooks";
    private static final String HOOK_DESC = "(L" + UNSAFE + ";ZJ)V";

    /**
     * The classes of JDK 17 to 25 whose methods call {@code Unsafe.park}, other than {@code LockSupport}, found by
     * scanning the runtime images (UnsafeParkCallsTest checks the running JDK's against this list).
     */
    static final Set<String> CALLERS = Set.of(
            "java/util/concurrent/ForkJoinPool",
            "java/util/concurrent/DelayScheduler",
            "java/lang/VirtualThread",
            "java/lang/ThreadBuilders$BoundVirtualThread",
            "java/util/concurrent/locks/AbstractQueuedSynchronizer",
            "java/util/concurrent/locks/AbstractQueuedSynchronizer$ConditionObject",
            "java/util/concurrent/locks/AbstractQueuedLongSynchronizer",
            "java/util/concurrent/locks/AbstractQueuedLongSynchronizer$ConditionObject",
            "sun/misc/Unsafe");

    private UnsafeParkCalls() {
    }

    /** Whether an instruction is a call of {@code jdk.internal.misc.Unsafe.park(boolean, long)}. */
    static boolean isUnsafePark(int opcode, String owner, String name, String desc) {
        return opcode == INVOKEVIRTUAL && owner.equals(UNSAFE) && name.equals("park") && desc.equals(PARK_DESC);
    }

    /** The class with its {@code Unsafe.park} calls rewritten, or {@code null} if it has none. */
    static byte[] rewrite(byte[] classfile) {
        ClassReader reader = new ClassReader(classfile);
        ClassWriter writer = new ClassWriter(reader, 0); // same constant pool, frames and maxima: no shape changes
        int[] calls = new int[1];
        reader.accept(new ClassVisitor(ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature,
                                             String[] exceptions) {
                return new MethodVisitor(ASM9, super.visitMethod(access, name, desc, signature, exceptions)) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String d, boolean itf) {
                        if (isUnsafePark(opcode, owner, method, d)) {
                            calls[0]++;
                            super.visitMethodInsn(INVOKESTATIC, HOOKS, "unsafePark", HOOK_DESC, false);
                        } else {
                            super.visitMethodInsn(opcode, owner, method, d, itf);
                        }
                    }
                };
            }
        }, 0);
        return calls[0] == 0 ? null : writer.toByteArray();
    }
}
