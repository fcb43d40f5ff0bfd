package io.jremix.bench.scheduler;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Machine;
import io.jremix.report.AtomicFiles;
import io.jremix.report.Json;

/**
 * Runs {@link OrderedEmitBenchmark} with JMH for each thread count and writes the table to
 * {@code bench/results/scheduler.md} and {@code .json}: throughput of the ordered scheduler, the synchronized
 * writer and the consumer thread, per amount of work per task and number of worker threads.
 *
 * <p>Usage: {@code bench/run-scheduler [--threads 1,2,4] [--forks N] [--warmup N] [--iterations N] [--seconds N]
 * [--out FILE.md]}
 */
public final class SchedulerBenchmark {
    private static final List<String> EMITTERS = List.of("orderedScheduler", "synchronizedWriter", "consumerThread");

    private SchedulerBenchmark() {
    }

    /** One JMH result: throughput in operations per microsecond, with its 99.9% confidence half-width. */
    private record Score(String emitter, int tokens, int threads, double opsPerUs, double error) {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-scheduler", "usage: bench/run-scheduler [--threads 1,2,4]"
                        + " [--forks N] [--warmup N] [--iterations N] [--seconds N] [--out FILE.md]",
                args, "--threads", "--forks", "--warmup", "--iterations", "--seconds", "--out");
        int[] threads = o.counts("--threads", new int[] {1, 2, 4}, 1);
        int forks = o.count("--forks", 2, 1);
        int warmup = o.count("--warmup", 3, 0);
        int iterations = o.count("--iterations", 4, 1);
        int seconds = o.count("--seconds", 1, 1);
        Path out = o.path("--out", home.resolve("bench/results/scheduler.md"));
        List<Score> scores = new ArrayList<>();
        for (int t : threads) {
            Options options = new OptionsBuilder()
                    .include(OrderedEmitBenchmark.class.getName() + "\\.")
                    .threads(t)
                    .forks(forks)
                    .warmupIterations(warmup)
                    .warmupTime(TimeValue.seconds(seconds))
                    .measurementIterations(iterations)
                    .measurementTime(TimeValue.seconds(seconds))
                    .shouldFailOnError(true)
                    .build();
            scores.addAll(scores(new Runner(options).run(), t));
        }
        Map<String, Object> machine = Machine.describe(Path.of(System.getProperty("java.home"), "bin", "java"));
        String method = String.format(Locale.ROOT, "JMH 1.37, throughput, %d forks × (%d warm-up + %d measured"
                + " iterations of %d s) per cell", forks, warmup, iterations, seconds);
        AtomicFiles.write(out, markdown(scores, machine, method));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("date", LocalDate.now().toString());
        json.put("method", method);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Score s : scores) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("emitter", s.emitter());
            row.put("tokens", s.tokens());
            row.put("threads", s.threads());
            row.put("opsPerMicrosecond", s.opsPerUs());
            row.put("error", s.error());
            rows.add(row);
        }
        json.put("results", rows);
        AtomicFiles.write(Path.of(out.toString().replaceFirst("\\.md$", "") + ".json"), Json.write(json));
        System.out.println("wrote " + out);
    }

    private static List<Score> scores(Collection<RunResult> results, int threads) {
        List<Score> scores = new ArrayList<>();
        for (RunResult r : results) {
            String benchmark = r.getParams().getBenchmark();
            Result<?> primary = r.getPrimaryResult();
            scores.add(new Score(benchmark.substring(benchmark.lastIndexOf('.') + 1),
                    Integer.parseInt(r.getParams().getParam("tokens")), threads, primary.getScore(),
                    primary.getScoreError()));
        }
        return scores;
    }

    private static String markdown(List<Score> scores, Map<String, Object> machine, String method) {
        StringBuilder md = new StringBuilder("# Ordered scheduler against a synchronized writer and a consumer thread\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". %s.%n%n", method));
        md.append("One operation: a worker takes a ticket, does the work (`tokens` of JMH's `Blackhole.consumeCPU`),"
                + " and the result is emitted in ticket order to a sink that checks the order. The JMH threads are the"
                + " workers. Millions of operations per second (higher is better), ± the 99.9% confidence"
                + " half-width:\n\n");
        md.append("- **ordered scheduler**: `io.jremix.scheduler.OrderedScheduler` (ring of 1024): the worker that"
                + " completes the oldest ticket emits it and the completed tickets after it; no other thread.\n");
        md.append("- **synchronized writer**: tickets from an `AtomicLong`; one lock around a `HashMap` of early"
                + " results; the worker holding the lock writes every result that is next.\n");
        md.append("- **consumer thread**: Disruptor-style ring of 1024: workers claim a sequence and publish into its"
                + " slot; one extra thread emits slots in order, spinning then yielding when the next is not there.\n\n");
        md.append("| work (tokens) | threads | ordered scheduler | synchronized writer | consumer thread |"
                + " scheduler / synchronized | scheduler / consumer |\n");
        md.append("|---:|---:|---:|---:|---:|---:|---:|\n");
        scores.stream().map(s -> List.of(s.tokens(), s.threads())).distinct()
                .sorted((a, b) -> a.get(0).equals(b.get(0)) ? a.get(1) - b.get(1) : a.get(0) - b.get(0))
                .forEach(cell -> {
                    int tokens = cell.get(0);
                    int threads = cell.get(1);
                    md.append("| ").append(tokens).append(" | ").append(threads);
                    double[] ops = new double[EMITTERS.size()];
                    for (int e = 0; e < EMITTERS.size(); e++) {
                        Score s = find(scores, EMITTERS.get(e), tokens, threads);
                        ops[e] = s.opsPerUs();
                        md.append(String.format(Locale.ROOT, " | %.2f ± %.2f", s.opsPerUs(), s.error()));
                    }
                    md.append(String.format(Locale.ROOT, " | %.2f× | %.2f× |%n", ops[0] / ops[1], ops[0] / ops[2]));
                });
        md.append("\nReproduce: `bench/run-scheduler` (after `mvn -B -DskipTests package`; about 5 minutes;"
                + " `--threads`, `--forks`, `--warmup`, `--iterations`, `--seconds`). The table and a JSON file go to"
                + " `bench/results/`.\n");
        return md.toString();
    }

    private static Score find(List<Score> scores, String emitter, int tokens, int threads) {
        return scores.stream().filter(s -> s.emitter().equals(emitter) && s.tokens() == tokens && s.threads() == threads)
                .findFirst().orElseThrow(() -> new IllegalStateException("no result for " + emitter + " with " + tokens
                        + " tokens and " + threads + " threads"));
    }
}
