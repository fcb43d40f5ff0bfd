package io.jremix.cli.command.jit;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One decoded instruction of a PrintAssembly listing: {@code 0x00007f..:   lock add dword ptr [rsp-40h],0h ; ...}.
 * Prefixes are split off so that {@code lock} can be counted whatever instruction it prefixes.
 */
public record Instruction(long address, Set<String> prefixes, String mnemonic, String operands) {
    private static final Pattern LINE = Pattern.compile("^\\s*0x([0-9a-f]+):\\s+(.*)$");
    /** Raw bytes, as HotSpot prints them when no usable hsdis was loaded: {@code 4883 ec30 | ...}. */
    private static final Pattern BYTES = Pattern.compile("^[0-9a-f]{2,8}( [0-9a-f]{2,8})*( \\|.*)?$");
    private static final Set<String> PREFIXES = Set.of("lock", "rep", "repe", "repz", "repne", "repnz", "data16",
            "data32", "addr32", "xacquire", "xrelease", "notrack", "bnd", "cs", "ds", "es", "fs", "gs", "ss");

    /** The instruction on {@code line}, if it holds one (not a comment, not raw bytes). */
    public static Optional<Instruction> parse(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        String code = m.group(2);
        int comment = code.indexOf(';');
        if (comment >= 0) {
            code = code.substring(0, comment);
        }
        code = code.trim();
        if (code.isEmpty() || BYTES.matcher(code).matches()) {
            return Optional.empty();
        }
        String[] tokens = code.split("\\s+", -1);
        int i = 0;
        Set<String> prefixes = new LinkedHashSet<>();
        while (i < tokens.length - 1 && PREFIXES.contains(tokens[i].toLowerCase(Locale.ROOT))) {
            prefixes.add(tokens[i++].toLowerCase(Locale.ROOT));
        }
        String mnemonic = tokens[i].toLowerCase(Locale.ROOT);
        String operands = String.join(" ", Arrays.copyOfRange(tokens, i + 1, tokens.length));
        return Optional.of(new Instruction(Long.parseUnsignedLong(m.group(1), 16), Set.copyOf(prefixes), mnemonic, operands));
    }

    /** True for raw-byte lines, the sign that HotSpot printed an abstract disassembly (hsdis not usable). */
    static boolean isRawBytes(String line) {
        Matcher m = LINE.matcher(line);
        return m.matches() && BYTES.matcher(m.group(2).trim()).matches();
    }

    public boolean locked() {
        return prefixes.contains("lock");
    }

    /** mfence, lfence or sfence. */
    public boolean fence() {
        return mnemonic.equals("mfence") || mnemonic.equals("lfence") || mnemonic.equals("sfence");
    }

    /** xchg with a memory operand, which x86 locks implicitly ({@code [..]} in Intel, {@code (..)} in AT&T syntax). */
    public boolean xchgWithMemory() {
        return mnemonic.startsWith("xchg") && (operands.contains("[") || operands.contains("("));
    }
}
