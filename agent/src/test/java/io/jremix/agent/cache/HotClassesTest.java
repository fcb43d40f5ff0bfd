package io.jremix.agent.cache;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The classes a re-armed window probes: program classes near the top of running threads' stacks, most seen first. */
class HotClassesTest {
    private static void sample(HotClasses hot, int times, List<String> stack) {
        for (int i = 0; i < times; i++) {
            hot.sample(stack);
        }
    }

    @Test
    void programClassesRankByHowManyThreadSamplesTheyWereIn() {
        HotClasses hot = new HotClasses(32);
        List<String> worker = List.of("java.util.HashMap", "com.example.Worker", "com.example.Pool", "com.example.Worker");
        sample(hot, 6, worker);
        sample(hot, 4, List.of("java.util.concurrent.atomic.AtomicLong", "sun.misc.Unsafe", "com.example.Worker",
                "io.jremix.probe.cache.CacheProbe", "com.example.Main$$Lambda$14/0x0000000800c03000"));

        assertEquals(List.of("com.example.Worker", "com.example.Pool", "java.util.concurrent.atomic.AtomicLong"),
                List.copyOf(hot.take()), "the JDK's atomics count, the rest of the JDK, jremix and lambdas not;"
                        + " a class twice on one stack counts once");
    }

    @Test
    void onlyTheFirstClassesOfAStackAndAtMostTheLimitAreTaken() {
        List<String> frames = new ArrayList<>();
        for (int i = 0; i < HotClasses.FRAMES + 4; i++) {
            frames.add("com.example.Frame" + (char) ('A' + i));
        }
        HotClasses deep = new HotClasses(100);
        sample(deep, HotClasses.MIN_SAMPLES, frames);
        Set<String> taken = deep.take();
        assertEquals(HotClasses.FRAMES, taken.size());
        assertTrue(taken.contains("com.example.FrameA") && !taken.contains("com.example.Frame" + (char) ('A' + HotClasses.FRAMES)));

        HotClasses two = new HotClasses(2);
        sample(two, HotClasses.MIN_SAMPLES, frames);
        assertEquals(List.of("com.example.FrameA", "com.example.FrameB"), List.copyOf(two.take()),
                "equally often seen: by name");
    }

    @Test
    void tooFewSamplesSelectNothingAndATakeForgetsTheSamples() {
        HotClasses hot = new HotClasses(32);
        List<String> worker = List.of("com.example.Worker");
        sample(hot, HotClasses.MIN_SAMPLES - 1, worker);
        assertEquals(Set.of(), hot.take(), "too few samples: the window probes every class");

        sample(hot, HotClasses.MIN_SAMPLES, worker);
        assertEquals(Set.of("com.example.Worker"), hot.take());
        assertEquals(Set.of(), hot.take(), "the next window's selection starts from its own samples");
    }
}
