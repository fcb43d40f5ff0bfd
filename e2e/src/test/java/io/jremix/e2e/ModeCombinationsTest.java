package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

class ModeCombinationsTest {
    /** Each mode's setting in a combination: the cache mode, park profiling on or off, VBD on or off. */
    private static final List<Function<List<String>, Object>> SETTINGS = List.of(
            m -> m.contains("-remix:detect") ? "detect" : m.contains("-remix") ? "repair" : "none",
            m -> m.contains("-XXgetparkcontention"), m -> m.contains("-XX:+VBD"));

    @Test
    void everyPairOfTwoModesSettingsIsInSomeCombination() {
        List<List<String>> pairs = ModeCombinations.everyPair();
        for (List<String> a : ModeCombinations.all()) {
            for (int i = 0; i < SETTINGS.size(); i++) {
                for (int j = i + 1; j < SETTINGS.size(); j++) {
                    Function<List<String>, Object> first = SETTINGS.get(i);
                    Function<List<String>, Object> second = SETTINGS.get(j);
                    assertTrue(pairs.stream().anyMatch(p -> first.apply(p).equals(first.apply(a))
                            && second.apply(p).equals(second.apply(a))), "no combination has the settings of " + a
                            + " in modes " + i + " and " + j);
                }
            }
        }
    }
}
