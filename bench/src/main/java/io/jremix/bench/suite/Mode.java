package io.jremix.bench.suite;

import java.util.List;

/** A way to run a workload: plain {@code java}, or {@code bin/jremix} with the options of one jremix feature. */
public enum Mode {
    PLAIN("plain", List.of(), "java"),
    DETECT("detect", List.of("-remix:detect"), "cache-contention detection (issue 2)"),
    REMIX("remix", List.of("-remix"), "detection and online repair (issue 4)"),
    PARK("park", List.of("-XXgetparkcontention"), "park-contention profiler (issue 5)"),
    VBD("vbd", List.of("-XX:+VBD"), "volatile by default (issue 6)");

    private final String key;
    private final List<String> options;
    private final String feature;

    Mode(String key, List<String> options, String feature) {
        this.key = key;
        this.options = options;
        this.feature = feature;
    }

    public String key() {
        return key;
    }

    /** The launcher options that select this mode; empty for plain java. */
    public List<String> options() {
        return options;
    }

    public String feature() {
        return feature;
    }

    public static Mode named(String key) {
        for (Mode m : values()) {
            if (m.key.equals(key.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("no mode '" + key.trim() + "'; known: plain, detect, remix, park, vbd");
    }
}
