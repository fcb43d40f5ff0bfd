package io.jremix.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.jremix.report.AtomicFiles;
import io.jremix.report.Json;

/** A benchmark's results: the Markdown table at {@code out} and, next to it, the same data as JSON. */
public final class ResultFiles {
    private ResultFiles() {
    }

    /** Writes both files atomically ({@code x.md} and {@code x.json}) and says where on stderr. */
    public static void write(Path out, String markdown, Object json) throws IOException {
        Files.createDirectories(out.toAbsolutePath().getParent());
        AtomicFiles.write(out, markdown);
        AtomicFiles.write(Path.of(out.toString().replaceFirst("\\.md$", "") + ".json"), Json.write(json));
        System.err.println("wrote " + out);
    }
}
