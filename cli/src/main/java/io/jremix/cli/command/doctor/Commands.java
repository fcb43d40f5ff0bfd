package io.jremix.cli.command.doctor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs the few helper programs the doctor asks ({@code perf}, {@code systemd-detect-virt}); tests answer for them. */
@FunctionalInterface
interface Commands {
    /** What the command printed (stdout and stderr), if it exists, exits 0 and finishes within a few seconds. */
    Optional<String> output(List<String> command);

    /** Runs commands on this machine. */
    Commands SYSTEM = command -> {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.exitValue() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    };
}
