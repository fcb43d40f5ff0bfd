package io.jremix.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SpecTest {
    @Test
    void notGivenIsTheDeclaredDefault() throws OptionException {
        Values v = Spec.parse(List.of());
        for (Section s : Spec.sections()) {
            for (Option<?> o : s.options()) {
                assertFalse(v.given(o), o.usage());
                assertEquals(o.defaultValue(), v.get(o), o.usage());
            }
        }
    }

    @Test
    void laterOptionsOverrideEarlierOnes() throws OptionException {
        Values v = Spec.parse(List.of("-remix", "-remix:detect", "-XX:REMIXSamplingRatio=5", "-XX:REMIXSamplingRatio=7",
                "-XX:+VBD", "-XX:-VBD", "-XXgetparkcontention:threshold=1,threshold=4", "-XXgetparkcontention:rows=0"));
        assertEquals("detect", v.get(CacheContentionOptions.MODE));
        assertEquals(7L, v.get(CacheContentionOptions.SAMPLING_RATIO));
        assertFalse(v.get(VolatileByDefaultOptions.ENABLED));
        assertTrue(v.get(ParkContentionOptions.PROFILE));
        assertEquals(4L, v.get(ParkContentionOptions.THRESHOLD), "a repeated group adds to the one before");
        assertEquals(0L, v.get(ParkContentionOptions.ROWS));
    }

    @Test
    void valuesAreReadByTheirTypes() throws OptionException {
        Values v = Spec.parse(List.of("-remix", "-XX:REMIXWindow=500ms", "-XX:REMIXMaxWindow=2.5", "-XX:REMIXLineSize=128",
                "-XX:REMIXReport=r.json", "-XXgetparkcontention:freeOnPrint"));
        assertEquals("online", v.get(CacheContentionOptions.MODE), "the bare word is the first choice");
        assertEquals(500_000_000L, v.get(CacheContentionOptions.WINDOW));
        assertEquals(2_500_000_000L, v.get(CacheContentionOptions.MAX_WINDOW));
        assertEquals(128L, v.get(CacheContentionOptions.LINE_SIZE));
        assertEquals(Path.of("r.json").toAbsolutePath(), v.get(CacheContentionOptions.REPORT));
        assertEquals("r.json", v.text(CacheContentionOptions.REPORT));
        assertEquals("-XX:REMIXReport=r.json", v.argument(CacheContentionOptions.REPORT));
        assertTrue(v.get(ParkContentionOptions.FREE_ON_PRINT));
    }

    /** Every option whose value names a file, and only those, for an agent in a process with another directory. */
    @Test
    void filesAreMadeAbsoluteForAnotherProcess() throws OptionException {
        String here = Path.of("").toAbsolutePath().toString();
        assertEquals("-XX:VBDRelaxed=" + here + "/r.txt", Spec.withAbsoluteFiles("-XX:VBDRelaxed=r.txt"));
        assertEquals("-XX:REMIXReport=/tmp/r.json", Spec.withAbsoluteFiles("-XX:REMIXReport=/tmp/r.json"));
        assertEquals("-XXgetparkcontention:rows=2,report=" + here + "/p.json,freeOnPrint",
                Spec.withAbsoluteFiles("-XXgetparkcontention:rows=2,report=p.json,freeOnPrint"));
        for (String unchanged : List.of("-remix:detect", "-XX:REMIXWindow=2", "-XX:+VBD", "-XXgetparkcontention",
                "-XXgetparkcontention:threshold=5", "-Xmx1g", "-XX:REMIXReport=a\0b")) {
            assertEquals(unchanged, Spec.withAbsoluteFiles(unchanged));
        }
    }

    @Test
    void aPercentageIsReadWithOrWithoutItsSign() throws OptionException {
        assertEquals(2.0, Spec.parse(List.of()).get(CacheContentionOptions.BUDGET), "the default");
        assertEquals(0.5, Spec.parse(List.of("-XX:REMIXBudget=0.5")).get(CacheContentionOptions.BUDGET));
        assertEquals(5.0, Spec.parse(List.of("-XX:REMIXBudget=5%")).get(CacheContentionOptions.BUDGET));
        assertEquals("bad value in '-XX:REMIXBudget=101': must be from 0 to 100",
                assertThrows(OptionException.class, () -> Spec.parse(List.of("-XX:REMIXBudget=101"))).getMessage());
        assertTrue(assertThrows(OptionException.class, () -> Spec.parse(List.of("-XX:REMIXBudget=two"))).getMessage()
                .startsWith("bad value in '-XX:REMIXBudget=two': expected a number written with the digits 0-9"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-remix:repair", "-XX:REMIXFoo=1", "-XX:+REMIXSamplingRatio", "-XX:REMIXSamplingRatio=0",
        "-XX:REMIXVerbose", "-XX:+REMIXVerbose=1", "-XX:REMIXLineSize=96", "-XX:REMIXWindow=0", "-XX:REMIXRearm=soon",
        "-XX:REMIXReport=", "-XXgetparkcontention:", "-XXgetparkcontention:fast", "-XXgetparkcontention:rows",
        "-XXgetparkcontention:freeOnPrint=1", "-XXgetparkcontentions", "-XX:VBD", "-XX:+VBDFast", "-XX:+VBDRelaxed=x",
        "-Xmx1g"})
    void badOptionsAreOneLineNamingTheOption(String arg) {
        OptionException e = assertThrows(OptionException.class, () -> Spec.parse(List.of(arg)));
        assertTrue(e.getMessage().contains("'" + arg + "'"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void badValuesSayWhatIsAllowed() {
        assertEquals("bad value in '-XX:REMIXSamplingRatio=0': must be from 1 to 2147483647",
                assertThrows(OptionException.class, () -> Spec.parse(List.of("-XX:REMIXSamplingRatio=0"))).getMessage());
        assertEquals("unknown sub-option 'x' in '-XXgetparkcontention:x': use threshold=<n>, printThreshold=<n>,"
                + " freeOnPrint, rows=<n>, report=<file> or interval=<seconds>",
                assertThrows(OptionException.class, () -> Spec.parse(List.of("-XXgetparkcontention:x"))).getMessage());
        assertEquals("bad value in '-XX:VBDReport=v.Collapsed': a VBD report has no stacks to collapse: name it .json"
                + " or .html", assertThrows(OptionException.class,
                () -> Spec.parse(List.of("-XX:VBDReport=v.Collapsed"))).getMessage());
    }

    @Test
    void cacheAndParkReportsMayBeCollapsedStacks() throws OptionException {
        Values v = Spec.parse(List.of("-XX:REMIXReport=r.collapsed", "-XXgetparkcontention:report=p.collapsed"));
        assertEquals(Path.of("r.collapsed").toAbsolutePath(), v.get(CacheContentionOptions.REPORT));
        assertEquals(Path.of("p.collapsed").toAbsolutePath(), v.get(ParkContentionOptions.REPORT));
    }

    @Test
    void aNearMissSaysWhatWasMeant() {
        Map<String, String> messages = Map.of(
                "-XX:REMIXTreshold=5", "unknown option '-XX:REMIXTreshold=5': did you mean '-XX:REMIXThreshold=5'?",
                "-XX:+REMIXVerbsoe", "unknown option '-XX:+REMIXVerbsoe': did you mean '-XX:+REMIXVerbose'?",
                "-XX:+VBDVrebose", "unknown option '-XX:+VBDVrebose': did you mean '-XX:+VBDVerbose'?",
                "-XXgetparkcontention:rows=5,repot=p.json", "unknown sub-option 'repot=p.json' in"
                        + " '-XXgetparkcontention:rows=5,repot=p.json': did you mean 'report=p.json'?",
                "-remix:detcet", "unknown mode in '-remix:detcet': did you mean '-remix:detect'?",
                "-XX:REMIXFoo=1", "unknown option '-XX:REMIXFoo=1'");
        messages.forEach((arg, message) -> assertEquals(message,
                assertThrows(OptionException.class, () -> Spec.parse(List.of(arg))).getMessage(), arg));
        assertEquals("unknown option '--jsno': did you mean '--json'?", assertThrows(OptionException.class,
                () -> DoctorCommandOptions.SECTION.parseCommand(List.of("--jsno", "d.json"))).getMessage());
    }

    @Test
    void nearMeansOneEditForAShortNameAndTwoForALongerOne() {
        assertEquals(1, NearMiss.distance("ab", "ba"), "a swap of neighbours is one edit");
        assertEquals(Optional.of("dump"), NearMiss.closest("dupm", List.of("jit", "dump")));
        assertEquals(Optional.empty(), NearMiss.closest("dmpu", List.of("dump")), "two edits, for a short name");
        assertEquals(Optional.of("report"), NearMiss.closest("rpeotr", List.of("report")));
        assertEquals(Optional.empty(), NearMiss.closest("x".repeat(100_000), List.of("report")));
    }

    @Test
    void theOutputsAreTheReportsGivenAndTheProfileWhenDetectionWritesIt() throws OptionException {
        Values v = Spec.parse(List.of("-XX:REMIXReport=r.json", "-XXgetparkcontention:rows=5,report=p.json",
                "-XX:VBDReport=v.html", "-XX:REMIXProfile=profile.json", "-XX:VBDRelaxed=relaxed.txt"));
        assertEquals(List.of(new Output("-XX:REMIXReport=r.json", Path.of("r.json").toAbsolutePath(), ""),
                new Output("-XXgetparkcontention:report=p.json", Path.of("p.json").toAbsolutePath(), ""),
                new Output("-XX:VBDReport=v.html", Path.of("v.html").toAbsolutePath(), "")), Spec.outputs(v),
                "padding alone only reads the profile; the relaxed patterns are read");

        for (String mode : List.of("-remix", "-remix:detect")) {
            List<Output> outputs = Spec.outputs(Spec.parse(List.of(mode, "-XX:REMIXProfile=profile.json")));
            assertEquals(1, outputs.size(), mode);
            assertEquals("-XX:REMIXProfile=profile.json", outputs.get(0).option());
            assertTrue(outputs.get(0).note().contains("-remix and -remix:detect add their findings"), mode);
        }
        assertEquals(List.of("--csv r.csv", "--json r.json"), SignalCommandOptions.SECTION.outputs(
                SignalCommandOptions.SECTION.parseCommand(List.of("--csv", "r.csv", "--rate", "5", "--json", "r.json")))
                .stream().map(Output::option).toList());
    }

    @Test
    void aQuotedSubOptionValueKeepsItsCommas() throws OptionException {
        Values v = Spec.parse(List.of("-XXgetparkcontention:report=\"runs/a,b.json\",rows=5"));
        assertEquals(Path.of("runs/a,b.json").toAbsolutePath(), v.get(ParkContentionOptions.REPORT));
        assertEquals(5L, v.get(ParkContentionOptions.ROWS));
        assertEquals("-XXgetparkcontention:report=\"runs/a,b.json\"", v.argument(ParkContentionOptions.REPORT));
        assertEquals(Path.of("say \"hi\", then.json").toAbsolutePath(), Spec.parse(List.of(
                "-XXgetparkcontention:report='say \"hi\", then.json'")).get(ParkContentionOptions.REPORT));
        assertEquals(Path.of("a\"b.json").toAbsolutePath(), Spec.parse(List.of(
                "-XXgetparkcontention:report=a\"b.json")).get(ParkContentionOptions.REPORT), "a quote inside is kept");
    }

    @ParameterizedTest
    @ValueSource(strings = {"report=\"a,b.json", "report='a,b.json", "report=\"a\"b,rows=1", "rows=5,report=\""})
    void aQuoteLeftOpenOrFollowedByMoreIsOneLine(String list) {
        String arg = "-XXgetparkcontention:" + list;
        OptionException e = assertThrows(OptionException.class, () -> Spec.parse(List.of(arg)));
        assertTrue(e.getMessage().startsWith("malformed option '" + arg + "': "), e.getMessage());
        assertTrue(e.getMessage().contains("quote"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"out.json", "a,b.json", "\"quoted\".json", "'single'.json", "it's, here.json", "a,\"b\""})
    void aValueWrittenForASubOptionListReadsBackUnchanged(String value) throws OptionException {
        List<String> items = SubOptionList.split("rows=1,report=" + SubOptionList.quote(value) + ",freeOnPrint");
        assertEquals(3, items.size(), items.toString());
        assertEquals(value, SubOptionList.value(items.get(1)));
    }

    @Test
    void aValueWithACommaAndBothQuotesCannotBeWritten() {
        assertThrows(OptionException.class, () -> SubOptionList.quote("it's, \"both\".json"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-remix", "-remix:whatever", "-XX:REMIXAnything", "-XX:-VBD", "-XX:VBDx=1",
        "-XXgetparkcontentionX"})
    void theSpecClaimsEveryArgumentSpelledAsAFeaturesOption(String arg) {
        assertTrue(Spec.claims(arg), arg);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-remixx", "-XX:+UseG1GC", "-XX:MaxRAM=1g", "-Dremix=1", "-cp", "Main"})
    void javasOwnArgumentsAreNotClaimed(String arg) {
        assertFalse(Spec.claims(arg), arg);
    }

    @Test
    void usagesAreUniqueAndEveryOptionHasADoc() {
        Set<String> usages = new HashSet<>();
        for (Section s : Spec.sections()) {
            for (Option<?> o : s.options()) {
                assertTrue(usages.add(o.usage()), o.usage());
                o.helpRows().forEach(r -> assertFalse(r.doc().isBlank() || r.doc().contains("\n"), r.usage()));
            }
        }
    }

    @Test
    void commandsReadTheirLongOptions() throws OptionException {
        Values v = SignalCommandOptions.SECTION.parseCommand(List.of("--pairs", "1,2,1", "--rate", "5", "--duration",
                "0.5", "--rate", "7"));
        assertEquals(List.of(1L, 2L), v.get(SignalCommandOptions.PAIRS), "each once");
        assertEquals(7L, v.get(SignalCommandOptions.RATE), "the last one");
        assertEquals(0.5, v.get(SignalCommandOptions.DURATION));
        assertEquals(SignalCommandOptions.MECHANISMS.defaultValue(), v.get(SignalCommandOptions.MECHANISMS));
    }

    @ParameterizedTest
    @ValueSource(strings = {"--pairs x", "--pairs 0", "--pairs 1,,2", "--rate 2.5", "--duration -1", "--duration 0",
        "--mechanisms futex", "--bogus 1", "stray", "--csv", "--csv "})
    void badCommandArgumentsAreOneLine(String args) {
        OptionException e = assertThrows(OptionException.class,
                () -> SignalCommandOptions.SECTION.parseCommand(List.of(args.split(" ", -1))));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().contains("'" + args.split(" ")[0]), e.getMessage());
    }
}
