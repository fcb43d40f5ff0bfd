package io.jremix.cli.command.jit;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One nmethod of a PrintAssembly listing: the header HotSpot prints
 * ({@code Compiled method (c2) 24 7 4 Hot::store (5 bytes)}), the listing lines and the decoded instructions.
 *
 * @param method    as HotSpot names it, {@code pkg.Class::name}
 * @param compiler  {@code c1}, {@code c2} (or {@code jvmci})
 * @param compileId HotSpot's compile id
 * @param tier      compilation level: 1 to 3 for C1, 4 for C2
 * @param osr       an on-stack-replacement compile (a loop entered while running), {@code %} in the header
 */
public record CompiledMethod(String method, String compiler, int compileId, int tier, boolean osr, List<String> listing,
                             List<Instruction> instructions) {

    private static final Pattern HEADER = Pattern.compile(
            "^Compiled method \\((\\w+)\\)\\s+\\d+\\s+(\\d+)\\s+([%sbn!]*)\\s*(\\d)\\s+(\\S+).*$");

    /** Every nmethod in {@code text}: PrintAssembly output as printed on stdout, or a HotSpot log file. */
    public static List<CompiledMethod> parseAll(String text) {
        List<CompiledMethod> methods = new ArrayList<>();
        Matcher header = null;
        List<String> listing = new ArrayList<>();
        for (String line : HotSpotLog.ttyText(text).split("\n", -1)) {
            Matcher m = HEADER.matcher(line);
            if (m.matches()) {
                add(methods, header, listing);
                header = m;
                listing = new ArrayList<>();
            }
            if (header != null) {
                listing.add(line);
                if (line.equals("[/Disassembly]") || line.equals("[/MachCode]")) {
                    add(methods, header, listing);
                    header = null;
                }
            }
        }
        add(methods, header, listing);
        return methods;
    }

    private static void add(List<CompiledMethod> methods, Matcher header, List<String> listing) {
        if (header == null) {
            return;
        }
        List<Instruction> instructions = new ArrayList<>();
        listing.forEach(l -> Instruction.parse(l).ifPresent(instructions::add));
        methods.add(new CompiledMethod(header.group(5), header.group(1), Integer.parseInt(header.group(2)),
                Integer.parseInt(header.group(4)), header.group(3).contains("%"), List.copyOf(listing),
                List.copyOf(instructions)));
    }

    /** False when HotSpot printed raw bytes instead of instructions: it had no usable hsdis. */
    public boolean decoded() {
        return !instructions.isEmpty() || listing.stream().noneMatch(Instruction::isRawBytes);
    }
}
