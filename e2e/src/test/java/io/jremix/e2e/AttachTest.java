package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/jremix attach}: a service started with plain java, found falsely sharing while it serves, then
 * profiled for parks, and running unchanged afterwards; the control stays silent; every refusal is one line and
 * exit code 2.
 */
class AttachTest {
    private static final String SERVICE = Jremix.PACKAGE + "LiveService";
    private static final String TALLY = SERVICE + "$Tally";
    private static final String SEMAPHORE = "java.util.concurrent.Semaphore$NonfairSync";
    /**
     * What the JVM itself prints on the program's stderr when an agent is loaded into it (JDK 21+); jremix prints
     * nothing, and appends nothing to the boot class path, which would have a JVM sharing classes warn that
     * "Sharing is only supported for boot loader classes because bootstrap classpath has been appended".
     */
    private static final List<String> JVM_WARNINGS = List.of(
            "WARNING: A Java agent has been loaded dynamically", "WARNING: If a serviceability tool is in use",
            "WARNING: If a serviceability tool is not in use", "WARNING: Dynamic loading of agents will be disallowed");
    private static final long IDLE_TIMEOUT_MILLIS = 60_000;

    @TempDir
    Path dir;

    static Jremix.Run attach(long pid, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("attach", Long.toString(pid)));
        command.addAll(List.of(args));
        return Jremix.launch(command);
    }

    /**
     * Waits until jremix has nothing running in the program: after a window's report, classes whose methods were
     * running at its close are restored when those return, and a new detection waits for that.
     */
    static void awaitIdle(long pid) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + IDLE_TIMEOUT_MILLIS;
        Jremix.Run status = attach(pid, "status");
        while (!status.stdout().contains("jremix is not running there") && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
            status = attach(pid, "status");
        }
        assertEquals("jremix: process " + pid + " (Java " + System.getProperty("java.version")
                + "): jremix is not running there", status.stdout().strip(), status.stderr());
    }

    private static String oneErrorLine(Jremix.Run run) {
        assertEquals(2, run.exit(), run.stdout() + run.stderr());
        assertEquals(1, run.stderrLines().size(), run.stderr());
        assertTrue(run.stderr().startsWith("jremix: error: "), run.stderr());
        return run.stderr().strip();
    }

    /** The program said only what it says without jremix, and the JVM only its own agent warnings. */
    private static void assertUnchanged(Jremix.Run program) {
        assertServed(program);
        for (String line : program.stderrLines()) {
            assertTrue(line.isBlank() || JVM_WARNINGS.stream().anyMatch(line::startsWith),
                    "only the JVM's own warnings on the program's stderr:\n" + program.stderr());
        }
    }

    /** LiveService ended well after its {@code stop}: exit code 0, and its own two lines on stdout. */
    static void assertServed(Jremix.Run program) {
        assertEquals(0, program.exit(), program.stderr());
        List<String> out = program.stdout().lines().toList();
        assertEquals("serving", out.get(0));
        assertEquals(2, out.size(), program.stdout());
        assertTrue(out.get(1).matches("served [1-9][0-9]*"), program.stdout());
    }

    @Test
    void findsFalseSharingInARunningServiceThenProfilesItsParksAndLeavesItRunning() throws Exception {
        Path report = dir.resolve("remix.json");
        try (LiveProgram service = LiveProgram.start(List.of(), SERVICE, "4")) {
            service.awaitLine("serving");
            long pid = service.pid();
            awaitIdle(pid);

            Jremix.Run detect = Jremix.contended(() -> {
                awaitIdle(pid);
                return attach(pid, "-remix:detect", Jremix.TEST_THRESHOLD, "-XX:REMIXMaxWindow=20",
                        "-XX:REMIXReport=" + report);
            }, Jremix.Run::stdoutLines);
            assertEquals(0, detect.exit(), detect.stdout() + detect.stderr());
            assertTrue(detect.stdout().contains("REMIX: Hits for class '" + TALLY + "'"), detect.stdout());
            Map<String, Object> finding = Jremix.findings(Jremix.json(report)).stream()
                    .filter(f -> f.get("className").equals(TALLY)).findFirst().orElseThrow();
            assertEquals("false-sharing", finding.get("kind"));
            assertEquals(List.of("value"), finding.get("fields"));
            awaitIdle(pid);

            Jremix.Run park = attach(pid, "-XXgetparkcontention");
            assertEquals(0, park.exit(), park.stderr());
            assertTrue(park.stdout().contains("PARK: profiling parks and monitors since "), park.stdout());
            LocalTime since = LocalTime.parse(park.stdout().lines()
                    .filter(l -> l.startsWith("PARK: profiling parks and monitors since ")).findFirst()
                    .orElseThrow().split(" ")[6].replace(";", ""));
            assertEquals(Runtime.version().feature() >= 21, park.stdout().contains("jremix: note: the JVM printed a"
                    + " warning about a dynamically loaded agent"), "JDK 21+ warns; the note says how to silence it");
            assertTrue(oneErrorLine(attach(pid, "-XXgetparkcontention")).contains("park profiling already runs"));
            assertTrue(attach(pid, "status").stdout().contains("park profiling attached since "));
            Path dumped = dir.resolve("dump.json");
            LocalTime beforeDump = LocalTime.now();
            Jremix.Run dump = attach(pid, "dump", dumped.toString());
            LocalTime afterDump = LocalTime.now();
            assertEquals(0, dump.exit(), dump.stderr());
            assertTrue(dump.stdout().contains("PARK: Park contention at dump "), dump.stdout());
            Map<String, Object> first = Jremix.json(dumped);
            assertTrue(timesParked(first, SEMAPHORE) > 0, "workers wait for requests on semaphores");
            // the span starts when counting did, which the attach line names: it ends while the dump runs
            long end = millisOfDay(since) + Math.round(((Number) first.get("totalExecutionMs")).doubleValue());
            assertTrue(inDay(end - millisOfDay(beforeDump)) >= -1 && inDay(millisOfDay(afterDump) - end) >= -1,
                    "counting since " + since + ", the dump's span ends at " + LocalTime.ofNanoOfDay(Math.floorMod(end,
                            86_400_000L) * 1_000_000) + ", outside the dump's " + beforeDump + " to " + afterDump);
            try (JmxReader jmx = JmxReader.attach(pid)) { // its MBean waited for a JMX client to create the server
                jmx.await("ParkContention", "RowCount", Integer.class, rows -> rows > 0);
                stopParkProfilingTwice(pid, first, jmx);
            }

            assertTrue(service.alive());
            service.send("stop");
            assertUnchanged(service.finish());
        }
    }

    /**
     * Stops the attached park profiler, whose MBean goes at once, then attaches and stops it again: the MBean comes
     * back and goes again, and nothing of jremix's stays in the MBean server.
     */
    private void stopParkProfilingTwice(long pid, Map<String, Object> first, JmxReader jmx) throws Exception {
        Path stopped = dir.resolve("stop.json");
        Jremix.Run stop = attach(pid, "stop", stopped.toString());
        assertEquals(0, stop.exit(), stop.stderr());
        assertTrue(stop.stdout().contains("PARK: Park contention at stop "), stop.stdout());
        assertNoCountWentDown(first, Jremix.json(stopped));
        assertTrue(stop.stdout().contains("PARK: stopped; LockSupport runs its original code again."));
        assertFalse(jmx.registered("ParkContention"), "stop unregisters the MBean");
        awaitIdle(pid);
        assertTrue(oneErrorLine(attach(pid, "dump")).contains("park profiling is not running in process " + pid));

        Jremix.Run again = attach(pid, "-XXgetparkcontention");
        assertEquals(0, again.exit(), "a second attach after stop works: " + again.stderr());
        assertTrue(jmx.registered("ParkContention"), "registered anew, at once: the server exists now");
        assertEquals(0, attach(pid, "stop").exit());
        jmx.awaitNone();
    }

    private static long millisOfDay(LocalTime t) {
        return t.toNanoOfDay() / 1_000_000;
    }

    /** A difference of times of day, across midnight too (never more than a few minutes here). */
    private static long inDay(long millis) {
        long day = 86_400_000;
        long m = Math.floorMod(millis, day);
        return m > day / 2 ? m - day : m;
    }

    /**
     * Every count of the earlier park report is in the later one, at least as large: parks by blocker class,
     * blocked enters and waits by monitor class (rows come and go as blockers are collected, classes stay).
     */
    static void assertNoCountWentDown(Map<String, Object> earlier, Map<String, Object> later) {
        Map<String, Long> before = counts(earlier);
        Map<String, Long> after = counts(later);
        assertTrue(before.keySet().stream().anyMatch(k -> k.startsWith("parks ")), before.toString());
        before.forEach((key, count) -> assertTrue(after.getOrDefault(key, 0L) >= count,
                key + ": " + count + ", then " + after.get(key) + "\n" + before + "\n" + after));
    }

    private static Map<String, Long> counts(Map<String, Object> parkReport) {
        Map<String, Long> out = new TreeMap<>();
        for (Map<String, Object> b : LiveReportsTest.list(parkReport, "blockers")) {
            out.merge("parks " + b.get("className"), ((Number) b.get("timesParked")).longValue(), Long::sum);
        }
        for (Map<String, Object> m : LiveReportsTest.list(parkReport, "monitors")) {
            out.merge("enters " + m.get("className"), ((Number) m.get("contendedEnters")).longValue(), Long::sum);
            out.merge("waits " + m.get("className"), ((Number) m.get("waits")).longValue(), Long::sum);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static long timesParked(Map<String, Object> parkReport, String className) {
        return ((List<Map<String, Object>>) parkReport.get("blockers")).stream()
                .filter(b -> b.get("className").equals(className))
                .mapToLong(b -> ((Number) b.get("timesParked")).longValue()).sum();
    }

    @Test
    void reArmedWindowsRewriteTheReportUntilStop() throws Exception {
        Path report = dir.resolve("remix.json");
        try (LiveProgram service = LiveProgram.start(List.of(), SERVICE, "4")) {
            service.awaitLine("serving");
            long pid = service.pid();
            awaitIdle(pid);
            Jremix.Run detect = attach(pid, "-remix:detect", Jremix.TEST_THRESHOLD, "-XX:REMIXWindow=1",
                    "-XX:REMIXMaxWindow=2", "-XX:REMIXRearm=1", "-XX:REMIXReport=" + report, "-XX:REMIXBudget=0");
            assertEquals(0, detect.exit(), detect.stdout() + detect.stderr());
            assertTrue(detect.stdout().contains("REMIX: Windows re-open 1 s after each closes; each rewrites "
                    + report), detect.stdout());
            service.awaitReport(report, d -> LiveReportsTest.list(d, "windowHistory").size() >= 2);
            assertTrue(attach(pid, "status").stdout().contains("windows re-open 1 s after each closes"));

            Jremix.Run stop = attach(pid, "stop");
            assertEquals(0, stop.exit(), stop.stdout() + stop.stderr());
            assertTrue(stop.stdout().contains("REMIX: Ending detection"), stop.stdout());
            assertTrue(stop.stdout().contains("REMIX: Traced "), "the last report: " + stop.stdout());
            awaitIdle(pid);
            int windows = LiveReportsTest.list(Jremix.json(report), "windowHistory").size();
            assertTrue(windows >= 2, "the history stays in the last report: " + windows);
            assertTrue(oneErrorLine(attach(pid, "stop")).contains("nothing to stop"));

            service.send("stop");
            assertUnchanged(service.finish());
        }
    }

    /**
     * Also: the workers' loop ({@code LiveService.serve}) never returns, so its class cannot take probes (a running
     * method keeps its old code); the report names it, and the method, rather than leaving its accesses unseen.
     */
    @Test
    void aPaddedServiceStaysSilentAndTheLoopThatNeverReturnsIsNamed() throws Exception {
        Path report = dir.resolve("remix.json");
        try (LiveProgram service = LiveProgram.start(List.of(), SERVICE, "4", "padded")) {
            service.awaitLine("serving");
            Jremix.Run detect = attach(service.pid(), "-remix:detect", "-XX:REMIXMaxWindow=5",
                    "-XX:REMIXReport=" + report);
            assertEquals(0, detect.exit(), detect.stderr());
            assertTrue(detect.stdout().contains(" 0 findings."), detect.stdout());
            Map<String, Object> json = Jremix.json(report);
            assertEquals(List.of(), Jremix.findings(json));
            assertTrue(detect.stdout().contains("REMIX: Not traced, because one of their methods ran until the window"
                    + " closed"), detect.stdout());
            assertTrue(detect.stdout().lines().anyMatch(l -> l.startsWith("REMIX:   " + SERVICE + ", running ")
                    && l.contains(" serve")), detect.stdout());
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> running = (List<Map<String, Object>>) ((Map<String, Object>)
                    json.get("instrumentation")).get("runningThroughout");
            assertTrue(running.stream().anyMatch(r -> r.get("className").equals(SERVICE)
                    && ((List<?>) r.get("methods")).contains("serve")), running.toString());
            service.send("stop");
            assertUnchanged(service.finish());
        }
    }

    @Test
    void whatCannotStartInARunningProgramIsRefusedInOneLine() throws Exception {
        try (LiveProgram service = LiveProgram.start(List.of(), SERVICE, "1")) {
            service.awaitLine("serving");
            long pid = service.pid();
            assertTrue(oneErrorLine(attach(pid, "-XX:+VBD")).contains("volatile-by-default cannot start in a running"
                    + " program"));
            assertTrue(oneErrorLine(attach(pid, "-remix")).contains("cannot be padded"));
            assertTrue(oneErrorLine(attach(pid, "-remix:detect", "-XX:REMIXRearm=5")).contains("needs -XX:REMIXReport"));
            assertTrue(oneErrorLine(attach(pid, "-remix:detect", "-XX:REMIXWindow=soon")).contains("REMIXWindow"));
            assertTrue(oneErrorLine(attach(pid, "-cp", "x")).contains("not a jremix option: '-cp'"));
            Path deep = Files.writeString(dir.resolve("deep.json"), "[".repeat(5000) + "]".repeat(5000));
            assertEquals("jremix: error: unusable profile '" + deep + "': not valid JSON (JSON: nested deeper than 100"
                    + " at offset 100) (see bin/jremix --help)",
                    oneErrorLine(attach(pid, "-remix:detect", "-XX:REMIXProfile=" + deep)), "the agent's answer");
            assertTrue(oneErrorLine(attach(pid, "stop")).contains("nothing to stop in process " + pid));
            awaitIdle(pid);
            service.send("stop");
            assertUnchanged(service.finish());
        }
    }

    @Test
    void aProgramStartedWithDetectionGetsNoSecondDetector() throws Exception {
        try (LiveProgram service = LiveProgram.start(List.of("-remix:detect", "-XX:REMIXMaxWindow=600"), SERVICE,
                "1", "padded")) {
            service.awaitLine("serving");
            long pid = service.pid();
            assertTrue(attach(pid, "status").stdout().contains("started under jremix with -remix:detect"));
            assertTrue(oneErrorLine(attach(pid, "-remix:detect")).contains("started under jremix with cache"
                    + " detection"));
            assertTrue(service.alive());
        }
    }

    @Test
    void processesThatCannotBeAttachedToAreNamedInOneLine() throws Exception {
        assertEquals("jremix: error: no process with pid 2147483647",
                oneErrorLine(Jremix.launch(List.of("attach", "2147483647", "status"))));
        assertTrue(oneErrorLine(Jremix.launch(List.of("attach", "twelve", "status"))).contains("not a process id"));
        assertTrue(oneErrorLine(Jremix.launch(List.of("attach", "1"))).contains("a pid and what to do there"));
        Process notJava = new ProcessBuilder("sleep", "120").start();
        try {
            assertTrue(oneErrorLine(attach(notJava.pid(), "status")).contains("cannot attach to process "
                    + notJava.pid() + ": not a Java program (no JVM library in its memory map)"));
        } finally {
            notJava.destroy();
        }
    }

    /** Another user's JVM: run as root, the test starts one as nobody; otherwise there is none to try. */
    @Test
    void aJvmOfAnotherUserIsNamedInOneLine() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("user.name").equals("root")
                && Path.of("/usr/sbin/runuser").toFile().canExecute(), "needs root and runuser");
        Process other = new ProcessBuilder("/usr/sbin/runuser", "-u", "nobody", "--", Jremix.java(), "-cp",
                Jremix.WORKLOADS.toString(), SERVICE, "1").start();
        try {
            assertEquals("serving", new String(other.getInputStream().readNBytes(7)));
            long java = other.toHandle().descendants().findFirst().map(ProcessHandle::pid).orElse(other.pid());
            assertEquals("jremix: error: process " + java + " belongs to user nobody; run bin/jremix attach as nobody",
                    oneErrorLine(attach(java, "status")));
        } finally {
            other.toHandle().descendants().forEach(ProcessHandle::destroy);
            other.destroy();
        }
    }

    @Test
    void helpNamesEveryAction() throws Exception {
        Jremix.Run help = Jremix.launch(List.of("attach", "--help"));
        assertEquals(0, help.exit());
        for (String action : List.of("<jremix options>", "status", "dump [<file>]", "stop [<file>]")) {
            assertTrue(help.stdout().contains("bin/jremix attach <pid> " + action), help.stdout());
        }
    }
}
