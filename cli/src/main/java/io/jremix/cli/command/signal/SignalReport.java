package io.jremix.cli.command.signal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import io.jremix.report.Json;

/** Renders signalling results: a text table for people, CSV and JSON for tools, Markdown for bench/results. */
final class SignalReport {

    /** The three distributions of a result, with their headings. */
    private record Metric(String key, String heading, String note, Function<SignalResult, LatencyStats> stats) {
    }

    private static final List<Metric> METRICS = List.of(
            new Metric("call", "call cost", "the signalling call, timed in the signaller", SignalResult::callCost),
            new Metric("wakeup", "wake-up",
                    "intended send time -> waiter sees the signal, corrected for coordinated omission",
                    SignalResult::wakeup),
            new Metric("wakeup_from_send", "wake-up from send",
                    "actual send time -> waiter sees the signal, not corrected", SignalResult::wakeupFromSend));

    private final SignalOptions options;
    private final List<SignalResult> results;
    private final String machine;

    SignalReport(SignalOptions options, List<SignalResult> results, String machine) {
        this.options = options;
        this.results = List.copyOf(results);
        this.machine = machine;
    }

    /** The run's conditions in one line. */
    String conditions() {
        return String.format(Locale.ROOT, "%d signals/s per pair, %s s measured after %s s warm-up; %s",
                options.rate(), plain(options.durationSeconds()), plain(options.warmupSeconds()), machine);
    }

    String text() {
        StringBuilder sb = new StringBuilder();
        sb.append("Signalling between threads: ").append(conditions()).append('\n');
        for (Metric metric : METRICS) {
            sb.append('\n').append(metric.heading()).append(" (µs): ").append(metric.note()).append('\n');
            sb.append(String.format(Locale.ROOT, "%-10s %5s %9s", "mechanism", "pairs", "samples"));
            for (String p : LatencyStats.PERCENTILES) {
                sb.append(String.format(Locale.ROOT, " %10s", p));
            }
            sb.append('\n');
            for (SignalResult r : results) {
                LatencyStats s = metric.stats().apply(r);
                sb.append(String.format(Locale.ROOT, "%-10s %5d %9d", r.mechanism().label(), r.pairs(), s.samples()));
                for (long v : s.values()) {
                    sb.append(String.format(Locale.ROOT, " %10.2f", LatencyStats.micros(v)));
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    /** One row per mechanism, pairs and metric. */
    String csv() {
        StringBuilder sb = new StringBuilder("mechanism,pairs,metric,samples");
        for (String k : LatencyStats.KEYS) {
            sb.append(',').append(k).append("_us");
        }
        sb.append('\n');
        for (SignalResult r : results) {
            for (Metric metric : METRICS) {
                LatencyStats s = metric.stats().apply(r);
                sb.append(r.mechanism().label()).append(',').append(r.pairs()).append(',').append(metric.key())
                        .append(',').append(s.samples());
                for (long v : s.values()) {
                    sb.append(',').append(LatencyStats.micros(v));
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    String json() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("machine", machine);
        doc.put("ratePerPair", options.rate());
        doc.put("durationSeconds", options.durationSeconds());
        doc.put("warmupSeconds", options.warmupSeconds());
        List<Object> rows = new ArrayList<>();
        for (SignalResult r : results) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("mechanism", r.mechanism().label());
            row.put("pairs", r.pairs());
            row.put("callCost", r.callCost().toJson());
            row.put("wakeup", r.wakeup().toJson());
            row.put("wakeupFromSend", r.wakeupFromSend().toJson());
            rows.add(row);
        }
        doc.put("results", rows);
        return Json.write(doc);
    }

    /** A page for bench/results: the tables, what they mean, and {@code command}, which reproduces them. */
    String markdown(String command) {
        StringBuilder sb = new StringBuilder("# Signalling between threads: call cost and wake-up latency\n\n");
        sb.append("Measured ").append(java.time.LocalDate.now()).append(": ").append(conditions()).append(".\n\n");
        sb.append("Each pair is a signaller and a waiter. The signaller sends signal *k* at *start + k / rate* and ")
                .append("never skips one; the waiter sees a growing sequence, so signals that arrive together are all ")
                .append("counted. Microseconds.\n\n");
        for (Metric metric : METRICS) {
            sb.append("**").append(metric.heading()).append("**: ").append(metric.note()).append(".\n\n");
            sb.append("| mechanism | pairs | samples |");
            for (String p : LatencyStats.PERCENTILES) {
                sb.append(' ').append(p).append(" |");
            }
            sb.append("\n|---|---:|---:|").append("---:|".repeat(LatencyStats.PERCENTILES.length)).append('\n');
            for (SignalResult r : results) {
                LatencyStats s = metric.stats().apply(r);
                sb.append("| ").append(r.mechanism().label()).append(" | ").append(r.pairs()).append(" | ")
                        .append(s.samples()).append(" |");
                for (long v : s.values()) {
                    sb.append(String.format(Locale.ROOT, " %.2f |", LatencyStats.micros(v)));
                }
                sb.append('\n');
            }
            sb.append('\n');
        }
        sb.append("Reproduce: `").append(command).append("`\n");
        return sb.toString();
    }

    /** CPU model, cores and JVM of this machine, for the record. */
    static String machine() {
        String cpu = "unknown CPU";
        try {
            cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(cpu);
        } catch (IOException | RuntimeException e) {
            // not Linux: the CPU model is left out
        }
        return String.format(Locale.ROOT, "%s (%d cores), %s %s", cpu, Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"), System.getProperty("java.runtime.version"));
    }

    private static String plain(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
