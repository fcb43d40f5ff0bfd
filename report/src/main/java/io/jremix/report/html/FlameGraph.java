package io.jremix.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.regex.Pattern;

/**
 * A flame graph as inline SVG, from collapsed stacks ({@link CollapsedStacks}): the root at the bottom, each frame a
 * box above its caller, as wide as the value of the stacks through it; equal callers share a box, the largest
 * first. Each box's title names its frame, its value as the caller shows values (park time: microseconds shown in
 * milliseconds; misses) and its share of the whole; {@code data-value} has the value, for a test.
 */
final class FlameGraph {
    static final int WIDTH = 1200;
    private static final int FRAME_HEIGHT = 16;
    /** Of the 11-pixel monospaced label, about this many pixels a character. */
    private static final double CHAR_WIDTH = 6.7;
    /**
     * What a frame's text starts with before its class: the class loader's name ({@code app//}) or the module
     * ({@code java.base/}); left out of a box's label, which has room for little, but not of its title.
     */
    private static final Pattern LOADER_OR_MODULE = Pattern.compile("^(?:[\\w.-]+//|[a-z][\\w.]*(?:@[^/(]*)?/)");

    private static final class Node {
        final String name;
        long value;
        final Map<String, Node> children = new LinkedHashMap<>();

        Node(String name) {
            this.name = name;
        }
    }

    private FlameGraph() {
    }

    /**
     * The graph of {@code stacks} under a root named {@code root}, a value in a box's title as {@code shown} writes
     * it; empty for no stack with a value.
     */
    static String svg(String root, List<CollapsedStacks.Stack> stacks, LongFunction<String> shown) {
        Node top = new Node(root);
        for (CollapsedStacks.Stack s : CollapsedStacks.merged(stacks)) {
            top.value += s.value();
            Node n = top;
            for (String frame : s.frames()) {
                n = n.children.computeIfAbsent(frame, Node::new);
                n.value += s.value();
            }
        }
        if (top.value == 0) {
            return "";
        }
        int height = (depth(top) + 1) * FRAME_HEIGHT;
        StringBuilder sb = new StringBuilder("<svg class=\"flame\" width=\"" + WIDTH + "\" height=\"" + height
                + "\" viewBox=\"0 0 " + WIDTH + " " + height + "\" role=\"img\">");
        box(sb, top, top.value, 0, 0, height, shown);
        return sb.append("</svg>").toString();
    }

    private static int depth(Node n) {
        int d = 0;
        for (Node c : n.children.values()) {
            d = Math.max(d, depth(c) + 1);
        }
        return d;
    }

    /** {@code n} at {@code x}, {@code depth} boxes above the bottom, and its callees above it. */
    private static void box(StringBuilder sb, Node n, long total, double x, int depth, int height,
                            LongFunction<String> shown) {
        double width = (double) n.value / total * WIDTH;
        double y = height - (depth + 1) * FRAME_HEIGHT;
        String title = n.name + ": " + shown.apply(n.value) + ", "
                + HtmlPage.number(Math.round(1000.0 * n.value / total) / 10.0) + "%";
        sb.append("<g class=\"frame\" data-depth=\"").append(depth).append("\" data-value=\"").append(n.value)
                .append("\"><title>").append(HtmlPage.esc(title)).append("</title><rect x=\"").append(coordinate(x))
                .append("\" y=\"").append(coordinate(y)).append("\" width=\"").append(coordinate(width))
                .append("\" height=\"").append(FRAME_HEIGHT - 1).append("\" fill=\"").append(colour(n.name, depth))
                .append("\"/>");
        int chars = (int) ((width - 6) / CHAR_WIDTH);
        if (chars >= 3) {
            String name = LOADER_OR_MODULE.matcher(n.name).replaceFirst("");
            String label = name.length() <= chars ? name : name.substring(0, chars - 2) + "..";
            sb.append("<text x=\"").append(coordinate(x + 3)).append("\" y=\"").append(coordinate(y + 11.5))
                    .append("\">").append(HtmlPage.esc(label)).append("</text>");
        }
        sb.append("</g>");
        List<Node> callees = new ArrayList<>(n.children.values());
        callees.sort(Comparator.comparingLong((Node c) -> c.value).reversed());
        double cx = x;
        for (Node c : callees) {
            box(sb, c, total, cx, depth + 1, height, shown);
            cx += (double) c.value / total * WIDTH;
        }
    }

    /** Warm colours, one per frame name so a frame keeps its colour across the graph; the root grey. */
    private static String colour(String name, int depth) {
        if (depth == 0) {
            return "#ccc";
        }
        int h = Math.floorMod(name.hashCode(), 1000);
        return "hsl(" + (h % 50) + "," + (60 + h / 100 * 3) + "%," + (55 + h % 7 * 3) + "%)";
    }

    private static String coordinate(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
