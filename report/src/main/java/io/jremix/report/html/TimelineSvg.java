package io.jremix.report.html;

import static io.jremix.report.html.HtmlPage.number;

import java.util.List;
import java.util.Locale;

/**
 * A report row's parked count over time (the park JSON's {@code timeline}) as a small inline SVG on the run's time
 * axis, so rows compare at a glance: a line through each bucket's peak, one point per bucket, over the shaded
 * time-weighted mean. Empty when the row has no buckets (it never collected).
 */
final class TimelineSvg {
    private static final int WIDTH = 240;
    private static final int HEIGHT = 32;

    private TimelineSvg() {
    }

    /** @param runMs the run's length, the axis; the buckets' end when they reach past it */
    static String render(JsonView timeline, double runMs) {
        List<JsonView> peaks = timeline.list("peakParked");
        List<JsonView> means = timeline.list("meanParked");
        if (peaks.isEmpty()) {
            return "";
        }
        double startMs = timeline.number("startMs");
        double bucketMs = timeline.number("bucketMs");
        double axisMs = Math.max(runMs, startMs + peaks.size() * bucketMs);
        double top = 1;
        for (JsonView p : peaks) {
            top = Math.max(top, value(p));
        }
        StringBuilder peakLine = new StringBuilder();
        StringBuilder meanArea = new StringBuilder();
        for (int i = 0; i < peaks.size(); i++) {
            String x = coordinate(Math.max(0, (startMs + (i + 0.5) * bucketMs) / axisMs * WIDTH));
            peakLine.append(i == 0 ? "" : " ").append(x).append(',').append(y(value(peaks.get(i)), top));
            if (i == 0) {
                meanArea.append(x).append(',').append(HEIGHT);
            }
            meanArea.append(' ').append(x).append(',').append(y(i < means.size() ? value(means.get(i)) : 0, top));
            if (i == peaks.size() - 1) {
                meanArea.append(' ').append(x).append(',').append(HEIGHT);
            }
        }
        String title = "peak " + number(top) + " parked; " + peaks.size() + " buckets of " + number(bucketMs)
                + " ms from " + number(startMs) + " ms";
        return "<svg class=\"timeline\" data-buckets=\"" + peaks.size() + "\" width=\"" + WIDTH + "\" height=\""
                + HEIGHT + "\" viewBox=\"0 0 " + WIDTH + " " + HEIGHT + "\" role=\"img\"><title>" + HtmlPage.esc(title)
                + "</title><polygon class=\"mean\" points=\"" + meanArea + "\"/><polyline class=\"peak\" points=\""
                + peakLine + "\"/></svg>";
    }

    private static double value(JsonView v) {
        return v.value() instanceof Number n ? n.doubleValue() : 0;
    }

    private static String y(double parked, double top) {
        return coordinate(HEIGHT - 1 - parked / top * (HEIGHT - 4));
    }

    private static String coordinate(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
