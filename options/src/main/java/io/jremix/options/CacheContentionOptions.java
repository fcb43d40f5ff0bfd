package io.jremix.options;

import java.nio.file.Path;

import io.jremix.options.Option.Choice;

/**
 * Cache contention, after REMIX: "Remix: Online Detection and Repair of Cache Contention for the JVM" (PLDI 2016,
 * https://doi.org/10.1145/2908080.2908090). Option names follow REMIX where it had them; the detection-window
 * options are jremix's own.
 */
public final class CacheContentionOptions {
    public static final Section SECTION = new Section("Cache contention (REMIX)", "REMIX");

    public static final Option<String> MODE = SECTION.mode("-remix", "off",
            new Choice("online", "detect cache contention and repair false sharing"),
            new Choice("detect", "detect cache contention only"));
    public static final Option<Long> SAMPLING_RATIO = SECTION.value("REMIXSamplingRatio",
            Type.wholeNumber(1, Integer.MAX_VALUE), 1000L, "trace one memory access in n; with REMIXBurst, one in n"
                    + " within each burst, unless given 1000 times REMIXBurst over REMIXBurstEvery (one in 1000 of"
                    + " the window, as without bursts)");
    public static final Option<Long> BURST = SECTION.value("REMIXBurst", Type.seconds(false), 0L,
            "while a window is open, all threads trace (one access in REMIXSamplingRatio) for bursts this long, and"
                    + " not at all in between; 0: all the time the window is open");
    public static final Option<Long> BURST_EVERY = SECTION.value("REMIXBurstEvery", Type.seconds(true), 50_000_000L,
            "a tracing burst starts this often on average while a window is open, at random spacing between half and 1.5"
                    + " times this, so that bursts do not fall in step with a program's own period");
    public static final Option<Boolean> VERBOSE = SECTION.flag("REMIXVerbose",
            "print progress: address model, detection window, findings as they appear");
    public static final Option<Boolean> HIT_VERBOSE = SECTION.flag("REMIXHitVerbose",
            "print every sampled coherence miss (HITM equivalent)");
    public static final Option<Boolean> DEBUG = SECTION.flag("REMIXDebug",
            "print instrumentation details, including classes that could not be instrumented");
    public static final Option<Path> REPORT = SECTION.value("REMIXReport", Type.outputFile(), null,
            "write the findings at exit as JSON, or as HTML for a name ending in .html, or as collapsed stacks of"
                    + " estimated misses (flame graph input) for .collapsed, and when each window closes if REMIXRearm"
                    + " is set");
    public static final Option<Path> PROFILE = SECTION.value("REMIXProfile", Type.file(), null,
            "repair plan: pad the classes it names when they load, which only reads it; with detection, add this run's"
                    + " findings to it at exit, which needs it writable");
    public static final Option<Boolean> PAD_JDK_CLASSES = SECTION.flag("REMIXPadJdkClasses",
            "let repair pad JDK classes, which grows every instance of them and of their subclasses in the whole JVM;"
                    + " without it, a JDK class is never padded: where a program's class extends it, the class's own"
                    + " fields are padded away from the inherited ones");
    public static final Option<Boolean> SKIP_LIVE_COUNT = SECTION.flag("REMIXSkipLiveCount",
            "at exit, do not count the live instances of the classes padded in the run (a full collection and a class"
                    + " histogram, once)");
    public static final Option<Long> LINE_SIZE = SECTION.value("REMIXLineSize", Type.powerOfTwo(16, 512), 64L,
            "cache-line size to simulate, and within which latent false sharing is predicted");
    public static final Option<Double> COST_SHARE = SECTION.value("REMIXCostShare", Type.percent(0, 100), 0.03,
            "a finding's misses, at 50 ns each, must cost the threads that make them or write where they miss this"
                    + " share of the CPU time those threads ran meanwhile (latent false sharing: would cost, were"
                    + " the threads running at once); 0.003 is ten times as sensitive");
    public static final Option<Long> THRESHOLD = SECTION.value("REMIXThreshold", Type.wholeNumber(0, Long.MAX_VALUE),
            null, "estimated coherence misses per second that make a finding, whatever they cost (for latent false"
                    + " sharing, accesses per second by each of two threads): the rule before REMIXCostShare, which it"
                    + " replaces unless REMIXCostShare is given too");
    public static final Option<Long> WINDOW = SECTION.value("REMIXWindow", Type.seconds(true), 3_000_000_000L,
            "keep tracing this long after contention is found, then restore the classes");
    public static final Option<Long> MAX_WINDOW = SECTION.value("REMIXMaxWindow", Type.seconds(true), 5_000_000_000L,
            "stop tracing after this long if no contention is found, counted from when a second thread runs traced"
                    + " code (one thread alone shares no cache line), or with REMIXRearm from the window's opening if"
                    + " none does");
    public static final Option<Long> SHED_AFTER = SECTION.value("REMIXShedAfter", Type.seconds(false),
            1_000_000_000L, "within a window, stop tracing a class run 100,000 times a second or more once its"
                    + " accesses, sampled in two threads or more, have shown no contention left to find (no line that"
                    + " kept missing, or only contention found, or under half REMIXCostShare for REMIXMaxWindow) for this long, or"
                    + " for as long as contention at REMIXCostShare between two threads would take to show, if longer;"
                    + " 0: trace every class all window");
    public static final Option<Long> CLASS_WINDOW = SECTION.value("REMIXClassWindow", Type.seconds(false),
            5_000_000_000L, "within a window, stop tracing a class this long after two threads first ran it (or"
                    + " REMIXShedAfter's wait, if longer), whatever it showed: contention not"
                    + " yet found is left to the next window, as a window without findings would have left it; 0: as long"
                    + " as the window stays open");
    public static final Option<Long> REARM = SECTION.value("REMIXRearm", Type.seconds(false), 0L,
            "open a new detection window this long after the last one closed, reporting as each closes; 0: never");
    public static final Option<Long> HOT_CLASSES = SECTION.value("REMIXHotClasses", Type.wholeNumber(0, 100_000), 32L,
            "with REMIXRearm, a window probes at most this many classes: those JFR's execution samples (every 19 ms,"
                    + " in the 10 s before the window is due, the first one included) saw running most often, if there"
                    + " were 10 or more; 0: every class, the first window opening at once");
    public static final Option<Long> BACK_OFF = SECTION.value("REMIXBackOff", Type.wholeNumber(0, 100_000), 15L,
            "a class selected by REMIXHotClasses whose probes traced no access to a cache line that missed, in k"
                    + " windows in a row, skips the next 2^(k-1)-1 windows, at most this many (a window that every"
                    + " class selected would skip does not open); 0: never skips");

    public static final Option<Double> BUDGET = SECTION.value("REMIXBudget", Type.percent(0, 100), 2.0,
            "a re-armed window opens only once what the last one cost (JIT compilation beyond the program's own, and"
                    + " jremix's threads) is at most this share of the time since it opened; the first re-armed one,"
                    + " once what the program compiled after the first window is; 0: every REMIXRearm");

    private CacheContentionOptions() {
    }

    /**
     * The profile as an output, when the run writes it: detection adds its findings to it at exit; {@code null} when
     * it does not, padding alone only reads it.
     */
    static Output profileOutput(Values v) {
        if (!v.given(PROFILE) || v.get(MODE).equals("off")) {
            return null;
        }
        return new Output(v.argument(PROFILE), v.get(PROFILE), "-remix and -remix:detect add their findings to the"
                + " profile at exit; without them a run only reads it");
    }
}
