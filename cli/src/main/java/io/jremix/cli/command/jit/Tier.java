package io.jremix.cli.command.jit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Which compilations of a method {@code jit asm} shows: a hot method is compiled by C1 first, then by C2. */
enum Tier {
    /** The last C2 (tier 4) compile, or the last compile of a method that never reached C2. */
    C2,
    /** The last C1 (tier 1 to 3) compile. */
    C1,
    /** The last compile, whichever compiler made it. */
    LAST,
    /** Every compile. */
    ALL;

    /** The tier named as {@code --tier} takes it (JitCommandOptions.TIER has checked the name). */
    static Tier of(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }

    /** The compiles of {@code compiles} (in compile order) to show, method by method. */
    List<CompiledMethod> choose(List<CompiledMethod> compiles) {
        if (this == ALL) {
            return compiles;
        }
        Map<String, List<CompiledMethod>> byMethod = new LinkedHashMap<>();
        compiles.forEach(c -> byMethod.computeIfAbsent(c.method(), k -> new ArrayList<>()).add(c));
        List<CompiledMethod> chosen = new ArrayList<>();
        for (List<CompiledMethod> ofMethod : byMethod.values()) {
            CompiledMethod last = ofMethod.get(ofMethod.size() - 1);
            CompiledMethod pick = switch (this) {
                case C2 -> ofMethod.stream().filter(c -> c.tier() == 4).reduce((a, b) -> b).orElse(last);
                case C1 -> ofMethod.stream().filter(c -> c.tier() < 4).reduce((a, b) -> b).orElse(null);
                default -> last;
            };
            if (pick != null) {
                chosen.add(pick);
            }
        }
        return chosen;
    }
}
