package io.jremix.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One child JVM: runs it to completion and keeps what it printed.
 *
 * @param argv the command line
 * @param env  variables added to this process's environment
 */
public record Command(List<String> argv, Map<String, String> env) {
    private static final long TIMEOUT_MINUTES = 10;

    /** What a finished command printed and returned. */
    public record Result(int exit, String stdout, String stderr) {
        /** This result, if the command succeeded. */
        public Result orThrow() throws IOException {
            if (exit != 0) {
                throw new IOException("exit " + exit + "\n" + stderr);
            }
            return this;
        }

        /** The {@code round <k> <nanos>} lines that {@link Rounds} prints, in nanoseconds. */
        public List<Long> rounds() {
            List<Long> out = new ArrayList<>();
            for (String line : stdout.lines().toList()) {
                if (line.startsWith("round ")) {
                    out.add(Long.parseLong(line.substring(line.lastIndexOf(' ') + 1)));
                }
            }
            return out;
        }

        /** The mean of the rounds after the first {@code warmup}, in milliseconds. */
        public double meanRoundMs(int warmup) {
            List<Long> times = rounds();
            if (times.size() <= warmup) {
                throw new IllegalStateException("only " + times.size() + " rounds, " + warmup + " of them warm-up:\n"
                        + stderr);
            }
            return times.subList(warmup, times.size()).stream().mapToLong(Long::longValue).average().orElseThrow()
                    / 1e6;
        }
    }

    public Command(List<String> argv) {
        this(argv, Map.of());
    }

    /** Runs {@code bin/jremix} (or anything else) with {@code java} as the JVM it launches. */
    public static Command withJava(List<String> argv, Path java) {
        return new Command(argv, Map.of("JREMIX_JAVA", java.toString()));
    }

    /** Runs the command to completion within {@value #TIMEOUT_MINUTES} minutes: {@link #run(long)}. */
    public Result run() throws IOException, InterruptedException {
        return run(TIMEOUT_MINUTES);
    }

    /** Runs the command to completion; a non-zero exit is in the result, a time-out is an exception. */
    public Result run(long timeoutMinutes) throws IOException, InterruptedException {
        Path out = Files.createTempFile("bench-out", ".txt");
        Path err = Files.createTempFile("bench-err", ".txt");
        try {
            ProcessBuilder pb = new ProcessBuilder(argv).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("timed out after " + timeoutMinutes + " min: " + String.join(" ", argv));
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
