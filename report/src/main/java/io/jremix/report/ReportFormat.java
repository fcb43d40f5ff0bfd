package io.jremix.report;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import io.jremix.report.html.HtmlReport;

/** A report file's format follows its name: HTML for {@code .html} or {@code .htm}, JSON otherwise. */
public final class ReportFormat {
    private ReportFormat() {
    }

    public static boolean isHtml(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".html") || name.endsWith(".htm");
    }

    /** The file's content for {@code document} (a map as {@link Json#write} takes it). */
    public static String render(Path file, Map<String, Object> document) {
        return isHtml(file) ? HtmlReport.render(document) : Json.write(document);
    }
}
