package io.jremix.cli.command.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.Test;

class InstructionTest {

    private static Instruction parse(String line) {
        return Instruction.parse(line).orElseThrow(() -> new AssertionError("no instruction in: " + line));
    }

    @Test
    void lockPrefixIsSplitFromTheInstructionItLocks() {
        Instruction i = parse("  0x00007f74c0ec761a:   lock add dword ptr [rsp+0ffffffffffffffc0h],0h");
        assertEquals(0x00007f74c0ec761aL, i.address());
        assertEquals(Set.of("lock"), i.prefixes());
        assertEquals("add", i.mnemonic());
        assertEquals("dword ptr [rsp+0ffffffffffffffc0h],0h", i.operands());
        assertTrue(i.locked());
    }

    @Test
    void xchgLocksOnlyWithAMemoryOperand() {
        assertTrue(parse("  0x00007f0fa8ec8a19:   xchg    qword ptr [r10+10h],rax").xchgWithMemory());
        assertFalse(parse("  0x00007f0fa8ec8a19:   xchg    rax,rbx").xchgWithMemory());
        assertTrue(parse("  0x00007f0fa8ec8a19:   xchgq   %rax,0x10(%r10)").xchgWithMemory(), "AT&T syntax");
    }

    @Test
    void fencesAndCommentsAreRecognised() {
        assertTrue(parse("  0x00007f0fa8ec8a19:   mfence").fence());
        assertTrue(parse("  0x00007f0fa8ec8a19:   lfence ; a comment").fence());
        Instruction call = parse("  0x00007f74c0ec7625:   cmp     rsp,qword ptr [r15+340h]    ;   {poll_return}");
        assertEquals("cmp", call.mnemonic());
        assertFalse(call.locked() || call.fence() || call.xchgWithMemory());
    }

    @Test
    void rawBytesCommentsAndOtherLinesAreNotInstructions() {
        assertTrue(Instruction.parse("  0x00007f8905400ea0: 8984 2400 | c0fe ff55 | 4883 ec30 ").isEmpty());
        assertTrue(Instruction.isRawBytes("  0x00007f8905400ea0: 8984 2400 | c0fe ff55 | 4883 ec30 "));
        assertTrue(Instruction.parse("  0x00007f8905400eac: ;   {metadata(method data for {method} 'store' '(J)V' in 'Hot')}").isEmpty());
        assertTrue(Instruction.parse("  # parm0:    rsi:rsi   = long").isEmpty());
        assertTrue(Instruction.parse("[Verified Entry Point]").isEmpty());
    }
}
