package io.jremix.e2e.vbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;

/**
 * Counts the fences C2 compiled into a hot litmus actor, plain and under {@code -XX:+VBD}: x86 volatile stores end
 * in {@code lock addl $0,(rsp)} (or {@code mfence}). {@code -XX:CompileCommand=print} shows the code; with a
 * working hsdis it is disassembled and the mnemonics are counted, without one (Debian's libhsdis0-fcml exports
 * only the pre-JDK-13 entry point, so JDK 17 and 25 print raw bytes) the instruction encodings are counted in the
 * bytes. Runs on x86-64 only.
 */
class JitFenceTest {
    private static final String METHOD = "io.jremix.workloads.litmus.StoreBufferingArrays::actor";
    private static final Pattern BYTES = Pattern.compile("\\s*0x[0-9a-f]+: ((?:[0-9a-f]{2,8}\\s*\\|?\\s*)+)");
    /** lock addl $0,disp8(%rsp); lock addl $0,(%rsp); mfence. */
    private static final Pattern FENCE_BYTES = Pattern.compile("f0834424..00|f083042400|0faef0");
    private static final Pattern FENCE_TEXT = Pattern.compile("lock addl\\s+\\$0x0,|mfence");

    @Test
    void volatileStoresCompileToFences() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64"));
        int plain = fences(List.of());
        int vbd = fences(List.of("-XX:+VBD"));
        System.out.println("fences in C2 code of " + METHOD + ": plain " + plain + ", VBD " + vbd);
        assertEquals(0, plain);
        assertTrue(vbd >= 2, "a fence after each of the two array stores (one per actor branch): " + vbd);
    }

    /** Fences in the last C2 compilation of the actor. */
    private static int fences(List<String> options) throws Exception {
        List<String> command = new ArrayList<>(options);
        command.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:CompileCommand=quiet",
                "-XX:CompileCommand=print," + METHOD));
        Jremix.Run run = Jremix.main(command, Jremix.WORKLOADS.toString(), LitmusResults.MAIN, "sb-arrays", "300000");
        assertEquals(0, run.exit(), run.stderr());
        String out = run.stdout();
        int c2 = out.lastIndexOf("C2-compiled nmethod");
        assertTrue(c2 >= 0, "C2 compiled the actor");
        int end = out.indexOf("[/MachCode]", c2);
        String code = out.substring(c2, end < 0 ? out.length() : end);
        Matcher text = FENCE_TEXT.matcher(code);
        int mnemonics = 0;
        while (text.find()) {
            mnemonics++;
        }
        if (mnemonics > 0 || code.contains("lock ")) {
            return mnemonics;
        }
        StringBuilder hex = new StringBuilder();
        for (String line : code.lines().toList()) {
            Matcher m = BYTES.matcher(line);
            if (m.matches()) {
                hex.append(m.group(1).replaceAll("[\\s|]", ""));
            }
        }
        Matcher f = FENCE_BYTES.matcher(hex);
        int n = 0;
        int from = 0;
        while (f.find(from)) {
            if (f.start() % 2 == 0) {
                n++;
                from = f.end();
            } else {
                from = f.start() + 1;
            }
        }
        return n;
    }
}
