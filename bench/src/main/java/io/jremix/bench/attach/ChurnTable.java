package io.jremix.bench.attach;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.bench.Machine;
import io.jremix.bench.ResultFiles;

/**
 * The churn table: the service's memory and threads before the first attach and after each round, and how much
 * each grew from the first round to the last.
 */
final class ChurnTable {
    private ChurnTable() {
    }

    static void write(Path out, List<AttachChurn.State> states, String ending, int threads, Path java)
            throws IOException, InterruptedException {
        Map<String, Object> machine = Machine.describe(java);
        int rounds = states.size() - 1;
        StringBuilder md = new StringBuilder("# Attaching again and again: what stays behind\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ", load average %.1f at the end (other"
                + " builds shared the cores). `LiveService %d` with `%s`, started with plain java, then %d rounds of"
                + " `bin/jremix attach <pid> %s -XX:REMIXReport=FILE -XXgetparkcontention` (re-armed windows: JFR"
                + " samples the running classes between them), `dump`, and one `stop` that ends both. After each"
                + " round, once `status` says jremix runs nothing there: the live heap after the full collection of"
                + " `jcmd <pid> GC.class_histogram`, the instances of jremix's classes and of `CacheSite` in it, the"
                + " used metaspace of `jcmd <pid> VM.metaspace`, VmRSS (the heap is pre-touched, so RSS moves with"
                + " what lives outside it), and the Java threads of `jcmd <pid> Thread.print` that were not there"
                + " before the first attach. The service at the end: %s.%n%n", Machine.loadAverage(), threads,
                String.join(" ", AttachBenchmark.HEAP), rounds, String.join(" ", AttachChurn.DETECTION), ending));
        md.append("| round | live heap MB | jremix objects | CacheSites | metaspace used MB | RSS MB | Java threads"
                + " added since before |\n|---:|---:|---:|---:|---:|---:|---|\n");
        List<String> before = states.get(0).threads();
        List<Object> rows = new ArrayList<>();
        for (AttachChurn.State s : states) {
            List<String> added = s.threads().stream().filter(t -> !before.contains(t)).toList();
            md.append(String.format(Locale.ROOT, "| %d | %.2f | %d | %d | %.2f | %.0f | %s |%n", s.round(),
                    s.sample().liveHeapBytes() / 1e6, s.sample().jremixObjects(), s.cacheSites(),
                    s.metaspaceKb() / 1024.0, s.sample().rssKb() / 1024.0, String.join(", ", added)));
            Map<String, Object> row = new LinkedHashMap<>(s.sample().json());
            row.remove("seconds");
            row.put("round", s.round());
            row.put("cacheSites", s.cacheSites());
            row.put("metaspaceUsedKb", s.metaspaceKb());
            row.put("javaThreads", s.threads());
            rows.add(row);
        }
        if (rounds > 1) {
            AttachChurn.State first = states.get(1);
            AttachChurn.State last = states.get(rounds);
            md.append(String.format(Locale.ROOT, "%nFrom round 1 to round %d: live heap %+.0f KB, metaspace %+.0f KB,"
                    + " RSS %+.1f MB; a round, on average: %+.1f KB, %+.1f KB and %+.0f KB.%n", rounds,
                    (last.sample().liveHeapBytes() - first.sample().liveHeapBytes()) / 1024.0,
                    (double) last.metaspaceKb() - first.metaspaceKb(),
                    (last.sample().rssKb() - first.sample().rssKb()) / 1024.0,
                    (last.sample().liveHeapBytes() - first.sample().liveHeapBytes()) / 1024.0 / (rounds - 1),
                    (double) (last.metaspaceKb() - first.metaspaceKb()) / (rounds - 1),
                    (double) (last.sample().rssKb() - first.sample().rssKb()) / (rounds - 1)));
        }
        md.append(String.format(Locale.ROOT, "%nReproduce: `bench/run-attach-churn --rounds %d` (after"
                + " `mvn -B -DskipTests package`; with `JAVA_HOME` set, that JDK runs the service).%n", rounds));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("loadAverage", Machine.loadAverage());
        json.put("threads", threads);
        json.put("detection", AttachChurn.DETECTION);
        json.put("ending", ending);
        json.put("rounds", rows);
        ResultFiles.write(out, md.toString(), json);
    }
}
