package io.jremix.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CountedTest {
    @Test
    void oneTakesTheSingularAndEveryOtherCountThePlural() {
        assertEquals("1 finding", Counted.of(1, "finding"));
        assertEquals("0 findings", Counted.of(0, "finding"));
        assertEquals("2 findings", Counted.of(2, "finding"));
    }

    @Test
    void anIrregularPluralIsGiven() {
        assertEquals("1 class", Counted.of(1, "class", "classes"));
        assertEquals("3 classes", Counted.of(3, "class", "classes"));
    }
}
