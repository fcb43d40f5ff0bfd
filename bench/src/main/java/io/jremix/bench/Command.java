package io.jremix.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One child JVM: runs it to completion and keeps what it printed. */
record Command(List<String> argv) {
    private static final long TIMEOUT_MINUTES = 10;

    /** What a finished command printed and returned. */
    record Result(int exit, String stdout, String stderr) {
        /** The {@code round <k> <nanos>} lines that {@link Rounds} prints, in nanoseconds. */
        List<Long> rounds() {
            List<Long> out = new ArrayList<>();
            for (String line : stdout.lines().toList()) {
                if (line.startsWith("round ")) {
                    out.add(Long.parseLong(line.substring(line.lastIndexOf(' ') + 1)));
                }
            }
            return out;
        }
    }

    Result run() throws IOException, InterruptedException {
        Path out = Files.createTempFile("bench-out", ".txt");
        Path err = Files.createTempFile("bench-err", ".txt");
        try {
            Process p = new ProcessBuilder(argv).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("timed out after " + TIMEOUT_MINUTES + " min: " + String.join(" ", argv));
            }
            Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
            if (r.exit() != 0) {
                throw new IOException("exit " + r.exit() + ": " + String.join(" ", argv) + "\n" + r.stderr());
            }
            return r;
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
