package io.jremix.agent.cache.window;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which selected classes a re-armed window leaves out: those probed without contention in their last windows. */
class QuietClassesTest {
    private static final String QUIET = "com.example.Quiet";
    private static final String BUSY = "com.example.Busy";
    private static final Set<String> BOTH = Set.of(QUIET, BUSY);

    /** The windows, from 1 to {@code last}, that probe QUIET, without contention whenever probed. */
    private static List<Integer> windowsProbingAQuietClass(QuietClasses quiet, int last) {
        List<Integer> probing = new ArrayList<>();
        for (int w = 1; w <= last; w++) {
            if (quiet.admit(Set.of(QUIET), w).contains(QUIET)) {
                probing.add(w);
                quiet.closed(w, Set.of(QUIET), Set.of());
            } else {
                quiet.closed(w, Set.of(), Set.of());
            }
        }
        return probing;
    }

    @Test
    void aClassProbedWithoutContentionSkipsTwiceAsManyWindowsEachTimeUpToTheLimit() {
        assertEquals(List.of(1, 2, 4, 8, 16, 25, 34), windowsProbingAQuietClass(new QuietClasses(8), 40),
                "one quiet window skips none, then 1, 3, 7, then at most 8");
        assertEquals(List.of(1, 2, 3, 4, 5, 6), windowsProbingAQuietClass(new QuietClasses(0), 6), "0: never skips");
    }

    @Test
    void aClassThatTouchedALineThatMissedStartsAfreshAndOneWithoutProbesKeepsItsState() {
        QuietClasses quiet = new QuietClasses(15);
        quiet.closed(1, BOTH, Set.of());
        quiet.closed(2, BOTH, Set.of(BUSY));
        assertEquals(Set.of(BUSY), quiet.admit(BOTH, 3), "quiet twice: window 3 skipped; contended: probed");

        quiet.closed(3, Set.of(BUSY), Set.of(BUSY));
        assertEquals(List.of(BUSY, QUIET), List.copyOf(quiet.admit(new LinkedHashSet<>(List.of(BUSY, QUIET)), 4)),
                "back in window 4, in the selection's order");
        quiet.closed(4, Set.of(), Set.of());
        assertEquals(BOTH, quiet.admit(BOTH, 5), "window 4 probed neither: nothing changed");
        quiet.closed(5, Set.of(QUIET), Set.of(QUIET));
        quiet.closed(6, Set.of(QUIET), Set.of());
        assertEquals(BOTH, quiet.admit(BOTH, 7), "contention in window 5 reset it: one quiet window skips none");
    }

    @Test
    void theOldestClassesAreForgottenBeyondTheBound() {
        QuietClasses quiet = new QuietClasses(15);
        for (int w = 1; w <= 2; w++) {
            quiet.closed(w, Set.of(QUIET), Set.of());
        }
        for (int i = 0; i < QuietClasses.MAX_CLASSES; i++) {
            Set<String> generated = Set.of("com.example.Generated" + i);
            quiet.closed(1, generated, Set.of());
            quiet.closed(2, generated, Set.of());
        }
        assertEquals(Set.of(QUIET), quiet.admit(Set.of(QUIET), 3), "forgotten: probed again");
        assertEquals(Set.of(), quiet.admit(Set.of("com.example.Generated0"), 3), "still backed off");
    }
}
