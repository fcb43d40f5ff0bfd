package io.jremix.agent.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import demo.ThroughALibrary;
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

    /**
     * A wait inside a library (JUnit's jar calls the walk here, as a pool's code calls park) goes on through its
     * frames, marked with the jar, to the program's ({@code demo}, from a directory) and its caller.
     */
    @Test
    void aSiteGoesThroughALibrarysFrames_toTheProgramsFrame() {
        List<String> site = ThroughALibrary.call(BELOW_WALKER::walk);

        String jar = " [" + jarName(Test.class) + "]";
        assertTrue(site.get(0).startsWith("app//org.junit.jupiter.api.AssertDoesNotThrow.") && site.get(0).endsWith(jar),
                site.toString());
        int program = site.size() - 2;
        assertTrue(site.get(program).startsWith("app//demo.ThroughALibrary.call("), site.toString());
        assertTrue(site.get(program + 1).contains(".aSiteGoesThrough"), "and its caller: " + site);
        assertTrue(site.subList(0, program).stream().allMatch(f -> f.endsWith(jar)), site.toString());
        assertFalse(site.get(program).endsWith("]"), "the program's frame has no mark");
    }

    private static String jarName(Class<?> c) {
        String s = c.getProtectionDomain().getCodeSource().getLocation().getPath();
        return s.substring(s.lastIndexOf('/') + 1);
    }

    private static List<String> site(int a) {
        return BELOW_WALKER.walk();
    }

    private static List<String> site(int a, int b) {

        return BELOW_WALKER.walk();
    }
}
