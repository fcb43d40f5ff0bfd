package io.jremix.bench.suite;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** A way to run a workload: plain {@code java}, or {@code bin/jremix} with the options of one jremix feature. */
public enum Mode {
    PLAIN("plain", List.of(), "java"),
    DETECT("detect", List.of("-remix:detect"), "cache-contention detection"),
    DETECT_OPEN("detect-open", List.of("-remix:detect", "-XX:REMIXWindow=3600", "-XX:REMIXMaxWindow=3600"),
            "cache-contention detection with its window held open all run"),
    DETECT_OPEN_UNSHED("detect-open-unshed", List.of("-remix:detect", "-XX:REMIXWindow=3600",
            "-XX:REMIXMaxWindow=3600", "-XX:REMIXShedAfter=0"),
            "the same, every class traced all run, as before classes were shed"),
    REMIX("remix", List.of("-remix"), "detection and online repair"),
    PARK("park", List.of("-XXgetparkcontention"), "park-contention profiler"),
    VBD("vbd", List.of("-XX:+VBD"), "volatile by default"),
    VBD_RELAXED("vbd-relaxed", List.of("-XX:+VBD", "-XX:VBDRelaxed=" + Mode.RELAXED_LIST),
            "volatile by default with each workload's hottest methods relaxed (section 6.4 of the VBD-HotSpot"
                    + " paper, OOPSLA 2017)"),
    VBD_BASELINE("vbd-baseline", List.of("-XX:+VBD"), "volatile by default as built in the --baseline checkout"),
    DETECT_BASELINE("detect-baseline", List.of("-remix:detect"), "cache-contention detection as built in the --baseline checkout"),
    DETECT_OPEN_BASELINE("detect-open-baseline", DETECT_OPEN.options,
            "the window held open all run, as built in the --baseline checkout");

    /** Stands in an option for the workload's relaxed list, {@code bench/vbd-relaxed/<workload>.txt}. */
    private static final String RELAXED_LIST = "{relaxed-list}";

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

    /** The options for one workload, with its relaxed list in place. */
    public List<String> options(Path home, String workload) {
        String list = relaxedLists(home).resolve(workload + ".txt").toString();
        return options.stream().map(o -> o.replace(RELAXED_LIST, list)).toList();
    }

    /** Where the relaxed lists of {@code vbd-relaxed} are. */
    public static Path relaxedLists(Path home) {
        return home.resolve("bench/vbd-relaxed");
    }

    /** Whether {@code bin/jremix} of the {@code --baseline} checkout runs this mode, not this checkout's. */
    public boolean fromBaseline() {
        return this == VBD_BASELINE || this == DETECT_BASELINE || this == DETECT_OPEN_BASELINE;
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
        throw new IllegalArgumentException("no mode '" + key.trim() + "'; known: "
                + String.join(", ", Arrays.stream(values()).map(Mode::key).toList()));
    }
}
