package io.jremix.e2e.html;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the browser's DOM of a jremix report holds: the script's state, its errors, tables and elements. */
record RenderedPage(String dom) {
    private static final Pattern ROW = Pattern.compile("<tr[^>]*>(.*?)</tr>", Pattern.DOTALL);
    private static final Pattern GROUP = Pattern.compile("<tbody>(.*?)</tbody>", Pattern.DOTALL);
    private static final Pattern CELL = Pattern.compile("<td[^>]*>(.*?)</td>", Pattern.DOTALL);
    private static final Pattern HEADING = Pattern.compile("<th[^>]*data-key=\"([^\"]+)\"");

    /** The script ran to its end: it marks the body last. */
    boolean ready() {
        return dom.contains("<body data-ready=\"true\">");
    }

    /** The errors the page's script caught and listed. */
    List<String> scriptErrors() {
        return texts(between("<ul id=\"script-errors\">", "</ul>"), Pattern.compile("<li>(.*?)</li>"));
    }

    /** How many times {@code fragment} occurs in the DOM. */
    int count(String fragment) {
        int n = 0;
        for (int i = dom.indexOf(fragment); i >= 0; i = dom.indexOf(fragment, i + 1)) {
            n++;
        }
        return n;
    }

    /** The cells of column {@code key} of table {@code id}, top to bottom as shown. */
    List<String> column(String id, String key) {
        List<String> cells = new ArrayList<>();
        groups(id, key).forEach(cells::addAll);
        return cells;
    }

    /**
     * Of table {@code id}, the cells of column {@code key} by group of rows (a body each), top to bottom as shown:
     * in a grouped table each group's first row (its summary), then the rows beneath it.
     */
    List<List<String>> groups(String id, String key) {
        String table = between(" id=\"" + id + "\"><thead>", "</table>");
        List<String> keys = texts(table.substring(0, table.indexOf("</thead>")), HEADING);
        int col = keys.indexOf(key);
        if (col < 0) {
            throw new AssertionError("no column " + key + " in table " + id + ": " + keys);
        }
        List<List<String>> groups = new ArrayList<>();
        for (String body : texts(table, GROUP)) {
            List<String> cells = new ArrayList<>();
            for (String row : texts(body, ROW)) {
                cells.add(texts(row, CELL).get(col));
            }
            groups.add(cells);
        }
        return groups;
    }

    /** Whether the page has an element with id {@code id}. */
    boolean has(String id) {
        return dom.contains(" id=\"" + id + "\"");
    }

    /** The points of each timeline in column {@code key} of table {@code id}, top to bottom; rows without one left out. */
    List<Integer> timelinePoints(String id, String key) {
        List<Integer> out = new ArrayList<>();
        for (String cell : column(id, key)) {
            Matcher m = Pattern.compile("<polyline class=\"peak\" points=\"([^\"]*)\"").matcher(cell);
            if (m.find()) {
                out.add(m.group(1).split(" ").length);
            }
        }
        return out;
    }

    /** The inline style of the first span of the layout that draws {@code field}. */
    String fieldStyle(String field) {
        Matcher m = Pattern.compile("<div class=\"slot field\" style=\"([^\"]*)\"[^>]* data-field=\""
                + Pattern.quote(field) + "\"").matcher(dom);
        if (!m.find()) {
            throw new AssertionError("field " + field + " is not drawn");
        }
        return m.group(1);
    }

    /**
     * The line each field is drawn on in the layout {@code state} ({@code before}, {@code after}) of the card with
     * id {@code cardId}; -1 for a field not drawn.
     */
    List<Integer> fieldLines(String cardId, String state, String... fields) {
        String card = between("id=\"" + cardId + "\"", "</section>");
        int from = card.indexOf("data-state=\"" + state + "\"");
        if (from < 0) {
            throw new AssertionError("no layout " + state + " in " + cardId + ": " + card);
        }
        int to = card.indexOf("data-state=", from + 1);
        String[] lines = card.substring(from, to < 0 ? card.length() : to).split("<div class=\"line\">");
        List<Integer> out = new ArrayList<>();
        for (String f : fields) {
            int line = -1;
            for (int i = lines.length - 1; i >= 1; i--) {
                line = lines[i].contains("data-field=\"" + f + "\"") ? i - 1 : line;
            }
            out.add(line);
        }
        return out;
    }

    /** The items of the list with id {@code id}. */
    List<String> listItems(String id) {
        return texts(between("id=\"" + id + "\">", "</ul>"), Pattern.compile("<li>(.*?)</li>"));
    }

    private String between(String start, String end) {
        int from = dom.indexOf(start);
        if (from < 0) {
            throw new AssertionError("not in the page: " + start);
        }
        from += start.length();
        return dom.substring(from, dom.indexOf(end, from));
    }

    private static List<String> texts(String html, Pattern pattern) {
        List<String> out = new ArrayList<>();
        Matcher m = pattern.matcher(html);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
