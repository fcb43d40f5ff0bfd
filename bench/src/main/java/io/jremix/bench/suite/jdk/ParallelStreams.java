package io.jremix.bench.suite.jdk;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.Collectors;

import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;

/**
 * Word statistics over generated text with parallel streams: split, filter, concurrent grouping and reduction.
 * The streams run inside a two-worker pool of their own (a parallel stream started from a ForkJoinPool task uses
 * that pool). The check: the word counts and the total length equal those of a plain loop over the same text.
 */
public final class ParallelStreams implements SuiteWorkload {
    private static final String[] SYLLABLES = {"ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "po", "da", "fu"};

    private ForkJoinPool pool;
    private List<String> lines;
    private Map<String, Long> expectedCounts;
    private long expectedLetters;

    /** What one iteration computes. */
    private record Result(ConcurrentMap<String, Long> counts, long letters) {
    }

    @Override
    public void setUp(Size size) {
        pool = new ForkJoinPool(2);
        Random random = new Random(23);
        lines = new ArrayList<>();
        for (int l = size.pick(2_000, 2_000_000); l > 0; l--) {
            StringBuilder line = new StringBuilder();
            for (int w = 4 + random.nextInt(12); w > 0; w--) {
                for (int s = 1 + Math.min(random.nextInt(4), random.nextInt(4)); s > 0; s--) {
                    line.append(SYLLABLES[Math.min(random.nextInt(SYLLABLES.length), random.nextInt(SYLLABLES.length))]);
                }
                line.append(' ');
            }
            lines.add(line.toString());
        }
        expectedCounts = new HashMap<>();
        for (String line : lines) {
            for (String word : line.split(" ")) {
                if (word.length() > 2) {
                    expectedCounts.merge(word, 1L, Long::sum);
                    expectedLetters += word.length();
                }
            }
        }
    }

    @Override
    public Object iterate() throws Exception {
        return pool.submit(() -> {
            ConcurrentMap<String, Long> counts = lines.parallelStream()
                    .flatMap(line -> List.of(line.split(" ")).stream())
                    .filter(w -> w.length() > 2)
                    .collect(Collectors.groupingByConcurrent(w -> w, Collectors.counting()));
            long letters = lines.parallelStream().flatMap(line -> List.of(line.split(" ")).stream())
                    .filter(w -> w.length() > 2).mapToLong(String::length).sum();
            return new Result(counts, letters);
        }).get();
    }

    @Override
    public void check(Object result) {
        Result r = (Result) result;
        SuiteWorkload.expect("word counts", expectedCounts, new HashMap<>(r.counts()));
        SuiteWorkload.expect("letters", expectedLetters, r.letters());
    }

    @Override
    public void tearDown() {
        pool.shutdownNow();
    }
}
