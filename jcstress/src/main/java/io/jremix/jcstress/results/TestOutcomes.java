package io.jremix.jcstress.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One test's results summed over all its forks.
 *
 * @param spec     what the test declares
 * @param forks    how many forks reported
 * @param counts   samples per outcome id, over all forks
 * @param errors   one line per fork that did not end normally: its status and the first lines of its messages (jcstress
 *                 keeps a stack trace as one message per line)
 * @param messages the distinct messages of the forks that ended normally (e.g. stale threads after a hang)
 */
public record TestOutcomes(TestSpec spec, int forks, Map<String, Long> counts, List<String> errors,
                           List<String> messages) {
    /** Enough of a fork's messages to name the exception and where it was thrown. */
    private static final int ERROR_LINES = 3;

    /** Sums the forks of {@code spec}'s test in {@code all} (forks of other tests are skipped). */
    public static TestOutcomes of(TestSpec spec, List<ForkResult> all) {
        Map<String, Long> counts = new TreeMap<>();
        List<String> errors = new ArrayList<>();
        Set<String> messages = new LinkedHashSet<>();
        int forks = 0;
        for (ForkResult f : all) {
            if (!f.test().equals(spec.name())) {
                continue;
            }
            forks++;
            f.counts().forEach((outcome, n) -> counts.merge(outcome, n, Long::sum));
            if (f.normal()) {
                messages.addAll(f.messages());
            } else {
                errors.add(f.status() + (f.messages().isEmpty() ? "" : ": " + String.join(" / ",
                        f.messages().stream().limit(ERROR_LINES).map(String::trim).toList())) + " " + f.jvmArgs());
            }
        }
        return new TestOutcomes(spec, forks, Collections.unmodifiableMap(counts), List.copyOf(errors),
                List.copyOf(messages));
    }

    public String name() {
        return spec.name();
    }

    /** All samples. */
    public long samples() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Samples whose outcome is not sequentially consistent. */
    public long nonSc() {
        return nonScCounts().values().stream().mapToLong(Long::longValue).sum();
    }

    /** The non-SC outcomes seen, with their samples. */
    public Map<String, Long> nonScCounts() {
        Map<String, Long> m = new TreeMap<>();
        counts.forEach((outcome, n) -> {
            if (n > 0 && !spec.grade(outcome).sequentiallyConsistent()) {
                m.put(outcome, n);
            }
        });
        return m;
    }

    /** Samples whose outcome the memory model forbids even for plain accesses: a failed test in jcstress's terms. */
    public long forbidden() {
        return counts.entrySet().stream().filter(e -> spec.grade(e.getKey()) == Grade.NON_SC_FORBIDDEN)
                .mapToLong(Map.Entry::getValue).sum();
    }

    /** Whether every fork ended normally. */
    public boolean clean() {
        return errors.isEmpty();
    }
}
