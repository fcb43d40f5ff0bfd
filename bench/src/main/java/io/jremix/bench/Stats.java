package io.jremix.bench;

import java.util.List;
import java.util.Locale;

/** The few statistics the harness reports. */
public final class Stats {
    private Stats() {
    }

    public static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    public static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    public static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    public static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    /** {@code median (min–max)}, each number in {@code format} (e.g. {@code %.0f}): how the tables show runs. */
    public static String medianRange(List<Double> values, String format) {
        return String.format(Locale.ROOT, format + " (" + format + "–" + format + ")", median(values),
                min(values), max(values));
    }

    public static double geometricMean(List<Double> ratios) {
        if (ratios.isEmpty()) {
            throw new IllegalArgumentException("no values");
        }
        return Math.exp(ratios.stream().mapToDouble(Math::log).average().orElseThrow());
    }
}
