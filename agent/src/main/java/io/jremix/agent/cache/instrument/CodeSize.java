package io.jremix.agent.cache.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * How many bytes of bytecode a method's instructions take, against HotSpot's {@code HugeMethodLimit}: the JIT leaves a
 * method with more than that to the interpreter for good, which costs far more than any probe saves.
 */
public final class CodeSize implements Opcodes {
    /** HotSpot's HugeMethodLimit (with DontCompileHugeMethods on, as it is by default). */
    public static final int HUGE_METHOD_LIMIT = 8000;

    private CodeSize() {
    }

    /**
     * The bytes {@code insns} take in a class file as ASM writes them, counting an {@code ldc} as {@code ldc_w} and
     * each switch with its most padding. Jumps count 3 bytes: only a method past 32 KB needs the wide ones, and such
     * a method is far past the limit either way.
     */
    static int of(InsnList insns) {
        int bytes = 0;
        for (AbstractInsnNode insn : insns) {
            bytes += switch (insn.getType()) {
                case AbstractInsnNode.LABEL, AbstractInsnNode.LINE, AbstractInsnNode.FRAME -> 0;
                case AbstractInsnNode.INSN -> 1;
                case AbstractInsnNode.INT_INSN -> ((IntInsnNode) insn).getOpcode() == SIPUSH ? 3 : 2;
                case AbstractInsnNode.VAR_INSN -> varBytes((VarInsnNode) insn);
                case AbstractInsnNode.IINC_INSN -> {
                    IincInsnNode i = (IincInsnNode) insn;
                    yield i.var <= 0xFF && i.incr == (byte) i.incr ? 3 : 6;
                }
                case AbstractInsnNode.METHOD_INSN -> insn.getOpcode() == INVOKEINTERFACE ? 5 : 3;
                case AbstractInsnNode.INVOKE_DYNAMIC_INSN -> 5;
                case AbstractInsnNode.MULTIANEWARRAY_INSN -> 4;
                case AbstractInsnNode.TABLESWITCH_INSN -> 16 + 4 * ((TableSwitchInsnNode) insn).labels.size();
                case AbstractInsnNode.LOOKUPSWITCH_INSN -> 12 + 8 * ((LookupSwitchInsnNode) insn).labels.size();
                default -> 3; // field, type, ldc and jump instructions
            };
        }
        return bytes;
    }

    /** Whether HotSpot would compile a method of {@code insns}. */
    static boolean compilable(InsnList insns) {
        return of(insns) <= HUGE_METHOD_LIMIT;
    }

    /** {@code xload_n}/{@code xstore_n} for the first four locals, {@code wide} past the 256th. */
    private static int varBytes(VarInsnNode v) {
        if (v.var < 4 && v.getOpcode() != RET) {
            return 1;
        }
        return v.var <= 0xFF ? 2 : 4;
    }
}
