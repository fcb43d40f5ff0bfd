package io.jremix.agent.cache.window;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.jremix.core.ClassNames;
import io.jremix.agent.cache.instrument.ClassFilter;

/**
 * Which classes a window probes while windows re-arm: the ones that execution samples, taken since the last window
 * opened (or the program started), found running ({@link ExecutionSamples}). Retransforming a class sends every
 * compiled method that depends on it back to the interpreter, and a probed class compiles again far more slowly; over
 * all of a Tomcat service's classes, twice a window, that cost the service several seconds per window, most of it after
 * the window closed (bench/results/always-on.md at 49f3085). A class only contends while some thread runs its code, so
 * the classes worth probing are among those the samples see running; LiteRace (PLDI 2009,
 * https://doi.org/10.1145/1542476.1542491) likewise spends its tracing on the code that runs.
 *
 * <p>Each thread sample counts the first {@value #FRAMES} classes on the stack that can carry probes (the
 * program's, and the JDK's that {@link ClassFilter} takes): the access that contends is in one of the top frames. Classes are ranked by how
 * many thread samples they were in. Samples arrive on JFR's stream thread, selections are taken on the window's.
 */
final class HotClasses {
    static final int FRAMES = 8;
    /**
     * Fewer thread samples than this make no selection: windows re-armed every few seconds, or a program that
     * hardly ran, probe every class.
     */
    static final int MIN_SAMPLES = 10;
    private static final List<String> JDK_PACKAGES = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/");

    private final int limit;
    private final Map<String, Integer> threadSamples = new HashMap<>();
    private int samples;

    /** @param limit how many classes a window probes at most */
    HotClasses(int limit) {
        this.limit = limit;
    }

    /** Counts one thread sample: the classes of its frames, top first. */
    synchronized void sample(List<String> frameClasses) {
        samples++;
        Set<String> seen = new HashSet<>();
        for (String c : frameClasses) {
            if (canCarryProbes(c) && seen.add(c) && seen.size() == FRAMES) {
                break;
            }
        }
        seen.forEach(c -> threadSamples.merge(c, 1, Integer::sum));
    }

    /** {@link ClassFilter}'s rule, with the JDK's classes told by their package: a sample names no loader. */
    private static boolean canCarryProbes(String className) {
        String internal = className.replace('.', '/');
        return ClassFilter.eligible(internal, ClassNames.startsWithAny(internal, JDK_PACKAGES));
    }

    /**
     * The classes to probe, by name, most often sampled first, and forgets the samples; no classes if there were
     * fewer than {@value #MIN_SAMPLES} thread samples or they found no class (then the window probes every class).
     */
    synchronized Selection take() {
        Set<String> hot = samples < MIN_SAMPLES ? Set.of() : threadSamples.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(limit).map(Map.Entry::getKey)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        Selection taken = new Selection(samples, hot);
        threadSamples.clear();
        samples = 0;
        return taken;
    }

    /**
     * What {@link #take} found.
     *
     * @param samples how many thread samples came since the last take
     * @param classes the classes to probe, most often sampled first; empty for every class
     */
    record Selection(int samples, Set<String> classes) {
        /** Why a window with these samples probes every class, for the verbose log. */
        String whyEveryClass() {
            return samples + " thread samples from JFR since the last window, "
                    + (samples < MIN_SAMPLES ? "fewer than " + MIN_SAMPLES : "none in a class that can carry probes");
        }
    }
}
