package io.jremix.e2e.cache.repair;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jremix.e2e.Jremix;
import io.jremix.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Padding at class load: from a profile, learned then applied, online for later copies, behaviour unchanged. */
class RepairTest {
    private static final String RING = "io.jremix.workloads.cache.SpscQueue$Ring";
    private static final String CELL = "io.jremix.workloads.cache.BaseTest$VolatileLong";
    private static final String COUNTER = "io.jremix.workloads.cache.InterfaceReceivers$Counter";
    private static final String QUEUE = "io.jremix.workloads.cache.InheritedTail$Queue";
    private static final String ATOMIC_REFERENCE = "java.util.concurrent.atomic.AtomicReference";
    private static final String CP = System.getProperty("java.class.path");
    private static final int LINE = 64;
    /**
     * What JOL needs to read @Contended groups, record field offsets and the real instance size (trailing padding
     * included, through self-attach); not what jremix needs. Without the Serviceability Agent, whose attach took
     * 2.5 of a JVM's 3.4 s at a load average of 10, JOL prints the same layouts (JDK 17 and Temurin 25).
     */
    private static final List<String> JOL = List.of("--add-exports", "java.base/jdk.internal.vm.annotation=ALL-UNNAMED",
            "-Djol.magicFieldOffset=true", "-Djdk.attach.allowAttachSelf=true", "-Djol.skipHotspotSAAttach=true");

    private static List<String> with(List<String> first, String... more) {
        List<String> l = new java.util.ArrayList<>(first);
        l.addAll(List.of(more));
        return l;
    }

    private static Path profile(Path dir, String... classesAndGroups) throws Exception {
        Path p = dir.resolve("profile.json");
        StringBuilder classes = new StringBuilder();
        for (int i = 0; i < classesAndGroups.length; i += 2) {
            classes.append(i == 0 ? "" : ",").append("{\"className\": \"").append(classesAndGroups[i])
                    .append("\", \"groups\": ").append(classesAndGroups[i + 1]).append(", \"runs\": 1, \"lastFound\": \"2026-11-22\"}");
        }
        Files.writeString(p, "{\"format\": \"jremix-repair-profile\", \"version\": 1, \"classes\": [" + classes + "]}");
        return p;
    }

    @Test
    void profilePadsHotFieldsALineFromEachOtherAndFromNeighbours(@TempDir Path dir) throws Exception {
        Path p = profile(dir, RING, "[[\"head\"], [\"tail\"]]", CELL, "[[\"value\"]]");
        Map<String, Layout> plain = Layout.parse(Jremix.exec(with(with(List.of(Jremix.java()), JOL.toArray(String[]::new)),
                "-cp", CP, LayoutPrinter.class.getName(), RING, CELL)).stdout());
        Jremix.Run run = Jremix.main(with(JOL, "-XX:REMIXProfile=" + p), CP, LayoutPrinter.class.getName(), RING, CELL);
        assertEquals(0, run.exit(), run.stderr());
        Map<String, Layout> padded = Layout.parse(run.stdout());

        assertEquals(8, Math.abs(plain.get(RING).offset("head") - plain.get(RING).offset("tail")), "adjacent before");
        Layout ring = padded.get(RING);
        assertTrue(Math.abs(ring.offset("head") - ring.offset("tail")) >= LINE, run.stdout());
        for (String f : List.of("head", "tail")) {
            assertTrue(ring.distanceToNeighbours(f) >= LINE, f + ": " + run.stdout());
        }
        assertTrue(padded.get(CELL).distanceToNeighbours("value") >= LINE, run.stdout());
        assertTrue(plain.get(CELL).distanceToNeighbours("value") < LINE);
        assertTrue(run.stderr().contains("REMIX: Transformed 2 klasses, padded fields: "), run.stderr());
    }

    @Test
    void withoutTheFlagTheAgentNamesTheFlagToAdd(@TempDir Path dir) throws Exception {
        Path p = profile(dir, RING, "[[\"head\"], [\"tail\"]]");
        String agent = Jremix.HOME.resolve("agent/target/jremix-agent.jar").toString();
        Jremix.Run run = Jremix.exec(with(with(List.of(Jremix.java()), JOL.toArray(String[]::new)),
                "-javaagent:" + agent + "=-XX:REMIXProfile=" + p, "-cp", CP, LayoutPrinter.class.getName(), RING));
        assertEquals(0, run.exit(), run.stderr());
        assertTrue(run.stderr().contains("padding needs -XX:-RestrictContended on the java command line"), run.stderr());
        Layout ring = Layout.parse(run.stdout()).get(RING);
        assertEquals(8, Math.abs(ring.offset("head") - ring.offset("tail")));
    }

