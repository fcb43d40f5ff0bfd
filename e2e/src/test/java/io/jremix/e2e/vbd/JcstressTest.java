package io.jremix.e2e.vbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import io.jremix.e2e.Jremix;
import io.jremix.jcstress.results.ForkResult;
import io.jremix.jcstress.results.JcstressRun;
import io.jremix.jcstress.results.ResultFile;
import io.jremix.jcstress.results.TestCatalogue;
import io.jremix.jcstress.results.TestOutcomes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A few of jremix's own jcstress tests (module {@code jcstress}) run by jcstress itself, plain and under
 * {@code bin/jremix -XX:+VBD}: the host JVM is started under VBD and jcstress copies its JVM options into every fork.
 * Under VBD no test may show an outcome that is not sequentially consistent, and no fork may fail; plain {@code java}
 * must show store buffering, so that the test can fail. {@code bench/run-jcstress} runs all the tests in every JVM
 * configuration; this is the short version: one configuration (C2 only, where the JIT reorders and hoists most; on
 * JDK 17 jcstress adds a fork with and one without biased locking), one iteration of half a second per fork.
 */
class JcstressTest {
    private static final String P = "io.jremix.jcstress.";
    /**
     * Store buffering through fields and through an array, message passing, read-read coherence and the spin loop. On
     * x86 with C2, plain java shows store buffering and the hoisted loop in every run, message passing's and
     * coherence's (1, 0) in most (C2 orders the two plain loads either way).
     */
    private static final List<String> SUBSET = List.of("StoreBufferingFields", "StoreBufferingArrays",
            "MessagePassingFields", "CoherenceFields", "SpinLoopField");
    private static final List<String> SHORT = List.of("-m", "quick", "-sc", "false", "-jvmArgs", "-XX:-TieredCompilation",
            "-f", "1", "-iters", "1", "-time", "500");
    /** The plain run that showed no store buffering is run again, up to this many runs in all (see below). */
    private static final int PLAIN_ATTEMPTS = 3;
    /** A test with too few trials under VBD is run again, up to this many runs in all (see below). */
    private static final int VBD_ATTEMPTS = 3;
    private static final List<String> VBD = List.of(Jremix.HOME.resolve("bin/jremix").toString(), "-XX:+VBD");
    private static final TestCatalogue CATALOGUE = TestCatalogue.fromClassPath();

    @TempDir
    static Path dir;
    private static JcstressRun vbd;
    private static List<ForkResult> vbdForks;
    private static Jremix.Run vbdRun;
    private static JcstressRun plain;

    /**
     * Runs the subset under VBD, then plain without the spin loop: plain, C2 hoists its flag and jcstress waits 30 s
     * before it records the loop as stale, which {@code bench/run-jcstress} shows in every configuration.
     */
    @BeforeAll
    static void runBothWays() throws Exception {
        Path work = Files.createDirectories(dir.resolve("vbd"));
        List<String> command = new ArrayList<>(VBD);
        command.addAll(jcstress(SUBSET));
        vbdRun = Jremix.exec(command, work);
        vbdForks = ResultFile.read(ResultFile.in(work));
        vbd = JcstressRun.of(CATALOGUE.select(regex(SUBSET)), vbdForks, Runtime.getRuntime().availableProcessors());
        vbd.ran().values().forEach(t -> System.out.println("VBD   " + t.name() + " " + t.counts()));
        plain = plain(SUBSET.stream().filter(t -> !t.startsWith("SpinLoop")).toList(), "plain");
        plain.ran().values().forEach(t -> System.out.println("plain " + t.name() + " " + t.counts() + " " + t.messages()));
    }

    private static String regex(List<String> tests) {
        return "^" + P.replace(".", "\\.") + "(" + String.join("|", tests) + ")$";
    }

    private static List<String> jcstress(List<String> tests) {
        List<String> args = new ArrayList<>(List.of("-jar", Jremix.JCSTRESS.toString(), "-t", regex(tests)));
        args.addAll(SHORT);
        return args;
    }

    @Test
    void noForkFailsUnderVbd() {
        String errors = String.join("\n", vbd.errors());
        assertTrue(errors.isEmpty(), (errors.contains("AffinitySupport") ? "jcstress could not pin its actors to CPUs"
                + " under VBD (sched_setaffinity through JNA failed): VBD must leave the declarations of JNA's Structure"
                + " fields alone; jcstress's -af NONE avoids the call\n" : "") + errors);
        assertTrue(vbd.notRun().isEmpty(), vbd.notRun() + "\n" + vbdRun.stdout());
    }

