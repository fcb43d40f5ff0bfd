package io.jremix.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Numbers and durations are read as the docs write them, and nothing else that Java's parsers would take. */
class TypeTest {
    @ParameterizedTest
    @ValueSource(strings = {"-XX:REMIXSamplingRatio=+5", "-XX:REMIXSamplingRatio= 5", "-XX:REMIXSamplingRatio=5 ",
        "-XX:REMIXSamplingRatio=\u0661\u0662", "-XX:REMIXSamplingRatio=\uff11\uff12", "-XX:REMIXSamplingRatio=1_000",
        "-XX:REMIXSamplingRatio=0x10", "-XX:REMIXSamplingRatio=-5", "-XX:REMIXLineSize=+64", "-XX:REMIXWindow=1d",
        "-XX:REMIXWindow=1f", "-XX:REMIXWindow=1e3", "-XX:REMIXWindow=0x1p3", "-XX:REMIXWindow=Infinity",
        "-XX:REMIXWindow=+3", "-XX:REMIXWindow= 3", "-XX:REMIXWindow=3 s", "-XX:REMIXWindow=2.", "-XX:REMIXWindow=.5",
        "-XX:REMIXWindow=3S", "-XX:REMIXWindow=3min", "-XX:REMIXWindow=3us", "-XX:REMIXWindow=\u0663",
        "-XX:REMIXBudget=+1", "-XX:REMIXBudget= 1", "-XX:REMIXBudget=1e1", "-XX:REMIXBudget=1d",
        "-XX:REMIXBudget=NaN", "-XXgetparkcontention:rows=+5", "-XXgetparkcontention:interval=1d"})
    void aNumberTakesAsciiDigitsOnlyAndADurationItsDocumentedUnits(String arg) {
        OptionException e = assertThrows(OptionException.class, () -> Spec.parse(List.of(arg)));
        assertTrue(e.getMessage().startsWith("bad value in '" + arg + "': expected "), e.getMessage());
        assertTrue(e.getMessage().contains("digits 0-9"), e.getMessage());
    }

    @Test
    void theDocumentedFormsAreRead() throws OptionException {
        Values v = Spec.parse(List.of("-XX:REMIXWindow=3", "-XX:REMIXMaxWindow=2.5s", "-XX:REMIXRearm=500ms",
                "-XX:REMIXShedAfter=0", "-XX:REMIXBurst=0.25ms", "-XX:REMIXSamplingRatio=0100",
                "-XX:REMIXBudget=0.5%"));
        assertEquals(3_000_000_000L, v.get(CacheContentionOptions.WINDOW));
        assertEquals(2_500_000_000L, v.get(CacheContentionOptions.MAX_WINDOW));
        assertEquals(500_000_000L, v.get(CacheContentionOptions.REARM));
        assertEquals(0L, v.get(CacheContentionOptions.SHED_AFTER));
        assertEquals(250_000L, v.get(CacheContentionOptions.BURST));
        assertEquals(100L, v.get(CacheContentionOptions.SAMPLING_RATIO));
        assertEquals(0.5, v.get(CacheContentionOptions.BUDGET));
    }

    @Test
    void tooManyDigitsAreOutOfRangeNotMalformed() {
        assertEquals("bad value in '-XX:REMIXThreshold=99999999999999999999': must be from 0 to 9223372036854775807",
                assertThrows(OptionException.class,
                        () -> Spec.parse(List.of("-XX:REMIXThreshold=99999999999999999999"))).getMessage());
        assertEquals("bad value in '-XX:REMIXRearm=99999999999999999999': must be at most 9223372036 s",
                assertThrows(OptionException.class,
                        () -> Spec.parse(List.of("-XX:REMIXRearm=99999999999999999999"))).getMessage());
    }

    @Test
    void aNegativeNumberIsReadWhereTheRangeAllowsOne() throws Type.BadValue {
        Type<Long> offset = Type.wholeNumber(-10, 10);
        assertEquals(-3L, offset.read("-3"));
        assertThrows(Type.BadValue.class, () -> offset.read("+3"));
        assertThrows(Type.BadValue.class, () -> offset.read("--3"));
        assertThrows(Type.BadValue.class, () -> offset.read("-"));
        assertEquals(-0.5, Type.decimalSeconds(-1, 1).read("-0.5"));
    }
}