    @Test
    void unusableProfileStopsTheJvmWithOneLineAndIsLeftAlone(@TempDir Path dir) throws Exception {
        for (String text : List.of("{broken", "{\"format\": \"other\"}", "{\"format\": \"jremix-repair-profile\", \"version\": 9}")) {
            Path p = dir.resolve("bad.json");
            Files.writeString(p, text);
            Jremix.Run run = Jremix.workload(List.of("-remix", "-XX:REMIXProfile=" + p), "SingleThread", "1000000");
            assertEquals(2, run.exit(), run.stderr());
            assertEquals("", run.stdout(), "the program must not start");
            assertEquals(1, run.stderrLines().size(), run.stderr());
            assertTrue(run.stderr().startsWith("jremix: error: unusable profile '" + p + "': "), run.stderr());
            assertEquals(text, Files.readString(p), "an unusable profile is never overwritten");
        }
    }

    /** A JSON layout's field offsets by name. */
    static Map<String, Long> offsets(Object layout) {
        Map<String, Long> out = new java.util.HashMap<>();
        Jremix.list(Jremix.map(layout).get("fields")).forEach(f -> out.put((String) f.get("name"), (Long) f.get("offset")));
        return out;
    }

    /**
     * Runs {@code workload} under {@code mode} at the test threshold, learning {@code dir/profile.json} and reporting
     * to {@code dir/first.json}, again if it missed too little to find anything ({@link Jremix#contendedWorkload}).
     */
    private static Jremix.Run learn(Path dir, String mode, String workload, String... args) throws Exception {
        Jremix.Run run = Jremix.contendedWorkload(List.of(mode, Jremix.TEST_THRESHOLD,
                "-XX:REMIXProfile=" + dir.resolve("profile.json"), "-XX:REMIXReport=" + dir.resolve("first.json")),
                workload, args);
        assertEquals(0, run.exit(), run.stderr());
        return run;
    }

    /** The finding on {@code className} of one of {@code kinds} in a JSON report; else the run's stderr fails the test. */
    private static Map<String, Object> finding(Path report, String className, List<String> kinds, Jremix.Run run)
            throws Exception {
        return Jremix.findings(Jremix.json(report)).stream()
                .filter(f -> f.get("className").equals(className) && kinds.contains(f.get("kind")))
                .findFirst().orElseThrow(() -> new AssertionError(run.stderr()));
    }

    @Test
    void learnThenRepair(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("profile.json");
        Path first = dir.resolve("first.json");
        Jremix.Run learn = learn(dir, "-remix", "SpscQueue", "3000000");
        Map<String, Object> ring = finding(first, RING, List.of("false-sharing"), learn);
        assertEquals("pad-next-run", Jremix.map(ring.get("repair")).get("status"));
        Map<String, Object> learned = Jremix.list(Jremix.map(Json.parse(Files.readString(p))).get("classes")).get(0);
        assertEquals(Map.of("className", RING, "groups", List.of(List.of("head"), List.of("tail")), "runs", 1L,
                "lastFound", learned.get("lastFound"), "layout", ring.get("layout")), learned,
                "the profile keeps the layout the finding was made on");

        Path second = dir.resolve("second.json");
        Jremix.Run repaired = Jremix.workload(List.of("-remix", "-XX:REMIXProfile=" + p, "-XX:REMIXReport=" + second),
                "SpscQueue", "3000000");
        assertEquals(0, repaired.exit(), repaired.stderr());
        Map<String, Object> doc = Jremix.json(second);
        List<Map<String, Object>> padded = Jremix.list(Jremix.map(doc.get("repair")).get("padded"));
        assertEquals(RING, padded.get(0).get("className"));
        assertEquals("profile", padded.get(0).get("source"));
        assertEquals(ring.get("layout"), padded.get(0).get("layoutBefore"), "before: the profile's layout");
        long before = (Long) Jremix.map(ring.get("layout")).get("instanceBytes");
        long added = (Long) Jremix.map(padded.get(0).get("layoutAfter")).get("instanceBytes") - before;
        assertEquals(List.of(before, added, added * (Long) padded.get(0).get("liveInstances")),
                List.of(padded.get(0).get("instanceBytesBefore"), padded.get(0).get("bytesAdded"),
                        padded.get(0).get("liveBytesAdded")), "what padding cost, in the JSON report: " + padded.get(0));
        Map<String, Long> after = offsets(padded.get(0).get("layoutAfter"));
        assertTrue(Math.abs(after.get("head") - after.get("tail")) >= LINE, "after: padded apart, " + after);
        assertEquals(8, Math.abs(offsets(ring.get("layout")).get("head") - offsets(ring.get("layout")).get("tail")));
        assertFalse(Jremix.findings(doc).stream().anyMatch(f -> f.get("className").equals(RING)
                && f.get("kind").equals("false-sharing")), repaired.stderr());
    }