    @Test
    void everyForkRanUnderVbd() {
        assertTrue(vbdForks.size() >= SUBSET.size(), vbdForks.toString());
        for (ForkResult f : vbdForks) {
            assertTrue(f.jvmArgs().stream().anyMatch(a -> a.startsWith("-javaagent:") && a.endsWith("=-XX:+VBD")),
                    f.test() + " " + f.jvmArgs());
        }
    }

    /**
     * On a loaded machine a half-second run can end with too few trials to say anything; such a test runs again under
     * VBD alone, at most {@value #VBD_ATTEMPTS} runs in all, until the runs together have enough. Every run counts:
     * one non-SC outcome in any of them fails the test.
     */
    @Test
    void vbdForbidsEveryNonScOutcome() throws Exception {
        for (String test : SUBSET) {
            TestOutcomes t = vbd.ran().get(P + test);
            assertTrue(t != null, test + " did not run under VBD:\n" + vbdRun.stdout());
            // a termination sample is one run of the loop; a continuous one is one trial of the actors
            long minimum = test.startsWith("SpinLoop") ? 10 : 10_000;
            long samples = t.samples();
            assertEquals(0, t.nonSc(), test + ": non-SC outcomes under VBD " + t.nonScCounts() + " of " + t.counts());
            for (int attempt = 2; attempt <= VBD_ATTEMPTS && samples < minimum; attempt++) {
                TestOutcomes again = run(List.of(test), "vbd-" + test + "-" + attempt, VBD).ran().get(P + test);
                System.out.println("VBD again " + again.name() + " " + again.counts());
                assertEquals(0, again.nonSc(), test + ": non-SC outcomes under VBD " + again.nonScCounts() + " of "
                        + again.counts());
                samples += again.samples();
            }
            assertTrue(samples >= minimum, test + " ran too little to say anything in " + VBD_ATTEMPTS + " runs: "
                    + samples + " samples, the last " + t.counts());
        }
    }

    /**
     * Store buffering shows on x86 whenever both actors run at the same time, and jcstress lines them up every few
     * hundred trials; in the runs made here, plain store buffering showed (0, 0) in a quarter or more of millions of
     * trials. On a loaded 2-core machine the kernel could still keep the two actors from running at the same time for
     * a whole half-second run,
     * so after a run without (0, 0) store buffering runs again alone, at most {@value #PLAIN_ATTEMPTS} runs in all: a VBD
     * that did not order these stores would still fail the test above, and this one fails only if plain java never
     * shows the weak outcome, which would mean the test cannot fail.
     */
    @Test
    void plainJavaShowsStoreBuffering() throws Exception {
        assertTrue(plain.errors().isEmpty(), String.join("\n", plain.errors()));
        TestOutcomes sb = plain.ran().get(P + "StoreBufferingFields");
        for (int attempt = 2; attempt <= PLAIN_ATTEMPTS && sb.nonSc() == 0; attempt++) {
            sb = plain(List.of("StoreBufferingFields"), "plain-" + attempt).ran().get(P + "StoreBufferingFields");
            System.out.println("plain again " + sb.name() + " " + sb.counts());
        }
        assertTrue(sb.nonSc() > 0, "plain java never showed store buffering, so the VBD test could not fail: "
                + sb.counts());
    }

    private static JcstressRun plain(List<String> tests, String name) throws Exception {
        return run(tests, name, List.of(Jremix.java()));
    }

    /** Runs {@code tests} with the JVM command {@code launcher} in a directory of its own called {@code name}. */
    private static JcstressRun run(List<String> tests, String name, List<String> launcher) throws Exception {
        Path work = Files.createDirectories(dir.resolve(name));
        List<String> command = new ArrayList<>(launcher);
        command.addAll(jcstress(tests));
        Jremix.Run run = Jremix.exec(command, work);
        JcstressRun result = JcstressRun.read(work, CATALOGUE, regex(tests), Runtime.getRuntime().availableProcessors());
        assertTrue(result.notRun().isEmpty(), result.notRun() + "\n" + run.stdout());
        return result;
    }

    @Test
    void theSubsetIsTheDeclaredOne() {
        assertEquals(SUBSET.stream().map(t -> P + t).sorted().collect(Collectors.toList()),
                List.copyOf(CATALOGUE.select(regex(SUBSET)).keySet()));
    }
}
