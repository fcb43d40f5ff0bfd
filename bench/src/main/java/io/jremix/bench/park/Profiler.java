package io.jremix.bench.park;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.jremix.report.Json;

/** How {@link ParkJfr} runs a workload: plain {@code java}, or under one of the three park profilers. */
enum Profiler {
    PLAIN("plain", "plain `java`"),
    JREMIX("jremix", "`bin/jremix -XXgetparkcontention:report=FILE`"),
    JFR("JFR", "JFR recording `jdk.ThreadPark` alone, threshold 0, stack traces on"),
    ASYNC_PROFILER("async-profiler", "async-profiler's lock mode, `-agentpath:libasyncProfiler.so=start,event=lock,"
            + "lock=0,collapsed,file=FILE`");

    /**
     * What the profilers need: the jremix checkout, the JVM, the JFR settings file that enables {@code jdk.ThreadPark}
     * alone, and async-profiler's library ({@code null} where there is none).
     */
    record Tools(Path home, Path java, Path jfc, Path asyncProfiler) {
        /** The JFR settings with {@code jdk.ThreadPark} alone, at threshold 0, written into {@code dir}. */
        static Path writeJfc(Path dir) throws IOException {
            return Files.writeString(dir.resolve("thread-park.jfc"), """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <configuration version="2.0" label="ThreadPark" description="jdk.ThreadPark alone, every park">
                      <event name="jdk.ThreadPark">
                        <setting name="enabled">true</setting>
                        <setting name="stackTrace">true</setting>
                        <setting name="threshold">0 ms</setting>
                      </event>
                    </configuration>
                    """);
        }

        /** The option that starts a {@code jdk.ThreadPark} recording to {@code file}. */
        String jfrOption(Path file) {
            return "-XX:StartFlightRecording=filename=" + file + ",settings=" + jfc;
        }
    }

    /** The profilers that run on this machine, plain java first, what they need, and why any is left out. */
    record Available(Tools tools, List<Profiler> profilers, List<String> notes) {
        /** async-profiler is left out, with the reason, where its library cannot load; files go into {@code work}. */
        static Available here(Path home, Path java, Path work) throws IOException {
            List<Profiler> profilers = new ArrayList<>(List.of(PLAIN, JREMIX, JFR));
            List<String> notes = new ArrayList<>();
            Path asyncProfiler = null;
            try {
                asyncProfiler = AsyncProfilerLibrary.extract(work);
                profilers.add(ASYNC_PROFILER);
                notes.add("async-profiler " + AsyncProfilerLibrary.version() + " (Maven Central"
                        + " `tools.profiler:async-profiler`, its library for this platform loaded from the jar).");
            } catch (IOException e) {
                notes.add("async-profiler skipped: " + e.getMessage() + ".");
            }
            return new Available(new Tools(home, java, Tools.writeJfc(work), asyncProfiler), List.copyOf(profilers),
                    List.copyOf(notes));
        }
    }

    private final String label;
    private final String how;

    Profiler(String label, String how) {
        this.label = label;
        this.how = how;
    }

    String label() {
        return label;
    }

    /** The command line that selects it, in words for the table. */
    String how() {
        return how;
    }

    /** The launcher and its options, with the profiler's output going to {@code output}. */
    List<String> launcher(Tools tools, Path output) {
        List<String> argv = new ArrayList<>();
        switch (this) {
            case PLAIN -> argv.add(tools.java().toString());
            case JREMIX -> argv.addAll(List.of(tools.home().resolve("bin/jremix").toString(),
                    "-XXgetparkcontention:report=" + output));
            case JFR -> argv.addAll(List.of(tools.java().toString(), tools.jfrOption(output)));
            case ASYNC_PROFILER -> argv.addAll(List.of(tools.java().toString(), "-agentpath:" + tools.asyncProfiler()
                    + "=start,event=lock,lock=0,collapsed,file=" + output));
        }
        return argv;
    }

    /** What the profiler recorded in {@code output}; {@code null} for plain java, which records nothing. */
    ParksByBlockerClass recorded(Path output) throws IOException {
        return switch (this) {
            case PLAIN -> null;
            case JREMIX -> ParksByBlockerClass.ofJremixReport(Json.parse(Files.readString(output)));
            case JFR -> ParksByBlockerClass.ofJfr(output);
            case ASYNC_PROFILER -> ParksByBlockerClass.ofAsyncProfilerLocks(output);
        };
    }
}
