package io.jremix.bench.cache;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Machine;
import io.jremix.bench.ResultFiles;
import io.jremix.report.Json;
import io.jremix.workloads.cache.LiveService;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * How evenly JFR's execution sampler sees a service woken by a 20 ms tick, at each sampling period asked for: the
 * e2e tests' {@code LiveService} (four workers, each busy about 0.35 ms per tick) runs under plain {@code java} with
 * only {@code jdk.ExecutionSample} recorded, every JVM of every period at once. A re-armed detection window selects
 * the classes to probe from the samples of the seconds before it, and needs 10 of them ({@code HotClasses}); a
 * five-second stretch with fewer is one whose window would probe every class.
 *
 * <p>Usage: {@code bench/run-sampler-phase [--periods MS[,MS...]] [--jvms N] [--seconds N] [--out FILE.md]}
 */
public final class SamplerPhase {
    private static final long STRETCH_NANOS = 5_000_000_000L;
    private static final int SAMPLES_NEEDED = 10;

    /**
     * What one JVM's recording held: worker samples, the longest time without one, the fewest and most in a
     * five-second stretch, and the thin stretches.
     */
    private record Run(int period, int jvm, int samples, double longestGapSeconds, int fewest, int most,
                       int thinStretches, int stretches) {
    }

    /** One LiveService JVM sampled at {@code period} ms, the {@code jvm}-th of its period, recording to a file. */
    private record Started(int period, int jvm, Process process, Path recording) {
    }

    private SamplerPhase() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        String usage = "usage: bench/run-sampler-phase [--periods MS[,MS...]] [--jvms N] [--seconds N] [--out FILE.md]";
        BenchOptions o = BenchOptions.parse("bench/run-sampler-phase", usage, args, "--periods", "--jvms", "--seconds",
                "--out");
        int[] periods = o.counts("--periods", new int[] {20, 19}, 1);
        int jvms = o.count("--jvms", 3, 1);
        int seconds = o.count("--seconds", 150, 10);
        Path out = o.path("--out", home.resolve("bench/results/sampler-phase.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path dir = Files.createTempDirectory("sampler-phase");
        List<Started> started = new ArrayList<>();
        for (int period : periods) {
            Path settings = dir.resolve(period + "ms.jfc");
            Files.writeString(settings, settings(period));
            for (int jvm = 1; jvm <= jvms; jvm++) {
                Path recording = dir.resolve(period + "ms-" + jvm + ".jfr");
                Process process = new ProcessBuilder(java.toString(), "-XX:StartFlightRecording=filename=" + recording
                        + ",settings=" + settings, "-cp", home.resolve("workloads/target/jremix-workloads.jar").toString(),
                        LiveService.class.getName(), "4", "50000", "padded")
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                started.add(new Started(period, jvm, process, recording));
            }
        }
        System.err.printf(Locale.ROOT, "%d JVMs for %d s%n", started.size(), seconds);
        Thread.sleep(seconds * 1000L);
        for (Started s : started) {
            try (OutputStream stdin = s.process().getOutputStream()) {
                stdin.write("stop\n".getBytes(StandardCharsets.UTF_8));
            }
        }
        List<Run> runs = new ArrayList<>();
        for (Started s : started) {
            if (!s.process().waitFor(1, TimeUnit.MINUTES) || s.process().exitValue() != 0) {
                throw new IOException("LiveService under " + s.period() + " ms sampling did not stop cleanly");
            }
            runs.add(read(s));
            System.err.println(runs.get(runs.size() - 1));
        }
        write(out, runs, seconds, java);
    }

    private static String settings(int periodMillis) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<configuration version=\"2.0\">\n"
                + "  <event name=\"jdk.ExecutionSample\"><setting name=\"enabled\">true</setting>"
                + "<setting name=\"period\">" + periodMillis + " ms</setting>"
                + "<setting name=\"stackTrace\">true</setting></event>\n</configuration>\n";
    }

    /** The workers' samples of one recording, from its first to its last. */
    private static Run read(Started s) throws IOException {
        List<Long> times = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(s.recording())) {
            RecordedThread t = e.getThread("sampledThread");
            if (e.getEventType().getName().equals("jdk.ExecutionSample") && t != null && t.getJavaName() != null
                    && t.getJavaName().startsWith("worker-")) {
                times.add(e.getStartTime().getEpochSecond() * 1_000_000_000L + e.getStartTime().getNano());
            }
        }
        times.sort(null);
        if (times.size() < 2) {
            return new Run(s.period(), s.jvm(), times.size(), Double.NaN, 0, 0, 0, 0);
        }
        long longest = 0;
        for (int i = 1; i < times.size(); i++) {
            longest = Math.max(longest, times.get(i) - times.get(i - 1));
        }
        int stretches = (int) ((times.get(times.size() - 1) - times.get(0)) / STRETCH_NANOS);
        int[] inStretch = new int[stretches + 1];
        times.forEach(t -> inStretch[(int) ((t - times.get(0)) / STRETCH_NANOS)]++);
        IntSummaryStatistics full = Arrays.stream(inStretch, 0, stretches).summaryStatistics(); // the last is partial
        int thin = (int) Arrays.stream(inStretch, 0, stretches).filter(n -> n < SAMPLES_NEEDED).count();
        return new Run(s.period(), s.jvm(), times.size(), longest / 1e9, full.getMin(), full.getMax(), thin, stretches);
    }

    private static void write(Path out, List<Run> runs, int seconds, Path java) throws IOException, InterruptedException {
        Map<String, Object> machine = Machine.describe(java);
        StringBuilder md = new StringBuilder();
        md.append("# JFR's execution sampler against a service's 20 ms tick\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". `LiveService 4 50000 padded` (a"
                        + " dispatcher wakes four workers every %d ms; each counts 50,000 times, about 0.35 ms) under plain"
                        + " `java` for %d s with only `jdk.ExecutionSample` recorded at the period of its row, all %d JVMs"
                        + " at once. *samples* are the workers' samples; a *thin stretch* is a 5-s stretch with fewer than"
                        + " %d, which a re-armed detection window needs to select the classes it probes.%n%n",
                LiveService.PERIOD_MILLIS,
                seconds, runs.size(), SAMPLES_NEEDED));
        md.append("Reproduce: `bench/run-sampler-phase` (after `mvn -B -DskipTests package`).\n\n");
        md.append("| period | JVM | samples | longest gap | fewest in 5 s | most in 5 s | thin stretches |\n"
                + "|---:|---:|---:|---:|---:|---:|---:|\n");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Run r : runs) {
            md.append(String.format(Locale.ROOT, "| %d ms | %d | %d | %.1f s | %d | %d | %d of %d |%n", r.period(), r.jvm(),
                    r.samples(), r.longestGapSeconds(), r.fewest(), r.most(), r.thinStretches(), r.stretches()));
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("periodMillis", r.period());
            row.put("samples", r.samples());
            row.put("longestGapSeconds", r.longestGapSeconds());
            row.put("fewestInStretch", r.fewest());
            row.put("mostInStretch", r.most());
            row.put("thinStretches", r.thinStretches());
            row.put("stretches", r.stretches());
            rows.add(row);
        }
        ResultFiles.write(out, md.toString(), Json.object("machine", machine, "seconds", seconds,
                "rows", rows));
    }
}
