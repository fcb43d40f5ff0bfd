package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's command blocks, run verbatim where a newcomer pastes them. A block fenced {@code ```sh} is for a clone
 * after its build and for the unpacked distribution, {@code ```sh clone} for a clone only (it unpacks the archive
 * the build made), {@code ```sh build} is Maven (the build these tests follow, and the tests themselves). Each block
 * run must exit 0, and its output must hold every line of the {@code ```text} block right after it, lines marked
 * {@code [...]} left out, as a prefix (a pasted line may be cut), up to what differs run to run.
 *
 * <p>The {@code sh} blocks run in the unpacked distribution, which no other test runs examples from; in the checkout,
 * whose {@code bin/jremix} every other end-to-end test runs, the files they name must exist: running them twice
 * would double this test's cost (the demo alone takes 6 to 17 s).
 */
@Tag(Jremix.SAME_ON_EVERY_JDK)
class ReadmeTest {
    private static final Path README = Jremix.HOME.resolve("README.md");
    private static final String LEFT_OUT = "[...]";
    /** The JDK's own frames: their line numbers are the JDK's, which differ between JDKs. */
    private static final Pattern JDK_LINE = Pattern.compile("(java\\.base/\\S+\\.java):\\d+");
    /** Identity hash codes, as the park table prints them. */
    private static final Pattern HASH = Pattern.compile("\\b[0-9a-f]{5,8}\\b");
    /** A relative file name in a command: bin/jremix, examples/jremix-workloads.jar. */
    private static final Pattern RELATIVE_PATH = Pattern.compile("(?<=^|\\s)[\\w.-]+/[\\w./-]+");
    /** Measured numbers; not those after a colon, the program's line numbers, which a stale README gets wrong. */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w:])\\d+(\\.\\d+)?(e[+-]\\d+)?");

    /** A command block, how its fence is marked ("" for both layouts, "clone", "build"), and its pasted output. */
    record Example(String where, String commands, List<String> output) {
        String name() {
            return commands.lines().findFirst().orElse("");
        }
    }

    @TempDir
    static Path home;
    @TempDir
    static Path unpacked;

    @TestFactory
    Stream<DynamicTest> runInTheUnpackedDistribution() throws Exception {
        assertTrue(examples(Files.readAllLines(README)).stream()
                .filter(e -> e.where().isEmpty() && !e.output().isEmpty()).count() >= 3,
                "the demo and an example per feature, each with its output");
        return run(e -> e.where().isEmpty(), DistributionTest.unpack(unpacked));
    }

    @TestFactory
    Stream<DynamicTest> runInTheCheckoutWhenForACloneOnly() throws Exception {
        return run(e -> e.where().equals("clone"), Jremix.HOME);
    }

    @Test
    void theFilesTheExamplesNameAreInTheCheckout() throws IOException {
        List<String> named = examples(Files.readAllLines(README)).stream().filter(e -> e.where().isEmpty())
                .flatMap(e -> RELATIVE_PATH.matcher(e.commands()).results().map(m -> m.group()))
                .distinct().toList();
        assertTrue(named.containsAll(List.of("bin/demo", "bin/jremix", "examples/jremix-workloads.jar")), named.toString());
        for (String path : named) {
            assertTrue(Files.isReadable(Jremix.HOME.resolve(path)), path + " in the checkout, built");
        }
    }

    /** What two runs measure differently compares equal; a program's line number that moved does not. */
    @Test
    void masksMeasurementsButNotTheProgramsLineNumbers() {
        assertEquals(normalized("REMIX: Traced 6.7 s in 1 window at 1:1000: 107004 accesses, ~6.97e+04 misses/s"),
                normalized("REMIX: Traced 4.0 s in 1 window at 1:1000: 212304 accesses, ~1.07e+05 misses/s"));
        assertEquals(normalized("PARK: worker-0  java.base/a.B.park(B.java:209)  669e95c7   16"),
                normalized("PARK: worker-1     java.base/a.B.park(B.java:217)  4bc7cb02            3"));
        assertNotEquals(normalized("PARK:   app//p.C.section3(C.java:115)"), normalized("PARK:   app//p.C.section3(C.java:102)"));
    }

    private static Stream<DynamicTest> run(Predicate<Example> here, Path dir) throws IOException {
        List<Example> examples = examples(Files.readAllLines(README)).stream().filter(here).toList();
        assertFalse(examples.isEmpty(), "no command block to run here");
        return examples.stream().map(e -> DynamicTest.dynamicTest(e.name(), () -> check(e, dir)));
    }

    private static void check(Example e, Path dir) throws Exception {
        Jremix.Launch launch = () -> Jremix.exec(List.of("bash", "-e", "-c", e.commands()), dir,
                Map.of("HOME", home.toString()));
        // a cache example is run again, as every detection test is, when the kernel kept its threads off each other
        Jremix.Run run = e.output().stream().anyMatch(l -> l.startsWith("REMIX: Traced "))
                ? Jremix.contended(launch, ReadmeTest::lines) : launch.run();
        assertEquals(0, run.exit(), e.commands() + "\n" + run.stdout() + run.stderr());
        List<String> printed = lines(run).stream().map(ReadmeTest::normalized).toList();
        for (String line : e.output()) {
            String expected = normalized(line);
            assertTrue(printed.stream().anyMatch(p -> p.startsWith(expected)),
                    "README's line '" + line + "' not printed by " + e.name() + ":\n" + run.stdout() + run.stderr());
        }
    }

    private static List<String> lines(Jremix.Run run) {
        return Stream.concat(run.stdoutLines().stream(), run.stderrLines().stream()).toList();
    }

    /** Each command block of the README, with the lines of the output block that follows it. */
    static List<Example> examples(List<String> readme) {
        List<Example> examples = new ArrayList<>();
        for (int i = 0; i < readme.size(); i++) {
            if (!readme.get(i).startsWith("```sh")) {
                continue;
            }
            String where = readme.get(i).substring("```sh".length()).strip();
            int end = closing(readme, i);
            String commands = String.join("\n", readme.subList(i + 1, end));
            int next = end + 1;
            while (next < readme.size() && readme.get(next).isBlank()) {
                next++;
            }
            List<String> output = List.of();
            if (next < readme.size() && readme.get(next).equals("```text")) {
                output = readme.subList(next + 1, closing(readme, next)).stream()
                        .filter(l -> !l.strip().equals(LEFT_OUT)).toList();
            }
            examples.add(new Example(where, commands, output));
            i = end;
        }
        return examples;
    }

    private static int closing(List<String> readme, int fence) {
        for (int i = fence + 1; i < readme.size(); i++) {
            if (readme.get(i).equals("```")) {
                return i;
            }
        }
        throw new AssertionError("README: the block at line " + (fence + 1) + " is not closed");
    }

    /** A line with what differs run to run masked, and runs of spaces (a table's columns) made one. */
    static String normalized(String line) {
        String s = JDK_LINE.matcher(line).replaceAll("$1:#");
        s = HASH.matcher(s).replaceAll("#");
        s = NUMBER.matcher(s).replaceAll("#");
        return s.replaceAll("\\s+", " ").strip();
    }
}
