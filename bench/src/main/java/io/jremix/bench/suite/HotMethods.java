package io.jremix.bench.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.ProgramClassPath;
import io.jremix.core.ClassNames;
import io.jremix.core.park.JfrFrames;
import io.jremix.report.AtomicFiles;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * The relaxed lists of the VBD-HotSpot paper's §6.4: for each suite workload, the program methods where it spends
 * the most time under {@code -XX:+VBD}, found by JFR's execution sampler, written as a {@code -XX:VBDRelaxed} file
 * ({@code bench/vbd-relaxed/<workload>.txt}) that the suite's {@code vbd-relaxed} mode reads.
 *
 * <p>A sample counts for the innermost frame that is program code. The frames of VBD's own machinery (the volatile
 * array accessors, the VarHandles and fences they compile to) stand for the access in their caller, so they pass
 * the sample up, as do the generated classes of lambdas, which only forward to their body (a method of the class
 * that wrote the lambda); a sample whose innermost remaining frame is the JDK's (by its class's loader and module) or
 * jremix's own is not counted, since that code is relaxed already.
 */
public final class HotMethods {
    private static final String USAGE = """
            usage: bench/run-hot-methods [--workloads all|name,...] [--top 20] [--warmup 2] [--iterations 3]
              profiles each suite workload under -XX:+VBD with JFR and writes its hottest program methods to
              bench/vbd-relaxed/<workload>.txt, the relaxed list that `bench/run --modes vbd-relaxed` uses""";
    /** Frames that are VBD's rewriting rather than the program's own work. */
    private static final List<String> MACHINERY = List.of("io.jremix.probe.", "java.lang.invoke.",
            "jdk.internal.util.Preconditions", "jdk.internal.misc.Unsafe", "java.util.Objects");

    private HotMethods() {
    }

    /**
     * A recording's program methods by samples.
     *
     * @param methods {@code class::method} to samples, most first
     * @param samples every execution sample in the recording, program or not
     */
    public record Ranking(Map<String, Long> methods, long samples) {
    }

    public static Ranking rank(Path recording) throws IOException {
        Map<String, Long> samples = new HashMap<>();
        long all = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) {
                continue;
            }
            all++;
            for (RecordedFrame f : e.getStackTrace().getFrames()) {
                String type = f.getMethod().getType().getName();
                if (ClassNames.startsWithAny(type, MACHINERY) || type.contains("$$Lambda") || type.contains("/")) {
                    continue;
                }
                if (!JfrFrames.isJdk(f.getMethod().getType()) && !ClassNames.isJremixRuntime(type)) { // never rewritten
                    samples.merge(type + "::" + f.getMethod().getName(), 1L, Long::sum);
                }
                break;
            }
        }
        Map<String, Long> ranked = new LinkedHashMap<>();
        samples.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).forEach(en -> ranked.put(en.getKey(), en.getValue()));
        return new Ranking(ranked, all);
    }

    /** The relaxed-pattern file for the {@code top} methods of a ranking; {@code script} regenerates it. */
    public static String patternFile(String workload, Ranking ranking, int top, String script) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "# %s: its %d hottest program methods under -XX:+VBD, by JFR execution samples (%d in all, %s),"
                        + "%n# relaxed as in the VBD-HotSpot paper's section 6.4. Regenerate with %s.%n",
                workload, Math.min(top, ranking.methods().size()), ranking.samples(), LocalDate.now(), script));
        ranking.methods().entrySet().stream().limit(top).forEach(e -> out.append(String.format(Locale.ROOT,
                "%s # %d samples, %.1f%%%n", e.getKey(), e.getValue(), 100.0 * e.getValue() / Math.max(1, ranking.samples()))));
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-hot-methods", USAGE, args,
                "--workloads", "--top", "--warmup", "--iterations");
        List<Suite.Entry> workloads = o.value("--workloads", Suite.all(), Suite::select);
        int top = o.count("--top", 20, 1);
        int warmup = o.count("--warmup", 2, 0);
        int iterations = o.count("--iterations", 3, 1);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path dir = Mode.relaxedLists(home);
        Files.createDirectories(dir);
        for (Suite.Entry w : workloads) {
            Path jfr = Files.createTempFile("jremix-hot-" + w.name(), ".jfr");
            try {
                List<String> argv = new ArrayList<>(List.of(home.resolve("bin/jremix").toString(), "-XX:+VBD",
                        "-XX:StartFlightRecording=filename=" + jfr + ",settings=profile",
                        "-cp", ProgramClassPath.ofHarness(), SuiteMain.class.getName(), w.name(),
                        "--warmup", Integer.toString(warmup), "--iterations", Integer.toString(iterations)));
                Command.withJava(argv, java).run().orThrow();
                Ranking ranking = rank(jfr);
                AtomicFiles.write(dir.resolve(w.name() + ".txt"), patternFile(w.name(), ranking, top, "bench/run-hot-methods"));
                System.err.printf(Locale.ROOT, "%-9s %d samples, %d program methods, top %d written to %s%n", w.name(),
                        ranking.samples(), ranking.methods().size(), Math.min(top, ranking.methods().size()),
                        home.relativize(dir.resolve(w.name() + ".txt")));
            } finally {
                Files.deleteIfExists(jfr);
            }
        }
    }
}
