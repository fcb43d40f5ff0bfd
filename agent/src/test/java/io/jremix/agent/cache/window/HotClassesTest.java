package io.jremix.agent.cache.window;

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
                "io.jremix.probe.cache.CacheProbe", "com.example.Main$$Lambda$14/0x0000000800c03000",
                "java.util.concurrent.ConcurrentHashMap$Node", "java.util.concurrent.ConcurrentHashMap"));

        assertEquals(List.of("com.example.Worker", "com.example.Pool", "java.util.concurrent.ConcurrentHashMap",
                "java.util.concurrent.atomic.AtomicLong"), List.copyOf(hot.take().classes()),
                "the JDK's atomics and ConcurrentHashMap count, the rest of the JDK, jremix and lambdas not;"
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
        Set<String> taken = deep.take().classes();
        assertEquals(HotClasses.FRAMES, taken.size());
        assertTrue(taken.contains("com.example.FrameA") && !taken.contains("com.example.Frame" + (char) ('A' + HotClasses.FRAMES)));

        HotClasses two = new HotClasses(2);
        sample(two, HotClasses.MIN_SAMPLES, frames);
        assertEquals(List.of("com.example.FrameA", "com.example.FrameB"), List.copyOf(two.take().classes()),
                "equally often seen: by name");
    }

    @Test
    void tooFewSamplesSelectNothingAndATakeForgetsTheSamples() {
        HotClasses hot = new HotClasses(32);
        List<String> worker = List.of("com.example.Worker");
        sample(hot, HotClasses.MIN_SAMPLES - 1, worker);
        HotClasses.Selection few = hot.take();
        assertEquals(Set.of(), few.classes(), "too few samples: the window probes every class");
        assertEquals("9 thread samples from JFR since the last window, fewer than 10", few.whyEveryClass());

        sample(hot, HotClasses.MIN_SAMPLES, worker);
        assertEquals(new HotClasses.Selection(HotClasses.MIN_SAMPLES, Set.of("com.example.Worker")), hot.take());
        assertEquals(new HotClasses.Selection(0, Set.of()), hot.take(),
                "the next window's selection starts from its own samples");
    }

    @Test
    void samplesInNoClassThatCanCarryProbesSelectNothingAndSaySo() {
        HotClasses hot = new HotClasses(32);
        sample(hot, HotClasses.MIN_SAMPLES, List.of("java.util.HashMap", "io.jremix.probe.cache.CacheProbe"));
        HotClasses.Selection none = hot.take();
        assertEquals(Set.of(), none.classes());
        assertTrue(none.whyEveryClass().endsWith("none in a class that can carry probes"), none.whyEveryClass());
    }
}