    /**
     * A field that only one thread writes, on the line of its object's header, which another thread reads with every
     * interface call on the object: the calls are what miss, and the written field is what the profile pads away.
     * The run that learns makes {@link Jremix#INTERFACE_CALLS} calls; the repaired run needs no contention.
     */
    @Test
    void learnThenRepairAFieldBesideTheHeaderThatInterfaceCallsRead(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("profile.json");
        Path first = dir.resolve("first.json");
        Jremix.Run learn = learn(dir, "-remix:detect", "InterfaceReceivers", Jremix.INTERFACE_CALLS);
        Map<String, Object> counter = finding(first, COUNTER, List.of("false-sharing"), learn);
        Map<String, Object> writers = Jremix.map(counter.get("writers"));
        assertEquals(Set.of("count"), writers.keySet());
        assertEquals(1, ((List<?>) writers.get("count")).size(), "one thread writes it, the other only calls: " + writers);
        assertTrue(Jremix.list(counter.get("hits")).stream().anyMatch(h -> h.get("label").equals("(header)[8]")),
                "the calls' misses are on the header: " + counter.get("hits"));

        Path second = dir.resolve("second.json");
        Jremix.Run repaired = Jremix.workload(List.of("-remix", Jremix.TEST_THRESHOLD, "-XX:REMIXProfile=" + p,
                "-XX:REMIXReport=" + second), "InterfaceReceivers", "20000000");
        assertEquals(0, repaired.exit(), repaired.stderr());
        Map<String, Object> doc = Jremix.json(second);
        Map<String, Object> padded = Jremix.list(Jremix.map(doc.get("repair")).get("padded")).get(0);
        assertEquals(COUNTER, padded.get("className"));
        assertTrue(offsets(padded.get("layoutAfter")).get("count") >= LINE, "after: a line past the header, "
                + padded.get("layoutAfter"));
        assertFalse(Jremix.findings(doc).stream().anyMatch(f -> f.get("className").equals(COUNTER)), repaired.stderr());
    }

