package io.jremix.bench.suite;

/** How much work an iteration does: a few seconds on 2 cores by default, well under a second for smoke tests. */
public enum Size {
    TINY, DEFAULT;

    /** The size called {@code name} ({@code tiny} or {@code default}). */
    public static Size named(String name) {
        return switch (name) {
            case "tiny" -> TINY;
            case "default" -> DEFAULT;
            default -> throw new IllegalArgumentException("no size '" + name + "'; known: tiny, default");
        };
    }

    /** {@code tiny} if this is TINY, else {@code normal}: picks between two sizes. */
    public int pick(int tiny, int normal) {
        return this == TINY ? tiny : normal;
    }
}
