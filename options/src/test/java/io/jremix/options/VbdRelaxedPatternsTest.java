package io.jremix.options;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VbdRelaxedPatternsTest {
    /**
     * What each line of the pattern table in docs/volatile-by-default.md must relax ({@code +}) and leave alone ({@code -}): a class, or
     * {@code class::member}.
     */
    private static final Map<String, List<String>> DOCUMENTED_TABLE = Map.of(
            "java/io/*.*", List.of("+java/io/File", "+java/io/sub/Thing", "+java/io/File::read", "-java/nio/File"),
            "com.example.*", List.of("+com/example/Ring", "+com/example/deep/Node", "-com/examples/Ring"),
            "com/example/Ring", List.of("+com/example/Ring", "+com/example/Ring::offer", "-com/example/Ring$Node"),
            "com.example.Ring::*", List.of("+com/example/Ring", "+com/example/Ring::offer", "-com/example/RingBuffer"),
            "com.example.Ring::offer", List.of("+com/example/Ring::offer", "-com/example/Ring",
                    "-com/example/Ring::poll", "-com/example/RingBuffer::offer"),
            "com.example.Ring.offer", List.of("+com/example/Ring::offer", "-com/example/Ring",
                    "-com/example/Ring::poll"),
            "com.example.*::count*", List.of("+com/example/deep/Thing::countDown", "+com/example/Ring::count",
                    "-com/example/Ring", "-com/example/Ring::size", "-org/example/Ring::count"),
            "com.example.Ring::<init>", List.of("+com/example/Ring::<init>", "-com/example/Ring",
                    "-com/example/Ring::<clinit>"));

    /** The patterns in the docs' table, the first word of each line of the code block under "Relaxed code". */
    private static List<String> documentedPatterns() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "docs", "volatile-by-default.md"));
        int heading = lines.indexOf("## Relaxed code");
        int open = heading + lines.subList(heading, lines.size()).indexOf("```");
        int close = open + 1 + lines.subList(open + 1, lines.size()).indexOf("```");
        List<String> patterns = new ArrayList<>();
        for (String line : lines.subList(open + 1, close)) {
            patterns.add(line.split("\\s+")[0]);
        }
        return patterns;
    }

    @Test
    void everyDocumentedPatternDoesWhatItSays() throws Exception {
        List<String> documented = documentedPatterns();
        assertEquals(DOCUMENTED_TABLE.keySet(), Set.copyOf(documented), "the docs' table and this test's cases");
        for (String pattern : documented) {
            VbdRelaxedPatterns p = of(pattern);
            for (String c : DOCUMENTED_TABLE.get(pattern)) {
                boolean relaxed = c.startsWith("+");
                String[] target = c.substring(1).split("::");
                boolean actual = target.length == 1 ? p.relaxesClass(target[0]) : p.relaxesMember(target[0], target[1]);
                assertEquals(relaxed, actual, pattern + " on " + c.substring(1));
            }
        }
    }

    /** Dotted without {@code ::}, the last dot starts the member, as in CompileCommand: this names no class. */
    @Test
    void dottedClassWithoutMemberNamesAMemberOfItsPackage() throws OptionException {
        VbdRelaxedPatterns p = of("com.example.Ring");
        assertFalse(p.relaxesClass("com/example/Ring"));
        assertTrue(p.relaxesMember("com/example", "Ring"));
    }

    private static VbdRelaxedPatterns of(String... lines) throws OptionException {
        return VbdRelaxedPatterns.parse("relaxed.txt", List.of(lines));
    }

    @Test
    void packageWildcardRelaxesWholeClasses() throws OptionException {
        VbdRelaxedPatterns p = of("java/io/*.*");
        assertTrue(p.relaxesClass("java/io/File"));
        assertTrue(p.relaxesClass("java/io/sub/Thing"));
        assertFalse(p.relaxesClass("java/nio/File"));
        assertTrue(p.relaxesMember("java/io/File", "anything"));
    }

    @Test
    void dottedPackageWildcardNamesThePackage() throws OptionException {
        VbdRelaxedPatterns p = of("com.example.*");
        assertTrue(p.relaxesClass("com/example/Ring"));
        assertTrue(p.relaxesClass("com/example/deep/Node"));
        assertFalse(p.relaxesClass("com/examples/Ring"));
    }

    @Test
    void classFormsAreEquivalent() throws OptionException {
        for (String line : List.of("com/example/Ring", "com.example.Ring::*", "com.example.Ring.*", "com/example/Ring.*")) {
            VbdRelaxedPatterns p = of(line);
            assertTrue(p.relaxesClass("com/example/Ring"), line);
            assertFalse(p.relaxesClass("com/example/Ring$Node"), line);
        }
    }

    @Test
    void memberFormsNameMethodsAndFieldsButNotTheClass() throws OptionException {
        for (String line : List.of("com.example.Ring::offer", "com.example.Ring.offer", "com/example/Ring.offer")) {
            VbdRelaxedPatterns p = of(line);
            assertFalse(p.relaxesClass("com/example/Ring"), line);
            assertTrue(p.relaxesMember("com/example/Ring", "offer"), line);
            assertFalse(p.relaxesMember("com/example/Ring", "poll"), line);
            assertFalse(p.relaxesMember("com/example/RingBuffer", "offer"), line);
        }
    }

    @Test
    void wildcardsWorkInEitherPart() throws OptionException {
        VbdRelaxedPatterns p = of("com.example.*::count*", "*Node::<init>");
        assertTrue(p.relaxesMember("com/example/deep/Thing", "countDown"));
        assertTrue(p.relaxesMember("com/example/Ring$Node", "<init>"));
        assertFalse(p.relaxesMember("com/example/Ring$Node", "next"));
    }

    @Test
    void commentsAndBlankLinesAreIgnored() throws OptionException {
        VbdRelaxedPatterns p = of("# relaxed code", "", "   ", "com.example.Ring::offer   # hot loop");
        assertTrue(p.relaxesMember("com/example/Ring", "offer"));
        assertTrue(of("# nothing").isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"::offer", "com.example.Ring::", "com.example.Ring::offer(I)V", "com..Ring::x",
        "com/example/Ring.a.b", "com.example.Ring::off-er", "com example", "/com/Ring", "com.example.Ring::a::b"})
    void malformedPatternsNameTheirLine(String line) {
        OptionException e = assertThrows(OptionException.class, () -> of("# first", line));
        assertTrue(e.getMessage().contains("relaxed.txt line 2"), e.getMessage());
    }

    @Test
    void aPatternLongerThanTheLimitIsRefusedWithItsLine() throws OptionException {
        String longest = "a/" + "b".repeat(VbdRelaxedPatterns.MAX_PATTERN - 2);
        assertTrue(of(longest + "   # a comment does not count").relaxesClass(longest));
        for (String line : List.of(longest + "c", "*".repeat(100_000))) {
            OptionException e = assertThrows(OptionException.class, () -> of("# first", line));
            assertTrue(e.getMessage().endsWith("' in relaxed.txt line 2: longer than 1000 characters"), e.getMessage());
            assertTrue(e.getMessage().length() < 200, "the message quotes an excerpt: " + e.getMessage());
        }
    }

    /** The matcher does what the regular expression it replaced did (each * as .*), on random patterns and names. */
    @Test
    void globsMatchAsTheirRegularExpressions() {
        Random random = new Random(54);
        for (int i = 0; i < 5_000; i++) {
            String pattern = word(random, "ab/*", 8);
            String name = word(random, "ab/", 10);
            String regex = Arrays.stream(pattern.split("\\*", -1)).map(p -> p.isEmpty() ? "" : Pattern.quote(p))
                    .collect(Collectors.joining(".*"));
            assertEquals(name.matches(regex), new Glob(pattern).matches(name), pattern + " on " + name);
        }
    }

    private static String word(Random random, String letters, int maxLength) {
        StringBuilder sb = new StringBuilder();
        for (int n = random.nextInt(maxLength + 1); n > 0; n--) {
            sb.append(letters.charAt(random.nextInt(letters.length())));
        }
        return sb.toString();
    }

    @Test
    void aFileThatIsNotAPatternFileIsRefusedInOneLine(@TempDir Path dir) throws IOException {
        Path latin1 = dir.resolve("latin1.txt");
        Files.write(latin1, new byte[] {'c', 'o', 'm', '.', 'C', 'a', 'f', (byte) 0xe9, '\n'});
        assertEquals("cannot read relaxed-pattern file '" + latin1 + "': not UTF-8: byte 0xe9 at offset 7 (line 1)",
                assertThrows(OptionException.class, () -> VbdRelaxedPatterns.read(latin1)).getMessage());
        Path big = dir.resolve("big.txt");
        Files.writeString(big, "a*".repeat(VbdRelaxedPatterns.MAX_BYTES / 2) + "\n");
        assertEquals("cannot read relaxed-pattern file '" + big + "': larger than 1 MiB, the most jremix reads of such"
                + " a file", assertThrows(OptionException.class, () -> VbdRelaxedPatterns.read(big)).getMessage());
    }
}