    /**
     * The shape of Netty 4.0.20's MpscLinkedQueue: the producer swaps the value the queue inherits from
     * AtomicReference, the consumer writes the queue's own head beside it. The finding names the queue, the profile
     * pads the queue's own field a line away, AtomicReference keeps its 16 bytes, and the report says what the
     * padding cost: the bytes an instance before and after (as the JVM allocates it), times the live instances (the
     * JSON keys of the same figures: RepairReportTest). Two JVMs, the layout before read in this one: 7.9 s on
     * JDK 17, 12.3 s on Temurin 25, at load averages of 7.
     */
    @Test
    void aFieldInheritedFromAJdkClassIsPaddedAwayInTheProgramsClass(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("profile.json");
        Path first = dir.resolve("first.json");
        Jremix.Run learn = learn(dir, "-remix", "InheritedTail", "2000000");
        Map<String, Object> queue = finding(first, QUEUE, Jremix.FALSE_SHARING, learn);
        assertTrue(Jremix.strings(queue.get("fields")).containsAll(List.of("AtomicReference.value", "head")),
                "both fields, the inherited one named with its class: " + queue.get("fields"));
        assertEquals("pad-next-run", Jremix.map(queue.get("repair")).get("status"));
        assertFalse(Jremix.findings(Jremix.json(first)).stream().anyMatch(f -> f.get("className").equals(ATOMIC_REFERENCE)),
                learn.stderr());
        List<Map<String, Object>> learned = Jremix.list(Jremix.map(Json.parse(Files.readString(p))).get("classes"));
        assertEquals(List.of(QUEUE), learned.stream().map(c -> c.get("className")).toList());
        assertEquals(List.of(List.of("head")), learned.get(0).get("groups"), "the queue's own field, alone");

        Layout plain = Layout.of(Class.forName(QUEUE, false, getClass().getClassLoader()));
        Jremix.Run run = Jremix.main(with(JOL, "-XX:REMIXProfile=" + p), CP, LayoutPrinter.class.getName(), QUEUE,
                ATOMIC_REFERENCE);
        assertEquals(0, run.exit(), run.stderr());
        Map<String, Layout> padded = Layout.parse(run.stdout());
        Layout q = padded.get(QUEUE);
        assertEquals(4, plain.offset("head") - plain.offset("value"), "side by side before");
        assertEquals(12, q.offset("value"), "the inherited field stays where AtomicReference puts it");
        assertTrue(q.offset("head") - (q.offset("value") + 4) >= LINE, "its own field a line away: " + run.stdout());
        assertTrue(q.allocated() - (q.offset("head") + 4) >= LINE, "and a line from the next object: " + run.stdout());
        assertEquals(16, padded.get(ATOMIC_REFERENCE).size(), "AtomicReference is not grown: " + run.stdout());
        assertEquals(16, padded.get(ATOMIC_REFERENCE).allocated());
        long added = q.allocated() - plain.size();
        assertTrue(run.stderr().contains("REMIX: Padded " + QUEUE + ": " + plain.size() + " -> " + q.allocated()
                + " bytes an instance (+" + added + "); 1 live at exit, +" + added + " bytes."),
                "the sizes the JVM allocates, and the one queue LayoutPrinter keeps: " + run.stderr() + run.stdout());
    }

    @Test
    void onlineRepairPadsCopiesThatLoadAfterTheFinding(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("r.json");
        Jremix.Run run = Jremix.main(with(JOL, "-remix", Jremix.TEST_THRESHOLD, "-XX:REMIXWindow=30",
                        "-XX:REMIXMaxWindow=60", "-XX:REMIXReport=" + report), CP,
                ReloadedContention.class.getName(), "20000000", "60");
        assertEquals(0, run.exit(), run.stderr());
        Map<String, Layout> layouts = Layout.parse(run.stdout());
        assertTrue(layouts.get("first").distanceToNeighbours("value") < LINE, run.stdout());
        assertTrue(layouts.get("second").distanceToNeighbours("value") >= LINE, run.stdout() + run.stderr());
        List<Map<String, Object>> padded = Jremix.list(Jremix.map(Jremix.json(report).get("repair")).get("padded"));
        assertEquals(HotCells.class.getName() + "$Cell", padded.get(0).get("className"));
        assertEquals("online", padded.get(0).get("source"));
    }

    @Test
    void paddedClassesBehaveTheSame(@TempDir Path dir) throws Exception {
        String b = RepairedBehaviour.class.getName();
        Path p = profile(dir, b + "$Counter", "[[\"hits\"], [\"misses\"]]", b + "$Implicit", "[[\"left\"], [\"right\"]]",
                b + "$Point", "[[\"x\"], [\"y\"]]", b + "$Base", "[[\"first\"], [\"second\"]]");
        Jremix.Run plain = Jremix.exec(with(with(List.of(Jremix.java()), JOL.toArray(String[]::new)), "-cp", CP, b));
        Jremix.Run padded = Jremix.main(with(JOL, "-XX:REMIXProfile=" + p), CP, b);
        assertEquals(0, plain.exit(), plain.stderr());
        assertEquals(0, padded.exit(), padded.stderr());
        assertEquals(behaviour(plain.stdout()), behaviour(padded.stdout()));
        assertTrue(behaviour(plain.stdout()).contains("roundTripEquals=true"), plain.stdout());
        Map<String, Layout> before = Layout.parse(plain.stdout());
        Map<String, Layout> after = Layout.parse(padded.stdout());
        for (String cls : List.of(b + "$Counter", b + "$Implicit", b + "$Point", b + "$Base", "copy")) {
            assertNotEquals(before.get(cls).size(), after.get(cls).size(), cls + " was padded");
        }
        assertTrue(padded.stderr().contains("REMIX: Transformed 4 klasses"), padded.stderr());
    }

    private static String behaviour(String stdout) {
        return String.join("\n", stdout.lines().filter(l -> !l.startsWith("layout ")).toList());
    }
}
