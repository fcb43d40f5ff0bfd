package io.jremix.agent.feature;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import io.jremix.report.AtomicFiles;
import io.jremix.report.ReportFormat;

/**
 * Writes a report file at exit. Its path was checked at start, but its directory may have gone away or filled up
 * during the run: then the report goes to a file of its own in {@code java.io.tmpdir}, named on stderr.
 */
public final class ReportFile {
    private ReportFile() {
    }

    /** Writes {@code document} as HTML if the file's name ends in {@code .html}, as JSON otherwise. */
    public static void write(Path file, Map<String, Object> document, AgentLog log) {
        String content;
        try {
            content = ReportFormat.render(file, document);
        } catch (RuntimeException e) {
            log.info("could not render " + file + " (" + e + ")");
            return;
        }
        write(file, content, log);
    }

    public static void write(Path file, String content, AgentLog log) {
        try {
            AtomicFiles.Written w = AtomicFiles.writeOrFallback(file, content);
            if (w.failure() != null) {
                log.info("could not write " + file + " (" + AtomicFiles.reason(w.failure()) + "); wrote the report to "
                        + w.path() + " instead");
            }
        } catch (IOException e) {
            log.info("could not write " + file + " (" + AtomicFiles.reason(e) + "), nor a copy in "
                    + System.getProperty("java.io.tmpdir"));
        }
    }
}
