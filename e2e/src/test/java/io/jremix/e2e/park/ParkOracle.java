package io.jremix.e2e.park;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.jremix.e2e.Jremix;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * One run of a park workload under {@code -XXgetparkcontention} with a JFR recording of {@code jdk.ThreadPark} at
 * threshold 0 in the same JVM, and each tool's parks per blocker class, counted over the threads whose names start
 * with a prefix (the workload's own threads; the JVM's, JFR's and the agent's threads park too, before, while and
 * after the workload runs, in windows the two tools see differently).
 *
 * <p>What each counts: jremix counts a park when the thread enters {@code LockSupport}'s park method (or a JDK
 * method that calls {@code Unsafe.park} directly), JFR when {@code Unsafe.park} returns; so a park still in
 * progress when the reports are written is in jremix's {@code parkedNow} and not in JFR. The counts compared are
 * jremix's ended parks, {@code timesParked - parkedNow}. A {@code parkNanos} with a time of 0 or less is no park
 * in either: {@code LockSupport} returns before {@code Unsafe.park}, and jremix's hook skips it.
 *
 * <p>jremix's report names the thread of each blocker's first park only, so its parks are taken per blocker first
 * parked on by a thread of the prefix, JFR's per event of such a thread: the same parks as long as the workload's
 * blockers are parked on by its own threads alone, which the workloads make sure of (private locks, queues and
 * pools). A direct {@code Unsafe.park} without a blocker is a park on jremix's {@code UnsafePark}, and with no
 * parked class in JFR: both are counted as {@link #NO_BLOCKER}. {@code LockSupport} parks without a blocker are
 * not in jremix's table (only their total, over all threads), so a workload thread making one shows as a
 * {@link #NO_BLOCKER} park in JFR that jremix lacks.
 */
final class ParkOracle {
    /** The class of a park whose thread had no blocker: JFR has none, jremix files direct Unsafe.park calls so. */
    static final String NO_BLOCKER = "(no blocker)";
    private static final String UNSAFE_PARK = "io.jremix.probe.park.UnsafePark";
    private static final String SETTINGS = "threadpark.jfc";

    /** Parks that ended and their summed thread-time. */
    record Tally(long parks, double threadTimeMs) {
        Tally plus(Tally other) {
            return new Tally(parks + other.parks, threadTimeMs + other.threadTimeMs);
        }
    }

    /** Both tools' tallies per blocker class, for the threads of one prefix. */
    record Result(String workload, Jremix.Run run, Map<String, Tally> jremix, Map<String, Tally> jfr) {
        /** Where the two disagree, for a failure message. */
        String describe() {
            return summary() + run.stderr();
        }

        /** Each tool's parks per class, JFR's then jremix's. */
        List<Map<String, Long>> parks() {
            return List.of(parks(jfr), parks(jremix));
        }

        private static Map<String, Long> parks(Map<String, Tally> tallies) {
            Map<String, Long> out = new TreeMap<>();
            tallies.forEach((c, t) -> out.put(c, t.parks()));
            return out;
        }

        /** A line per class: each tool's parks and thread-time. */
        String summary() {
            Set<String> classes = new TreeSet<>(jfr.keySet());
            classes.addAll(jremix.keySet());
            StringBuilder out = new StringBuilder();
            for (String c : classes) {
                Tally f = jfr.getOrDefault(c, new Tally(0, 0));
                Tally j = jremix.getOrDefault(c, new Tally(0, 0));
                out.append(String.format(Locale.ROOT, "%s %s: JFR %d parks %.2f ms, jremix %d parks %.2f ms%n",
                        workload, c, f.parks(), f.threadTimeMs(), j.parks(), j.threadTimeMs()));
            }
            return out.toString();
        }
    }

    private ParkOracle() {
    }

    /** Runs the workload {@code io.jremix.workloads.park.<name>}, counting the parks of threads named {@code <name>-...}. */
    static Result run(Path dir, String name, String... args) throws IOException, InterruptedException {
        return runCounting(dir, name + "-", name, args);
    }

    /** Runs the workload {@code io.jremix.workloads.park.<name>}, counting the parks of threads named {@code prefix...}. */
    static Result runCounting(Path dir, String prefix, String name, String... args) throws IOException, InterruptedException {
        return runMain(dir, SETTINGS, prefix, Jremix.WORKLOADS.toString(), "io.jremix.workloads.park." + name, args);
    }

    /**
     * Runs {@code main} from {@code classPath} with a JFR recording made with the settings {@code jfc} (a resource
     * here), counting the parks of threads named {@code prefix...}.
     */
    static Result runMain(Path dir, String jfc, String prefix, String classPath, String main, String... args)
            throws IOException, InterruptedException {
        Path settings = dir.resolve(jfc);
        try (InputStream in = ParkOracle.class.getResourceAsStream(jfc)) {
            Files.copy(in, settings);
        }
        Path report = dir.resolve("park.json");
        Path recording = dir.resolve("park.jfr");
        Jremix.Run run = Jremix.main(List.of("-XXgetparkcontention:report=" + report + ",rows=0",
                "-XX:StartFlightRecording:filename=" + recording + ",settings=" + settings), classPath, main, args);
        if (run.exit() != 0) {
            throw new AssertionError("exit " + run.exit() + "\n" + run.stderr());
        }
        String simpleName = main.substring(main.lastIndexOf('.') + 1);
        return new Result(String.join(" ", simpleName, String.join(" ", args)).trim(), run,
                jremix(Jremix.json(report), prefix), jfr(recording, prefix));
    }

    /** jremix's ended parks per class, over the blockers first parked on by a thread of the prefix. */
    static Map<String, Tally> jremix(Map<String, Object> report, String prefix) {
        Map<String, Tally> out = new TreeMap<>();
        for (Map<String, Object> b : ParkReports.blockers(report)) {
            if (((String) b.get("threadName")).startsWith(prefix)) {
                long ended = ParkReports.ended(b);
                String cls = (String) b.get("className");
                out.merge(cls.equals(UNSAFE_PARK) ? NO_BLOCKER : cls, new Tally(ended, ParkReports.number(b, "parkThreadTimeMs")),
                        Tally::plus);
            }
        }
        return out;
    }

    /** JFR's {@code jdk.ThreadPark} events per parked class, over the threads of the prefix. */
    static Map<String, Tally> jfr(Path recording, String prefix) throws IOException {
        Map<String, Tally> out = new TreeMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            RecordedThread t = e.getThread();
            if (!e.getEventType().getName().equals("jdk.ThreadPark") || t == null || t.getJavaName() == null
                    || !t.getJavaName().startsWith(prefix)) {
                continue;
            }
            RecordedClass c = e.getClass("parkedClass");
            out.merge(c == null ? NO_BLOCKER : c.getName(), new Tally(1, e.getDuration().toNanos() / 1e6),
                    Tally::plus);
        }
        return out;
    }

    /** JFR's {@code jdk.ThreadPark} events whose stack has a frame of {@code method} in {@code className}. */
    static long jfrParksIn(Path recording, String className, String method) throws IOException {
        long parks = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            if (e.getEventType().getName().equals("jdk.ThreadPark") && e.getStackTrace() != null
                    && e.getStackTrace().getFrames().stream().anyMatch(f -> f.getMethod().getName().equals(method)
                            && f.getMethod().getType().getName().equals(className))) {
                parks++;
            }
        }
        return parks;
    }

    /**
     * JFR's contended monitor enters and parks, by threads of the prefix, on a lock of jremix's: a monitor whose
     * class or entering method (the top frame) is jremix's, or a park whose blocker's class is. The workloads'
     * own classes do not count. One line per event.
     */
    static List<String> waitsOnJremix(Path recording, String prefix) throws IOException {
        List<String> out = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            RecordedThread t = e.getThread();
            if (t == null || t.getJavaName() == null || !t.getJavaName().startsWith(prefix)) {
                continue;
            }
            String type = e.getEventType().getName();
            if (type.equals("jdk.JavaMonitorEnter")) {
                List<RecordedFrame> frames = e.getStackTrace() == null ? List.of() : e.getStackTrace().getFrames();
                String method = frames.isEmpty() ? "" : frames.get(0).getMethod().getType().getName();
                String monitor = e.getClass("monitorClass") == null ? "" : e.getClass("monitorClass").getName();
                if (isJremix(monitor) || isJremix(method)) {
                    out.add(type + " " + monitor + " in " + method + " by " + t.getJavaName() + ", " + e.getDuration());
                }
            } else if (type.equals("jdk.ThreadPark") && e.getClass("parkedClass") != null
                    && isJremix(e.getClass("parkedClass").getName())) {
                out.add(type + " " + e.getClass("parkedClass").getName() + " by " + t.getJavaName());
            }
        }
        return out;
    }

    private static boolean isJremix(String className) {
        return className.startsWith("io.jremix.") && !className.startsWith("io.jremix.workloads.");
    }
}
