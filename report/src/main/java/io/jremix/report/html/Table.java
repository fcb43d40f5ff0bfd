package io.jremix.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A sortable table of report rows, or of groups of rows: each column a key (for {@code #sort=}), a heading and a
 * cell.
 */
final class Table {
    private record Column(String key, String heading, Function<JsonView, String> text, String cellClass) {
    }

    private final String id;
    private final List<Column> columns = new ArrayList<>();

    Table(String id) {
        this.id = id;
    }

    /** A column of text, shown as the row's {@code key}. */
    Table text(String key, String heading) {
        return text(key, heading, row -> row.text(key));
    }

    Table text(String key, String heading, Function<JsonView, String> text) {
        columns.add(new Column(key, heading, text, null));
        return this;
    }

    /** A column of code (a stack frame, a class name), in a small monospaced font that may wrap anywhere. */
    Table code(String key, String heading) {
        return code(key, heading, row -> row.text(key));
    }

    /** A column of code of several lines, one per {@code \n} of the text. */
    Table code(String key, String heading, Function<JsonView, String> text) {
        columns.add(new Column(key, heading, text, "code"));
        return this;
    }

    /** A column of a picture: {@code html} is markup already, shown as is. */
    Table graphic(String key, String heading, Function<JsonView, String> html) {
        columns.add(new Column(key, heading, html, "graphic"));
        return this;
    }

    /** A column of numbers, sorted as numbers. */
    Table number(String key, String heading) {
        columns.add(new Column(key, heading, row -> row.get(key).present() ? HtmlPage.number(row.number(key)) : "",
                "num"));
        return this;
    }

    String render(List<JsonView> rows) {
        StringBuilder sb = head("sortable");
        for (JsonView row : rows) {
            row(sb, "", row);
        }
        return sb.append("</tbody></table>\n").toString();
    }

    /**
     * Rows in groups, a body each: the group's first row (its summary, {@code tr.group}) and the rest beneath it
     * ({@code tr.member}). A click on a heading sorts the groups by their first rows, and the rows beneath each
     * group.
     */
    String renderGroups(List<List<JsonView>> groups) {
        StringBuilder sb = head("sortable grouped");
        for (int g = 0; g < groups.size(); g++) {
            sb.append(g == 0 ? "" : "</tbody><tbody>\n");
            List<JsonView> rows = groups.get(g);
            for (int i = 0; i < rows.size(); i++) {
                row(sb, i == 0 ? " class=\"group\"" : " class=\"member\"", rows.get(i));
            }
        }
        return sb.append("</tbody></table>\n").toString();
    }

    private StringBuilder head(String classes) {
        StringBuilder sb = new StringBuilder("<table class=\"").append(classes).append("\" id=\"").append(id)
                .append("\"><thead><tr>");
        for (Column c : columns) {
            sb.append("<th data-key=\"").append(c.key).append("\">").append(HtmlPage.esc(c.heading)).append("</th>");
        }
        return sb.append("</tr></thead><tbody>\n");
    }

    private void row(StringBuilder sb, String attributes, JsonView row) {
        sb.append("<tr").append(attributes).append(">");
        for (Column c : columns) {
            String text = c.text.apply(row);
            if ("num".equals(c.cellClass)) {
                sb.append("<td class=\"num\" data-sort=\"").append(text.isEmpty() ? "-1" : text).append("\">");
            } else if (c.cellClass != null) {
                sb.append("<td class=\"").append(c.cellClass).append("\">");
            } else {
                sb.append("<td>");
            }
            sb.append("graphic".equals(c.cellClass) ? text : HtmlPage.esc(text)).append("</td>");
        }
        sb.append("</tr>\n");
    }
}
