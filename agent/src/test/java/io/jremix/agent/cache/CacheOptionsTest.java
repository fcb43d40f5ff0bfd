package io.jremix.agent.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

import io.jremix.agent.feature.AgentOptions;
import io.jremix.core.cache.Thresholds;
import io.jremix.options.OptionException;
import io.jremix.report.cache.RepairProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.jremix.options.CacheContentionOptions.BACK_OFF;
import static io.jremix.options.CacheContentionOptions.BUDGET;
import static io.jremix.options.CacheContentionOptions.DEBUG;
import static io.jremix.options.CacheContentionOptions.HIT_VERBOSE;
import static io.jremix.options.CacheContentionOptions.HOT_CLASSES;
import static io.jremix.options.CacheContentionOptions.LINE_SIZE;
import static io.jremix.options.CacheContentionOptions.MAX_WINDOW;
import static io.jremix.options.CacheContentionOptions.PROFILE;
import static io.jremix.options.CacheContentionOptions.REARM;
import static io.jremix.options.CacheContentionOptions.REPORT;
import static io.jremix.options.CacheContentionOptions.VERBOSE;
import static io.jremix.options.CacheContentionOptions.WINDOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CacheOptionsTest {

    private static CacheOptions parse(String... options) throws OptionException {
        return CacheOptions.from(AgentOptions.parse(List.of(options)).values());
    }

    @Test
    void defaultsAreOffWithTheDocumentedValues() throws OptionException {
        CacheOptions o = parse();
        assertEquals(CacheOptions.Mode.OFF, o.mode());
        assertFalse(o.detection());
        assertEquals(1000, o.samplingRatio());
        assertEquals(new CacheOptions.Bursts(0L, 50_000_000L), o.bursts());
        assertEquals(64L, o.get(LINE_SIZE));
        assertEquals(Thresholds.withCostShare(0.0003), o.thresholds());
        assertEquals(3_000_000_000L, o.get(WINDOW));
        assertEquals(5_000_000_000L, o.get(MAX_WINDOW));
        assertEquals(0L, o.get(REARM));
        assertEquals(32L, o.get(HOT_CLASSES));
        assertEquals(15L, o.get(BACK_OFF));
        assertEquals(2.0, o.get(BUDGET));
        assertNull(o.get(REPORT));
    }

    @Test
    void remixModes() throws OptionException {
        assertEquals(CacheOptions.Mode.ONLINE, parse("-remix").mode());
        assertEquals(CacheOptions.Mode.ONLINE, parse("-remix:online").mode());
        assertEquals(CacheOptions.Mode.DETECT, parse("-remix:detect").mode());
        assertEquals(CacheOptions.Mode.DETECT, parse("-remix", "-remix:detect").mode(), "last one wins");
    }

    @Test
    void flagsAndValues(@TempDir Path dir) throws OptionException {
        Path report = dir.resolve("r.json");
        CacheOptions o = parse("-remix:detect", "-XX:REMIXSamplingRatio=50", "-XX:+REMIXVerbose", "-XX:+REMIXHitVerbose",
                "-XX:+REMIXDebug", "-XX:-REMIXDebug", "-XX:REMIXReport=" + report, "-XX:REMIXLineSize=128",
                "-XX:REMIXThreshold=5000", "-XX:REMIXWindow=1.5", "-XX:REMIXMaxWindow=500ms", "-XX:REMIXRearm=60s",
                "-XX:REMIXBurst=2ms", "-XX:REMIXBurstEvery=0.1", "-XX:REMIXHotClasses=8", "-XX:REMIXBackOff=0",
                "-XX:REMIXBudget=0.5%");
        assertEquals(50, o.samplingRatio());
        assertEquals(new CacheOptions.Bursts(2_000_000L, 100_000_000L), o.bursts());
        assertTrue(o.get(VERBOSE));
        assertTrue(o.get(HIT_VERBOSE));
        assertFalse(o.get(DEBUG));
        assertEquals(report.toAbsolutePath(), o.get(REPORT));
        assertEquals(128L, o.get(LINE_SIZE));
        assertEquals(Thresholds.withRate(5000), o.thresholds(), "the rate alone, as before REMIXCostShare");
        assertEquals(1_500_000_000L, o.get(WINDOW));
        assertEquals(500_000_000L, o.get(MAX_WINDOW));
        assertEquals(60_000_000_000L, o.get(REARM));
        assertEquals(8L, o.get(HOT_CLASSES));
        assertEquals(0L, o.get(BACK_OFF));
        assertEquals(0.5, o.get(BUDGET));
    }

    @Test
    void burstsKeepOneAccessInAThousandOfTheWindowUnlessTheRatioIsGiven() throws OptionException {
        assertEquals(10, parse("-remix:detect", "-XX:REMIXBurst=0.5ms").samplingRatio(), "1% of the time at 1:10");
        assertEquals(40, parse("-remix:detect", "-XX:REMIXBurst=2ms", "-XX:REMIXBurstEvery=50ms").samplingRatio());
        assertEquals(1, parse("-remix:detect", "-XX:REMIXBurst=0.01ms", "-XX:REMIXBurstEvery=1s").samplingRatio(),
                "never below one in one");
        assertEquals(20, parse("-remix:detect", "-XX:REMIXBurst=0.5ms", "-XX:REMIXSamplingRatio=20").samplingRatio());
        assertEquals(1000, parse("-remix:detect", "-XX:REMIXBurst=50ms").samplingRatio(),
                "a burst as long as its period is no burst");
    }

    @Test
    void theCostShareIsAPercentageAndTheThresholdReplacesItUnlessBothAreGiven() throws OptionException {
        assertEquals(Thresholds.withCostShare(0.00003), parse("-XX:REMIXCostShare=0.003").thresholds(),
                "ten times the default sensitivity");
        assertEquals(Thresholds.withCostShare(0.01), parse("-XX:REMIXCostShare=1%").thresholds());
        assertEquals(new Thresholds(Thresholds.DEFAULT_MIN_SAMPLED, 1000, Thresholds.DEFAULT_MIN_SPAN_NANOS, 0.0005),
                parse("-XX:REMIXThreshold=1000", "-XX:REMIXCostShare=0.05").thresholds(), "both must hold");
        assertEquals(Thresholds.withRate(0), parse("-XX:REMIXThreshold=0").thresholds(), "every class sampled enough");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-XX:REMIXFoo=1", "-XX:+REMIXFoo", "-remix:repair", "-Xmx1g", "remix",
        "-XX:REMIXSamplingRatio=0", "-XX:REMIXSamplingRatio=ten", "-XX:REMIXSamplingRatio", "-XX:+REMIXSamplingRatio",
        "-XX:REMIXVerbose=true", "-XX:+REMIXVerbose=1", "-XX:REMIXLineSize=96", "-XX:REMIXLineSize=8",
        "-XX:REMIXWindow=-1", "-XX:REMIXWindow=0", "-XX:REMIXMaxWindow=soon", "-XX:REMIXThreshold=-5",
        "-XX:REMIXReport=", "-XX:REMIXReport=/no/such/dir/r.json", "-XX:REMIXProfile=/no/such/dir/p.json",
        "-XX:+REMIXProfile", "-XX:REMIXBudget=-1", "-XX:REMIXBackOff=x", "-XX:REMIXCostShare=101",
        "-XX:REMIXCostShare=-0.1", "-XX:REMIXCostShare=1e-3"})
    void badOptionsAreRejectedWithOneLine(String option) {
        OptionException e = assertThrows(OptionException.class, () -> parse("-remix:detect", option));
        assertFalse(e.getMessage().isBlank());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void profileAloneRepairsWithoutDetectingAndDetectNeverRepairs(@TempDir Path dir) throws Exception {
        String profile = "-XX:REMIXProfile=" + Files.writeString(dir.resolve("p.json"),
                new RepairProfile(List.of()).json());
        CacheOptions alone = parse(profile);
        assertTrue(alone.repair());
        assertFalse(alone.detection());
        assertTrue(parse("-remix", profile).repair());
        assertTrue(parse("-remix").repair());
        assertFalse(parse("-remix:detect", profile).repair(), "detect learns the profile but never pads");
        assertEquals(dir.resolve("p.json"), alone.get(PROFILE));
    }

    /**
     * /proc/version: a file anyone can read, in a directory no one, not even root, can write. A run that only pads
     * reads it (and finds it is not a profile); one that learns is refused before reading.
     */
    @Test
    void aProfileThatOnlyPadsNeedsReadingAndOneThatLearnsNeedsWriting() {
        Path readOnly = Path.of("/proc/version");
        assertTrue(assertThrows(OptionException.class, () -> parse("-XX:REMIXProfile=" + readOnly)).getMessage()
                .startsWith("unusable profile '/proc/version': not valid JSON"));
        for (String mode : List.of("-remix", "-remix:detect")) {
            OptionException e = assertThrows(OptionException.class, () -> parse(mode, "-XX:REMIXProfile=" + readOnly));
            assertTrue(e.getMessage().matches("cannot write '-XX:REMIXProfile=/proc/version': directory /proc is not"
                    + " writable \\(.+\\); -remix and -remix:detect add their findings to the profile at exit;"
                    + " without them a run only reads it"), e.getMessage());
        }
    }

    @Test
    void aProfileThatOnlyPadsMustExist(@TempDir Path dir) throws OptionException {
        OptionException e = assertThrows(OptionException.class,
                () -> parse("-XX:REMIXProfile=" + dir.resolve("p.json")));
        assertEquals("cannot read '-XX:REMIXProfile=" + dir.resolve("p.json") + "': no such file; without -remix or"
                + " -remix:detect a run only pads from an existing profile", e.getMessage());
        assertEquals(dir.resolve("p.json"), parse("-remix:detect", "-XX:REMIXProfile=" + dir.resolve("p.json"))
                .get(PROFILE), "detection starts a new one");
    }

    /** A profile is read where the options are, so an unusable one stops the JVM before the program starts. */
    @Test
    void anUnusableProfileIsRefusedInOneLine(@TempDir Path dir) throws IOException {
        Path deep = Files.writeString(dir.resolve("deep.json"), "[".repeat(5000) + "]".repeat(5000));
        OptionException e = assertThrows(OptionException.class, () -> parse("-XX:REMIXProfile=" + deep));
        assertEquals("unusable profile '" + deep + "': not valid JSON (JSON: nested deeper than 100 at offset 100)",
                e.getMessage());
    }

    @Test
    void reportThatIsADirectoryIsRejected(@TempDir Path dir) {
        OptionException e = assertThrows(OptionException.class, () -> parse("-XX:REMIXReport=" + dir));
        assertTrue(e.getMessage().contains("directory"), e.getMessage());
    }

    @Test
    void burstsAreSpacedAtRandomAroundTheirPeriodAndNeverOverlap() {
        CacheOptions.Bursts bursts = new CacheOptions.Bursts(500_000, 50_000_000);
        SplittableRandom random = new SplittableRandom(1);
        long[] gaps = LongStream.generate(() -> bursts.spacing(random)).limit(10_000).toArray();

        assertTrue(LongStream.of(gaps).allMatch(g -> g >= 25_000_000 && g < 75_000_000), "within half and 1.5 periods");
        assertEquals(50_000_000, LongStream.of(gaps).average().orElseThrow(), 1_000_000, "a period on average");
        assertTrue(LongStream.of(gaps).filter(g -> g < 45_000_000).count() > 1000, "not in step with any period");
        assertTrue(LongStream.of(gaps).filter(g -> g > 55_000_000).count() > 1000, "not in step with any period");

        CacheOptions.Bursts nearlyAlwaysOn = new CacheOptions.Bursts(40_000_000, 50_000_000);
        assertTrue(LongStream.generate(() -> nearlyAlwaysOn.spacing(random)).limit(1000).allMatch(g -> g >= 40_000_000),
                "the next burst starts after this one ends");
    }
}
