package io.jremix.bench.longrun;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

import io.jremix.bench.Machine;
import io.jremix.bench.ResultFiles;

/**
 * The long-run table: per mode, the largest RSS, live heap and jremix object count in the first and in the last
 * part of the run (ten minutes, or a third of a shorter run), and every sample.
 */
final class LongRunTable {
    private static final long WINDOW_SECONDS = 600;
    /** Growth from the first part to the last that still counts as levelled off (sampling noise, JIT, metaspace). */
    static final double LEVEL = 1.10;

    private LongRunTable() {
    }

    /**
     * The largest value of {@code f} among the samples of the first {@code window} seconds of a run that lasted
     * {@code end} seconds, and among those of its last; -1 where there is none.
     */
    static long[] firstAndLast(List<MemorySample> samples, long window, long end, ToLongFunction<MemorySample> f) {
        return new long[] {max(samples, 0, window, f), max(samples, end - window, Long.MAX_VALUE, f)};
    }

    private static long max(List<MemorySample> samples, long from, long to, ToLongFunction<MemorySample> f) {
        return samples.stream().filter(s -> s.seconds() >= from && s.seconds() < to).mapToLong(f).max().orElse(-1);
    }

    static void write(Path out, List<SampledRun.Result> results, int minutes, int period, Path java)
            throws IOException, InterruptedException {
        Map<String, Object> machine = Machine.describe(java);
        long window = Math.min(WINDOW_SECONDS, minutes * 60L / 3);
        long end = minutes * 60L;
        StringBuilder md = new StringBuilder("# Long run: does jremix's memory level off?\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". `ChurningService %d` (%d minutes:"
                + " a pool of 4 workers, each task a new ReentrantLock taken in turn by two workers and a new"
                + " CompletableFuture per worker joined by the main thread, counters side by side on one line,"
                + " short-lived arrays) under each mode with `%s`, both modes at once. Every %d s: VmRSS from"
                + " /proc/<pid>/status, and `jcmd <pid> GC.class_histogram` (a full collection, then the live heap"
                + " and the instances of io.jremix classes). *first* is the largest value in the first %d s,"
                + " *last* in the last %d s; memory levels off when last ≤ %.2f × first.%n%n", end, minutes,
                String.join(" ", LongRun.HEAP), period, window, window, LEVEL));
        md.append("| mode | exit | samples | RSS MB first → last | live heap MB first → last"
                + " | jremix objects first → last | levels off | program's output |\n"
                + "|---|---:|---:|---|---|---|---|---|\n");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (SampledRun.Result r : results) {
            long[] rss = firstAndLast(r.samples(), window, end, MemorySample::rssKb);
            long[] heap = firstAndLast(r.samples(), window, end, MemorySample::liveHeapBytes);
            long[] objects = firstAndLast(r.samples(), window, end, MemorySample::jremixObjects);
            boolean level = rss[0] > 0 && heap[0] > 0 && rss[1] <= LEVEL * rss[0] && heap[1] <= LEVEL * heap[0];
            md.append(String.format(Locale.ROOT, "| `%s` | %d | %d | %.0f → %.0f | %.1f → %.1f | %d → %d | %s | %s |%n",
                    r.mode(), r.exit(), r.samples().size(), rss[0] / 1024.0, rss[1] / 1024.0, heap[0] / 1e6,
                    heap[1] / 1e6, objects[0], objects[1], level ? "yes" : "**no**", r.stdout().trim()));
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("mode", r.mode());
            row.put("argv", r.argv());
            row.put("exit", r.exit());
            row.put("stdout", r.stdout().trim());
            row.put("levelsOff", level);
            row.put("samples", r.samples().stream().map(MemorySample::json).toList());
            row.put("jremixLines", r.jremixLines().stream().limit(40).toList());
            rows.add(row);
        }
        for (SampledRun.Result r : results) {
            md.append("\n`").append(r.mode()).append("`, every sample (s: RSS MB, live heap MB, jremix objects):\n\n");
            for (MemorySample s : r.samples()) {
                md.append(String.format(Locale.ROOT, "%d: %d, %.1f, %d; ", s.seconds(), s.rssKb() / 1024,
                        s.liveHeapBytes() / 1e6, s.jremixObjects()));
            }
            md.append("\n\nIts last lines from jremix:\n\n```\n");
            List<String> lines = r.jremixLines();
            lines.subList(Math.max(0, lines.size() - 6), lines.size()).forEach(l -> md.append(l).append('\n'));
            md.append("```\n");
        }
        md.append(String.format(Locale.ROOT, "%nReproduce: `bench/run-long-run --minutes %d --period %d` (after"
                + " `mvn -B -DskipTests package`).%n", minutes, period));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("minutes", minutes);
        json.put("periodSeconds", period);
        json.put("windowSeconds", window);
        json.put("rows", rows);
        ResultFiles.write(out, md.toString(), json);
    }
}
