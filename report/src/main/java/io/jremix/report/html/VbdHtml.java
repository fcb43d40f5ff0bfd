package io.jremix.report.html;

import static io.jremix.report.html.HtmlPage.esc;
import static io.jremix.report.html.HtmlPage.number;

import java.util.List;

/** Volatile-by-default: what was rewritten, what stayed relaxed and why, what could not be rewritten. */
final class VbdHtml {
    private VbdHtml() {
    }

    static String render(JsonView doc) {
        JsonView t = doc.get("totals");
        String summary = "Rewrote " + number(t.number("classes")) + " classes: " + number(t.number("fieldSites"))
                + " field sites, " + number(t.number("arraySites")) + " array sites, "
                + number(t.number("plainAccessSites")) + " Unsafe/VarHandle sites, " + number(t.number("fences"))
                + " fences added.";
        StringBuilder sb = new StringBuilder();
        List<JsonView> rewritten = doc.list("rewritten");
        sb.append("<h2 id=\"rewritten-heading\">Rewritten: every field and array access volatile</h2>\n");
        if (rewritten.size() < t.number("classes")) {
            sb.append("<p>The first ").append(rewritten.size()).append(" classes are listed.</p>\n");
        }
        sb.append(new Table("rewritten").code("className", "Class").number("fieldSites", "Field sites")
                .number("arraySites", "Array sites").number("plainAccessSites", "Unsafe/VarHandle sites")
                .number("fences", "Fences").number("unpublishedSites", "Before publication (plain)")
                .number("effectivelyFinal", "Effectively final fields (plain)")
                .render(rewritten));
        sb.append("<h2>Relaxed: the plain Java memory model</h2>\n<ul id=\"relaxed-reasons\">\n");
        sb.append("<li>").append(number(doc.number("loadedBefore")))
                .append(" classes loaded before the agent and ").append(number(doc.number("jdkClassesLater")))
                .append(" JDK classes loaded later: library code, never rewritten.</li>\n");
        String why = doc.get("relaxedFile").present()
                ? "named by a pattern in " + doc.text("relaxedFile") + ", or annotated @Relaxed"
                : "annotated @Relaxed";
        names(sb, "relaxed-classes", "Classes", why, doc.list("relaxedClasses"));
        names(sb, "relaxed-methods", "Methods", why, doc.list("relaxedMethods"));
        names(sb, "relaxed-fields", "Fields", why, doc.list("relaxedFields"));
        sb.append("</ul>\n");
        List<JsonView> failed = doc.list("failed");
        if (!failed.isEmpty()) {
            sb.append("<h2>Could not be rewritten: left as they were, not sequentially consistent</h2>\n");
            sb.append(new Table("failed").code("className", "Class").text("reason", "Why").render(failed));
        }
        return HtmlPage.page("jremix: volatile-by-default", summary, sb.toString());
    }

    private static void names(StringBuilder sb, String id, String title, String why, List<JsonView> names) {
        sb.append("<li>").append(title).append(" (").append(names.size()).append("), ").append(esc(why));
        sb.append(":<ul class=\"names mono\" id=\"").append(id).append("\">");
        names.forEach(n -> sb.append("<li>").append(esc(n.text())).append("</li>"));
        sb.append("</ul></li>\n");
    }
}
