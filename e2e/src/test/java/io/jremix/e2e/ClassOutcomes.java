package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

import io.jremix.workloads.LoadEveryClass;

/**
 * What {@link LoadEveryClass} printed, class by class: how many classes loaded, and for each that did not, the
 * error's type and the missing class's name. Outcomes are compared by whether the class loaded and by the errors'
 * types; the missing class's name is only shown. Where a class needs several missing ones, which of them the JVM
 * names depends on what ran before: HotSpot verifies a class's methods in the order of their names' addresses in
 * its symbol table, so the first method to fail differs with the symbols made before (spring's
 * {@code CacheAspectSupport$ReactiveCachingHandler} failed on {@code org/reactivestreams/Subscriber} under plain
 * java, with {@code processPutRequest} verified third, and on {@code Publisher} alone or under {@code -remix:detect},
 * with a lambda third; groovy's {@code TreeViewer} differed between two runs of plain java).
 */
final class ClassOutcomes {
    static final String LOAD_EVERY_CLASS = LoadEveryClass.class.getName();
    private static final String NOT_LOADED = LoadEveryClass.NOT_LOADED;
    private static final String LOADED = "loaded";

    private ClassOutcomes() {
    }

    /** Runs {@link LoadEveryClass} over {@code jars} under plain java with {@code options}; fails unless it exits 0. */
    static Jremix.Run loadUnderPlainJava(List<String> options, String[] jars) throws Exception {
        // the JDK says "Created user preferences directory." on an account's first use of java.util.prefs: on a fresh
        // machine the plain run printed it and the jremix run, after it, did not
        Files.createDirectories(Path.of(System.getProperty("user.home"), ".java", ".userPrefs"));
        Jremix.Run plain = Jremix.main(options, Jremix.WORKLOADS.toString(), LOAD_EVERY_CLASS, jars);
        assertEquals(0, plain.exit(), plain.stderr());
        return plain;
    }

    /**
     * Runs {@link LoadEveryClass} over {@code jars} under {@code modes}, after {@code options} (and
     * {@code detectionOptions} when the modes detect), and fails unless it exits as plain java did, its classes fare
     * as under plain java, its stderr holds plain java's lines and jremix's only, VBD rewrote every class, and
     * detection skipped none.
     *
     * @param dir where the modes' profile and report go
     * @return the run's JSON report when the modes detect, else {@code null}
     */
    static Map<String, Object> assertLoadsAsPlain(Jremix.Run plain, List<String> options, List<String> modes,
                                                  List<String> detectionOptions, Path dir, String[] jars)
            throws Exception {
        Path report = dir.resolve(String.join("", modes).replaceAll("[^A-Za-z]", "") + ".json");
        List<String> all = new ArrayList<>(options);
        all.addAll(ModeCombinations.withProfileIn(modes, dir));
        boolean detects = ModeCombinations.detects(modes);
        if (detects) {
            all.addAll(detectionOptions);
            all.add("-XX:REMIXReport=" + report);
        }

        Jremix.Run run = Jremix.main(all, Jremix.WORKLOADS.toString(), LOAD_EVERY_CLASS, jars);

        assertEquals(0, run.exit(), run.stderr());
        assertSameAsPlain(plain, run);
        ModeCombinations.assertPlainStderrPlusJremixLines(run, plain.stderrLines());
        assertTrue(run.stderrLines().stream().noneMatch(l -> l.startsWith("VBD: Could not rewrite")), run.stderr());
        if (!detects) {
            return null;
        }
        assertTrue(Files.exists(report), "no report written: " + run.stderr()); // once in CI, with exit 0
        Map<String, Object> json = Jremix.json(report);
        assertEquals(0L, instrumentation(json).get("skipped"), instrumentation(json).toString());
        return json;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> instrumentation(Map<String, Object> report) {
        return (Map<String, Object>) report.get("instrumentation");
    }

    /**
     * Fails unless the run's classes fared as under plain java, naming every class whose outcome differs, with
     * both outcomes.
     */
    static void assertSameAsPlain(Jremix.Run plain, Jremix.Run run) {
        assertTrue(plain.stdout().startsWith(LOADED + " "), plain.stdout());
        Map<String, String> expected = notLoaded(plain);
        Map<String, String> actual = notLoaded(run);
        List<String> differing = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>(expected.keySet());
        names.addAll(actual.keySet());
        for (String name : names) {
            String was = expected.getOrDefault(name, LOADED);
            String is = actual.getOrDefault(name, LOADED);
            if (!Objects.equals(errorTypes(was), errorTypes(is))) {
                differing.add(name + ": " + was + " under plain java, " + is + " under jremix");
            }
        }
        assertEquals(List.of(), differing, "classes that fared otherwise than under plain java");
        assertEquals(plain.stdoutLines().get(0), run.stdoutLines().get(0), "classes loaded");
    }

    /** An outcome without the missing classes' names: the error types, each following its cause. */
    private static String errorTypes(String outcome) {
        return outcome.replaceAll(" [^ ]+/[^ ]+", "");
    }

    private static Map<String, String> notLoaded(Jremix.Run run) {
        Map<String, String> out = new TreeMap<>();
        for (String line : run.stdoutLines()) {
            if (line.startsWith(NOT_LOADED)) {
                int colon = line.indexOf(": ", NOT_LOADED.length());
                out.put(line.substring(NOT_LOADED.length(), colon), line.substring(colon + 2));
            }
        }
        return out;
    }
}
