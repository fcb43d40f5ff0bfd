package io.jremix.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import io.jremix.jmh.samples.FalseSharingBenchmark;

/**
 * The sample benchmark under the profiler, as {@code -prof} runs it: one fork per group, one short iteration. The
 * profiler's logic is the same on every JDK, and the agent's on each is what the e2e tests check, so it runs once.
 */
@Tag("same-on-every-jdk")
class CacheContentionProfilerTest {
    private static final String SAMPLE = FalseSharingBenchmark.class.getName();

    @Test
    void reportsTheFalseSharingAndStaysSilentOnThePaddedControl() throws RunnerException {
        Map<String, Result> adjacent = run("adjacent");
        String summary = adjacent.get("jremix.cache").extendedInfo();
        // latent when the two threads seldom ran at once (a busy machine): the same two fields, falsely shared
        assertTrue(summary.lines().anyMatch(line -> line.matches("  (latent-)?false-sharing "
                + Pattern.quote(SAMPLE + "$Adjacent") + " \\[(left, right|right, left)\\]: .*")), summary);
        assertTrue(adjacent.get("jremix.cache.findings").getScore() >= 1, summary);
        assertTrue(adjacent.get("jremix.cache.topMisses").getScore() > 0, summary);

        Map<String, Result> padded = run("padded");
        String control = padded.get("jremix.cache").extendedInfo();
        assertFalse(control.contains("Padded"), control);
        assertEquals(0, padded.get("jremix.cache.findings").getScore(), control);
    }

    private static Map<String, Result> run(String group) throws RunnerException {
        Options options = new OptionsBuilder().include(SAMPLE + "." + group + "$")
                .addProfiler(CacheContentionProfiler.class)
                .forks(1).warmupIterations(0).measurementIterations(1).measurementTime(TimeValue.seconds(1))
                .build();
        Collection<RunResult> results = new Runner(options).run();
        assertEquals(1, results.size());
        return results.iterator().next().getSecondaryResults();
    }
}
