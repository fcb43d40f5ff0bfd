package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Attaching again and again leaves nothing behind: a service started with plain java gets {@value #ROUNDS} rounds
 * of an attached detection with re-armed windows (JFR samples the running classes between them) and park profiling,
 * started by one command, a dump, and one {@code stop} that ends both. After round 2 and after the last: no
 * {@code CacheSite} on the heap; after the last, the Java threads of before the first attach and JFR's own, which
 * stay once JFR has started in a JVM (compiler threads, which HotSpot starts and ends as it needs, left out); from
 * round 2 to the last, the live heap and metaspace grow by less than the bounds below. The service's output is its
 * own, and its stderr has no line of the JVM's about the boot class path. About 30 s.
 */
class AttachChurnTest {
    private static final int ROUNDS = 4;
    private static final String SERVICE = Jremix.PACKAGE + "LiveService";
    /** JFR's Java threads, started with JFR in a JVM and never ended. */
    private static final Set<String> JFR_THREADS = Set.of("JFR Recorder Thread", "JFR Periodic Tasks");
    /**
     * Growth allowed from round 2 to round {@value #ROUNDS}. From round 2 to 5, the live heap after a full collection
     * moved by +1 KB (JDK 17) and -2 KB (Temurin 25) on a loaded machine; before jremix released its sites and kept
     * one park state per thread, about 50 KB a round. Metaspace keeps the older versions of the classes retransformed
     * each round while anything still runs or inlines them: +845 KB and +850 KB from round 2 to 5 (docs/attach.md).
     */
    private static final long HEAP_GROWTH_KB = 64;
    private static final long METASPACE_GROWTH_KB = 2048;
    private static final long JREMIX_THREADS_END_MILLIS = 60_000;
    private static final Pattern JAVA_THREAD = Pattern.compile("^\"(.*)\" #\\d+ ");
    private static final Pattern COMPILER_THREAD = Pattern.compile("C\\d CompilerThread\\d+");
    /** VM.metaspace's total, JDK 17 and 25 alike: the used figure of the first "Both:" line after "Total Usage". */
    private static final Pattern METASPACE_USED = Pattern.compile(
            "(?s)Total Usage.*?Both:.*?([0-9.]+) (KB|MB) \\(\\s*<?\\d+%\\) used");
    private static final Pattern TOTAL = Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)");
    /** A class histogram's row: {@code num: instances bytes class}. */
    private static final Pattern CACHE_SITES = Pattern.compile(
            "(?m)^\\s*\\d+:\\s+(\\d+)\\s+\\d+\\s+io\\.jremix\\.probe\\.cache\\.CacheSite$");

    @TempDir
    Path dir;

    /** The service between rounds. */
    private record State(Set<String> threads, long cacheSites, long liveHeapKb, long metaspaceKb) {
    }

    @Test
    void roundsOfAttachLeaveNoThreadNoSiteAndBoundedMemory() throws Exception {
        try (LiveProgram service = LiveProgram.start(List.of(), SERVICE, "4")) {
            service.awaitLine("serving");
            long pid = service.pid();
            AttachTest.awaitIdle(pid); // the JVM's Attach Listener, started by the first attach, is there before
            Set<String> before = state(pid).threads();
            State second = null;
            for (int round = 1; round <= ROUNDS; round++) {
                attach(pid, "-remix:detect", "-XX:REMIXWindow=1", "-XX:REMIXMaxWindow=1", "-XX:REMIXRearm=1",
                        "-XX:REMIXBudget=0", "-XX:REMIXReport=" + dir.resolve("remix.json"), "-XXgetparkcontention");
                attach(pid, "dump");
                attach(pid, "stop");
                AttachTest.awaitIdle(pid);
                if (round == 2) {
                    second = state(pid);
                    assertEquals(0, second.cacheSites());
                }
            }
            State last = state(pid);
            assertEquals(0, last.cacheSites());
            Set<String> added = new TreeSet<>(last.threads());
            added.removeAll(before);
            assertTrue(JFR_THREADS.containsAll(added), "threads left behind: " + added);
            assertTrue(last.threads().containsAll(before), "threads before: " + before + ", after: " + last.threads());
            String growth = "round 2 " + second + ", round " + ROUNDS + " " + last;
            assertTrue(last.liveHeapKb() - second.liveHeapKb() < HEAP_GROWTH_KB, growth);
            assertTrue(last.metaspaceKb() - second.metaspaceKb() < METASPACE_GROWTH_KB, growth);
            service.send("stop");
            Jremix.Run run = service.finish();
            AttachTest.assertServed(run);
            assertFalse(run.stderr().contains("bootstrap classpath has been appended"), run.stderr());
        }
    }

    private static void attach(long pid, String... args) throws IOException, InterruptedException {
        Jremix.Run run = AttachTest.attach(pid, args);
        assertEquals(0, run.exit(), String.join(" ", args) + ": " + run.stdout() + run.stderr());
    }

    /**
     * One jcmd for three commands: the threads, a class histogram (after a full collection), the metaspace; again
     * while a thread of jremix's runs: {@code status} is idle once the last class is restored, a moment before the
     * detector's thread has ended and let go of what it held.
     */
    private State state(long pid) throws IOException, InterruptedException {
        Path commands = Files.writeString(dir.resolve("jcmd.txt"), "Thread.print\nGC.class_histogram\nVM.metaspace\n");
        long deadline = System.currentTimeMillis() + JREMIX_THREADS_END_MILLIS;
        String out;
        Set<String> threads;
        do {
            Jremix.Run run = Jremix.exec(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(pid), "-f", commands.toString()));
            assertEquals(0, run.exit(), run.stdout() + run.stderr());
            out = run.stdout();
            threads = javaThreads(out);
        } while (threads.stream().anyMatch(t -> t.startsWith("jremix-")) && System.currentTimeMillis() < deadline);
        Matcher sites = CACHE_SITES.matcher(out);
        Matcher total = TOTAL.matcher(out);
        Matcher metaspace = METASPACE_USED.matcher(out);
        assertTrue(total.find() && metaspace.find(), out);
        return new State(threads, sites.find() ? Long.parseLong(sites.group(1)) : 0,
                Long.parseLong(total.group(1)) / 1024,
                Math.round(Double.parseDouble(metaspace.group(1)) * (metaspace.group(2).equals("MB") ? 1024 : 1)));
    }

    /** The Java threads of a thread dump, but for compiler threads, which HotSpot starts and ends as it needs. */
    private static Set<String> javaThreads(String threadDump) {
        Set<String> threads = new TreeSet<>();
        for (String line : threadDump.lines().toList()) {
            Matcher m = JAVA_THREAD.matcher(line);
            if (m.find() && !COMPILER_THREAD.matcher(m.group(1)).matches()) {
                threads.add(m.group(1));
            }
        }
        return threads;
    }
}
