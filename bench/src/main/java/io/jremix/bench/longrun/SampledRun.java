package io.jremix.bench.longrun;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * One long run: starts the program under bin/jremix and samples its memory every period until it ends. bin/jremix
 * execs the program's JVM, so the child's pid is the program's.
 */
final class SampledRun {
    /** What one run left behind. */
    record Result(String mode, List<String> argv, List<MemorySample> samples, int exit, String stdout,
                  List<String> jremixLines) {
    }

    private final Path jcmd;
    private final long periodSeconds;

    SampledRun(Path jcmd, long periodSeconds) {
        this.jcmd = jcmd;
        this.periodSeconds = periodSeconds;
    }

    Result run(String mode, List<String> argv, Path java) throws IOException, InterruptedException {
        Path out = Files.createTempFile("long-run-out", ".txt");
        Path err = Files.createTempFile("long-run-err", ".txt");
        try {
            ProcessBuilder pb = new ProcessBuilder(argv).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().put("JREMIX_JAVA", java.toString());
            long start = System.nanoTime();
            Process p = pb.start();
            List<MemorySample> samples = new ArrayList<>();
            while (!p.waitFor(periodSeconds, TimeUnit.SECONDS)) {
                MemorySample s = MemorySample.take(jcmd, p.pid(), TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start));
                if (s != null) {
                    samples.add(s);
                    System.err.printf(Locale.ROOT, "%s: %d s, RSS %d MB, live heap %.1f MB, %d jremix objects%n",
                            mode, s.seconds(), s.rssKb() / 1024, s.liveHeapBytes() / 1e6, s.jremixObjects());
                }
            }
            List<String> jremix = Files.readAllLines(err, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.matches("^(REMIX|PARK|VBD): .*")).toList();
            return new Result(mode, argv, samples, p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    jremix);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
