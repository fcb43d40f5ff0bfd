package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Every combination of jremix's modes: each cache mode (none, detection, repair from a profile) with and without
 * park profiling and VBD, less the one with none of them.
 */
final class ModeCombinations {
    /** Stands for the profile's path, which a combination gets with {@link #withProfileIn}. */
    private static final String PROFILE = "-XX:REMIXProfile=";
    /** The prefixes of jremix's own lines on the program's stderr. */
    private static final List<String> PREFIXES = List.of("REMIX: ", "PARK: ", "VBD: ");

    private ModeCombinations() {
    }

    static List<List<String>> all() {
        List<List<String>> cache = List.of(List.of(), List.of("-remix:detect"), List.of("-remix", PROFILE));
        List<List<String>> all = new ArrayList<>();
        for (List<String> c : cache) {
            for (List<String> park : List.of(List.<String>of(), List.of("-XXgetparkcontention"))) {
                for (List<String> vbd : List.of(List.<String>of(), List.of("-XX:+VBD"))) {
                    List<String> options = new ArrayList<>(c);
                    options.addAll(park);
                    options.addAll(vbd);
                    if (!options.isEmpty()) {
                        all.add(options);
                    }
                }
            }
        }
        return all;
    }

    /**
     * Every pair of two modes' settings in at least one combination: six of {@link #all}'s eleven, a covering array
     * of strength 2 (each cache mode with and without park profiling and with and without VBD, and park profiling
     * with and without VBD). {@code -Djremix.everyMode=true} gives {@link #all} instead.
     */
    static List<List<String>> everyPair() {
        if (Boolean.getBoolean("jremix.everyMode")) {
            return all();
        }
        return List.of(List.of("-XXgetparkcontention"), List.of("-XX:+VBD"), List.of("-remix:detect"),
                List.of("-remix:detect", "-XXgetparkcontention", "-XX:+VBD"), List.of("-remix", PROFILE, "-XX:+VBD"),
                List.of("-remix", PROFILE, "-XXgetparkcontention"));
    }

    /** Each mode alone (detection, repair from a profile, park profiling, VBD), and all of them together. */
    static List<List<String>> eachAloneAndAll() {
        return List.of(List.of("-remix:detect"), List.of("-remix", PROFILE), List.of("-XXgetparkcontention"),
                List.of("-XX:+VBD"), List.of("-remix", PROFILE, "-XXgetparkcontention", "-XX:+VBD"));
    }

    /** Whether the combination runs cache-contention detection (repair detects too). */
    static boolean detects(List<String> modes) {
        return modes.contains("-remix:detect") || modes.contains("-remix");
    }

    /** The combination's options, its profile (if it has one) a file in {@code dir} of its own. */
    static List<String> withProfileIn(List<String> modes, Path dir) {
        String name = String.join("", modes).replaceAll("[^A-Za-z]", "");
        return modes.stream().map(o -> o.equals(PROFILE) ? o + dir.resolve("profile-" + name + ".json") : o).toList();
    }

    /**
     * Fails unless the run's stderr is what plain java printed ({@code plain}: the program's own lines, and the JDK's
     * warnings about it, such as JDK 24+'s about {@code sun.misc.Unsafe}) with only jremix's lines added. The lines
     * are compared in any order: some of the JDK's (its time-zone warnings) come in a different order run to run.
     * No park or monitor row may name one of jremix's own threads.
     */
    static void assertPlainStderrPlusJremixLines(Jremix.Run run, List<String> plain) {
        List<String> others = run.stderrLines().stream().filter(l -> PREFIXES.stream().noneMatch(l::startsWith))
                .sorted().toList();
        assertEquals(plain.stream().sorted().toList(), others, "lines that are not jremix's, in\n" + run.stderr());
        // the park and monitor tables' rows start with the thread's name: none is one of jremix's own
        assertTrue(run.stderrLines().stream().noneMatch(l -> l.startsWith("PARK: jremix-")),
                "a table row names one of jremix's threads, in\n" + run.stderr());
    }
}
