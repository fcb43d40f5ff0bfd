package io.jremix.e2e.vbd;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.e2e.Jremix;

/** The histograms a run of {@code io.jremix.workloads.vbd.Litmus} printed, by test and outcome. */
record LitmusResults(Map<String, Map<String, Long>> counts, Map<String, Long> trials, Map<String, Long> forbidden,
                     Map<String, String> spin, Jremix.Run run) {
    static final String MAIN = "io.jremix.workloads.vbd.Litmus";
    private static final Pattern HEADER = Pattern.compile("LITMUS (\\S+) trials=(\\d+) forbidden=.*");
    private static final Pattern OUTCOME = Pattern.compile("LITMUS (\\S+) (\\S+)=(\\d+)( FORBIDDEN)?");
    private static final Pattern SPIN = Pattern.compile("LITMUS (spin\\S*) (\\S+)");

    static LitmusResults run(List<String> options, String tests, long trials) throws Exception {
        Jremix.Run run = Jremix.main(options, Jremix.WORKLOADS.toString(), MAIN, tests, Long.toString(trials));
        if (run.exit() != 0) {
            throw new AssertionError("litmus run failed: " + run.stderr());
        }
        Map<String, Map<String, Long>> counts = new LinkedHashMap<>();
        Map<String, Long> trialCounts = new LinkedHashMap<>();
        Map<String, Long> forbidden = new LinkedHashMap<>();
        Map<String, String> spin = new LinkedHashMap<>();
        for (String line : run.stdout().lines().toList()) {
            Matcher h = HEADER.matcher(line);
            Matcher o = OUTCOME.matcher(line);
            Matcher s = SPIN.matcher(line);
            if (h.matches()) {
                trialCounts.put(h.group(1), Long.parseLong(h.group(2)));
                forbidden.put(h.group(1), 0L);
            } else if (o.matches()) {
                counts.computeIfAbsent(o.group(1), k -> new LinkedHashMap<>()).put(o.group(2), Long.parseLong(o.group(3)));
                if (o.group(4) != null) {
                    forbidden.merge(o.group(1), Long.parseLong(o.group(3)), Long::sum);
                }
            } else if (s.matches()) {
                spin.put(s.group(1), s.group(2));
            }
        }
        return new LitmusResults(counts, trialCounts, forbidden, spin, run);
    }

    String histogram(String test) {
        return test + " trials=" + trials.get(test) + " " + counts.get(test);
    }
}
