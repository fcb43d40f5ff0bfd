package io.jremix.core.cache;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ThreadNamesTest {
    @Test
    void aThreadIsNamedAsJstackNamesItByTheNameItWasFirstGiven() {
        ThreadNames names = new ThreadNames();
        names.add(3, new TracedThread(23, "worker-1"));
        names.add(3, new TracedThread(23, "renamed"));
        assertEquals("\"worker-1\" #23", names.of(3).label());
        assertEquals("traced thread 4", names.of(4).label(), "not kept: its index in the trace");
    }

    @Test
    void onlyTheMostRecentThreadsAreKept() {
        ThreadNames names = new ThreadNames();
        for (int i = 0; i <= ThreadNames.MAX_THREADS; i++) {
            names.add(i, new TracedThread(100 + i, "t" + i));
        }
        assertEquals(TracedThread.unknown(0), names.of(0));
        assertEquals(new TracedThread(101, "t1"), names.of(1));
    }

    @Test
    void theThreadsOfFindingsAreTheirWritersAndTheThreadsOfTheirPairs() {
        ThreadNames names = new ThreadNames();
        for (int i = 0; i < 4; i++) {
            names.add(i, new TracedThread(20 + i, "w" + i));
        }
        Finding f = new Finding(SharingKind.LATENT_FALSE_SHARING, "a.C", Datum.Kind.FIELD, List.of("value"), 0, 0,
                true, List.of(), List.of(), List.of(), 0, 0, 0, Map.of("value", Set.of(1)),
                List.of(new Finding.Neighbours("value", 2, "a.C::value", 3, false, 32, 1, Finding.Reads.NONE, 0)), 0);
        assertEquals(Map.of(1, new TracedThread(21, "w1"), 2, new TracedThread(22, "w2"), 3,
                new TracedThread(23, "w3")), names.of(List.of(f)));
    }
}
