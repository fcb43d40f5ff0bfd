package io.jremix.report;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import io.jremix.report.html.CollapsedReport;
import io.jremix.report.html.HtmlReport;

/**
 * A report file's format follows its name: HTML for {@code .html} or {@code .htm}, collapsed stacks for
 * {@code .collapsed}, JSON otherwise.
 */
public final class ReportFormat {
    private ReportFormat() {
    }

    public static boolean isHtml(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".html") || name.endsWith(".htm");
    }

    private static boolean isCollapsed(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".collapsed");
    }

    /** The file's content for {@code document} (a map as {@link Json#write} takes it). */
    public static String render(Path file, Map<String, Object> document) {
        if (isHtml(file)) {
            return HtmlReport.render(document);
        }
        return isCollapsed(file) ? CollapsedReport.render(document) : Json.write(document);
    }
}
