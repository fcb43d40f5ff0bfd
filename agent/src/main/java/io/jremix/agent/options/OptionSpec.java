package io.jremix.agent.options;

/** The {@code -XX:} options jremix knows, with the usage and description that the help prints. */
enum OptionSpec {
    SAMPLING_RATIO("REMIXSamplingRatio", false, "<n>",
            "trace one memory access in n (default " + AgentOptions.DEFAULT_SAMPLING_RATIO + ")"),
    VERBOSE("REMIXVerbose", true, "", "print progress: address model, detection window, findings as they appear"),
    HIT_VERBOSE("REMIXHitVerbose", true, "", "print every sampled coherence miss (HITM equivalent)"),
    DEBUG("REMIXDebug", true, "", "print instrumentation details, including classes that could not be instrumented"),
    REPORT("REMIXReport", false, "<file>", "write the findings as JSON to file at exit, and when each window closes"
            + " if REMIXRearm is set"),
    PROFILE("REMIXProfile", false, "<file>", "repair plan: pad the classes it names when they load; with detection,"
            + " add this run's findings to it at exit"),
    LINE_SIZE("REMIXLineSize", false, "<bytes>", "cache-line size to simulate (default 64)"),
    THRESHOLD("REMIXThreshold", false, "<n>", "estimated coherence misses per second that make a finding (default 100000)"),
    WINDOW("REMIXWindow", false, "<seconds>", "keep tracing this long after contention is found, then restore the classes (default 3)"),
    MAX_WINDOW("REMIXMaxWindow", false, "<seconds>", "stop tracing after this long if no contention is found (default 5)"),
    REARM("REMIXRearm", false, "<seconds>", "open a new detection window this long after the last one closed, reporting as each"
            + " closes (default 0: never)");

    private final String optionName;
    private final boolean flag;
    private final String valueName;
    private final String description;

    OptionSpec(String optionName, boolean flag, String valueName, String description) {
        this.optionName = optionName;
        this.flag = flag;
        this.valueName = valueName;
        this.description = description;
    }

    static OptionSpec named(String name) {
        for (OptionSpec s : values()) {
            if (s.optionName.equals(name)) {
                return s;
            }
        }
        return null;
    }

    boolean isFlag() {
        return flag;
    }

    String usage() {
        return flag ? "-XX:+" + optionName : "-XX:" + optionName + "=" + valueName;
    }

    String description() {
        return description;
    }
}
