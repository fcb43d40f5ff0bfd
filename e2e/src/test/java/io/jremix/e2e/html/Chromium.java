package io.jremix.e2e.html;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.jremix.e2e.Jremix;

/**
 * Headless Chromium (Debian's {@code chromium} package, which {@code .ci/run} installs), or the browser named by
 * {@code $JREMIX_CHROMIUM}: loads a page as a user's browser would, runs its script, and hands back the DOM as
 * the script left it, or a screenshot. Each call runs a fresh browser with a profile of its own.
 */
final class Chromium {
    private static final long TIMEOUT_SECONDS = 120;
    private static final Optional<Path> BINARY = find();
    private final Path binary;

    private Chromium(Path binary) {
        this.binary = binary;
    }

    /** The browser; the test is skipped, saying why, when there is none. */
    static Chromium require() {
        assumeTrue(BINARY.isPresent(), "chromium is not installed (apt-get install chromium; .ci/run installs it):"
                + " the HTML reports are not tested in a browser");
        return new Chromium(BINARY.get());
    }

    private static Optional<Path> find() {
        String named = System.getenv("JREMIX_CHROMIUM");
        if (named != null && !named.isEmpty()) {
            return Optional.of(Path.of(named)).filter(Files::isExecutable);
        }
        return Jremix.onPath("chromium", "chromium-browser");
    }

    /** The DOM after the page's script ran, of {@code page} opened with {@code fragment} ({@code #...} or ""). */
    String dom(Path page, String fragment) throws IOException, InterruptedException {
        return run(List.of("--dump-dom", page.toUri() + fragment));
    }

    /** The DOM after the page's script ran, of {@code page} laid out in a window of {@code width} × {@code height}. */
    String dom(Path page, int width, int height) throws IOException, InterruptedException {
        return run(List.of("--window-size=" + width + "," + height, "--dump-dom", page.toUri().toString()));
    }

    /** A PNG of the page as a 1600-pixel-wide window shows it. */
    void screenshot(Path page, Path png) throws IOException, InterruptedException {
        Files.createDirectories(png.toAbsolutePath().getParent());
        run(List.of("--hide-scrollbars", "--window-size=1600,1000", "--screenshot=" + png.toAbsolutePath(),
                page.toUri().toString()));
    }

    private String run(List<String> args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("jremix-chromium");
        Path out = Files.createTempFile("jremix-chromium", ".html");
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--no-first-run", "--user-data-dir=" + profile));
        command.addAll(args);
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("chromium timed out: " + command);
            }
            if (p.exitValue() != 0) {
                throw new AssertionError("chromium exited with " + p.exitValue() + ": " + command);
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(out);
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted((a, b) -> b.compareTo(a)).forEach(f -> f.toFile().delete());
            }
        }
    }
}
