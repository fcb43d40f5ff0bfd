package io.jremix.jcstress.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One jcstress run read back: the outcomes of each selected test that ran, and why the others did not.
 *
 * @param selected the tests the run selected, by name
 * @param ran      those that reported
 * @param notRun   those without any result, each with the reason
 * @param forks    every fork's result, as read
 */
public record JcstressRun(Map<String, TestSpec> selected, Map<String, TestOutcomes> ran, Map<String, String> notRun,
                          List<ForkResult> forks) {

    /**
     * The run jcstress made in {@code dir} of the tests {@code selection} (its {@code -t}) selects from
     * {@code catalogue}, on {@code cpus} CPUs (its {@code -c}, by default every CPU).
     */
    public static JcstressRun read(Path dir, TestCatalogue catalogue, String selection, int cpus) throws IOException {
        return of(catalogue.select(selection), ResultFile.read(ResultFile.in(dir)), cpus);
    }

    /** The outcomes of {@code selected} in {@code forks}; a test without a fork is not run. */
    public static JcstressRun of(Map<String, TestSpec> selected, List<ForkResult> forks, int cpus) {
        Map<String, TestOutcomes> ran = new LinkedHashMap<>();
        Map<String, String> notRun = new LinkedHashMap<>();
        for (TestSpec spec : selected.values()) {
            TestOutcomes outcomes = TestOutcomes.of(spec, forks);
            if (outcomes.forks() > 0) {
                ran.put(spec.name(), outcomes);
            } else if (spec.actors() > cpus) {
                notRun.put(spec.name(), spec.actors() + " actors need " + spec.actors() + " CPUs; jcstress ran on "
                        + cpus);
            } else {
                notRun.put(spec.name(), "no result (the run ended before it, or its forks never reported)");
            }
        }
        return new JcstressRun(selected, ran, notRun, List.copyOf(forks));
    }

    /** How many forks ran with a JVM option that {@code option} accepts (say, the agent's {@code -javaagent:}). */
    public long forksWith(Predicate<String> option) {
        return forks.stream().filter(f -> f.jvmArgs().stream().anyMatch(option)).count();
    }

    /** The tests that ran with a fork that did not end normally, one line each. */
    public List<String> errors() {
        List<String> lines = new ArrayList<>();
        ran.values().forEach(t -> t.errors().forEach(e -> lines.add(t.name() + ": " + e)));
        return lines;
    }
}
