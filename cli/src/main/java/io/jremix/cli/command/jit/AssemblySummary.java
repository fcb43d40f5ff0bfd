package io.jremix.cli.command.jit;

import java.util.List;
import java.util.Locale;

/**
 * What orders memory in one compiled method: instructions with a {@code lock} prefix, {@code xchg} with memory
 * (locked implicitly), and {@code mfence}/{@code lfence}/{@code sfence}. On x86 these are what volatile
 * accesses, CAS and VarHandle fences compile to (HotSpot emits {@code lock add [rsp-..],0} for a StoreLoad
 * barrier), so counting them shows whether code got the ordering it asked for, e.g. under {@code -XX:+VBD}.
 *
 * <pre>{@code
 * for (AssemblySummary s : AssemblySummary.of(printAssemblyText)) {
 *     if (s.method().equals("Foo::bar") && s.tier() == 4) assert s.barriers() > 0;
 * }
 * }</pre>
 *
 * @param instructions all decoded instructions of the nmethod, stubs and padding included
 * @param locked       instructions with a {@code lock} prefix
 * @param xchgMemory   {@code xchg} with a memory operand
 */
public record AssemblySummary(String method, String compiler, int compileId, int tier, boolean osr, int instructions,
                              int locked, int mfence, int lfence, int sfence, int xchgMemory) {

    public static AssemblySummary of(CompiledMethod m) {
        int locked = 0;
        int mfence = 0;
        int lfence = 0;
        int sfence = 0;
        int xchg = 0;
        for (Instruction i : m.instructions()) {
            locked += i.locked() ? 1 : 0;
            xchg += i.xchgWithMemory() ? 1 : 0;
            switch (i.mnemonic()) {
                case "mfence" -> mfence++;
                case "lfence" -> lfence++;
                case "sfence" -> sfence++;
                default -> {
                }
            }
        }
        return new AssemblySummary(m.method(), m.compiler(), m.compileId(), m.tier(), m.osr(), m.instructions().size(),
                locked, mfence, lfence, sfence, xchg);
    }

    /** One summary per nmethod in {@code printAssemblyText} (stdout of PrintAssembly, or a HotSpot log file). */
    public static List<AssemblySummary> of(String printAssemblyText) {
        return CompiledMethod.parseAll(printAssemblyText).stream().map(AssemblySummary::of).toList();
    }

    public int fences() {
        return mfence + lfence + sfence;
    }

    /** Locked instructions, xchg with memory and fences together. */
    public int barriers() {
        return locked + xchgMemory + fences();
    }

    /** A table of {@code summaries}, one row per compiled method. */
    public static String table(List<AssemblySummary> summaries) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-8s %4s %6s %6s %6s %6s %6s %6s  %s%n",
                "compiler", "tier", "id", "instrs", "lock", "xchg", "mfence", "l/s", "method"));
        for (AssemblySummary s : summaries) {
            sb.append(String.format(Locale.ROOT, "%-8s %4d %6d %6d %6d %6d %6d %6s  %s%n", s.compiler, s.tier,
                    s.compileId, s.instructions, s.locked, s.xchgMemory, s.mfence, s.lfence + "/" + s.sfence,
                    s.method + (s.osr ? " (OSR)" : "")));
        }
        return sb.toString();
    }
}
