package io.jremix.agent.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class ParkFramesTest {
    private static final SiteFrames BELOW_WALKER = new SiteFrames(SiteFrames.class);

    @Test
    void framesNameTheirClassesLoaderAndModule() {
        List<String> frames = new ArrayList<>();
        new ArrayList<>(List.of(1)).forEach(x -> frames.addAll(BELOW_WALKER.walk()));

        assertTrue(frames.get(0).startsWith("app//" + ParkFramesTest.class.getName() + ".lambda$"), frames.toString());
        assertTrue(frames.get(1).startsWith("java.base/java.util.ArrayList.forEach(ArrayList.java:"), frames.toString());
        assertTrue(frames.get(2).startsWith("app//" + ParkFramesTest.class.getName() + ".frames"), frames.toString());
    }

    @Test
    void aSecondWalkFromOnePlaceSharesTheFirstOnesText() {
        List<List<String>> walks = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            walks.add(BELOW_WALKER.walk());
        }
        assertEquals(walks.get(0), walks.get(1));
        assertSame(walks.get(0).get(0), walks.get(1).get(0), "the text is looked up, not written again");
    }

    @Test
    void overloadsThatCallAtOneIndexKeepTheirOwnLines() {
        List<String> one = site(1);
        List<String> two = site(1, 2);
        // both overloads call walk() at the same bytecode index, on different lines: a key by name and index fails
        assertTrue(one.get(0).contains(".site("), one.toString());
        assertTrue(two.get(0).contains(".site("), two.toString());
        assertNotEquals(one.get(0), two.get(0));
    }

    private static List<String> site(int a) {
        return BELOW_WALKER.walk();
    }

    private static List<String> site(int a, int b) {

        return BELOW_WALKER.walk();
    }
}
