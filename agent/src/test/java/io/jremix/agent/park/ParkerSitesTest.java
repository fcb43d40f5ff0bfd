package io.jremix.agent.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import io.jremix.core.park.ParkRecord;
import io.jremix.core.park.ParkSite;
import io.jremix.core.park.ParkSnapshot;
import io.jremix.core.park.SiteSnapshot;
import org.junit.jupiter.api.Test;

/** The walk budget at new blockers' first parks ({@link Parker#siteFor}), on a clock the test sets. */
class ParkerSitesTest {
    private static final SiteFrames BELOW_WALKER = new SiteFrames(SiteFrames.class);
    private static final long T = 1_000_000_000L;

    /** The time the next park asks the budget at. */
    private long now;
    private final Parker parker = new Parker(1, () -> now);
    private int hashes;

    private ParkRecord record(String className) {
        return new ParkRecord(className, ++hashes, 0);
    }

    /** A park as the profiler makes it, here at one line. */
    private ParkSite parkAtA(ParkRecord r, long at) {
        now = at;
        return park(r, parker.siteFor(r, BELOW_WALKER), at);
    }

    /** A park at another line. */
    private ParkSite parkAtB(ParkRecord r, long at) {
        now = at;
        return park(r, parker.siteFor(r, BELOW_WALKER), at);
    }

    private static ParkSite park(ParkRecord r, ParkSite site, long now) {
        site.parking();
        r.parking(now, site);
        r.unparked(now + 1);
        return site;
    }

    /** Spends the whole budget on new blockers of {@code className} at line A, each walked; the last one's stack. */
    private List<String> spendTheBudget(String className) {
        ParkSite last = parkAtA(record(className), T); // the class's first walk is free
        for (int i = 0; i < WalkBudget.BURST; i++) {
            last = parkAtA(record(className), T);
            assertFalse(last.estimated(), "within the budget, blocker " + i);
        }
        return last.stackTrace();
    }

    @Test
    void overTheBudget_aNewBlockersFirstParkIsEstimatedWhereTheClassWasLastWalked_andExactInCount() {
        List<String> atA = spendTheBudget("F");
        ParkRecord r = record("F");

        ParkSite site = parkAtB(r, T);

        assertTrue(site.estimated());
        assertEquals(atA, site.stackTrace(), "the site the thread last walked for this class");
        ParkSnapshot s = r.snapshot();
        assertEquals(1, s.timesParked());
        assertEquals(List.of(1L), s.sites().stream().map(SiteSnapshot::estimatedParks).toList());
        assertEquals(atA, s.stackTrace(), "the estimate is the origin until a park is walked");
    }

    @Test
    void aSurvivorParkedAgainIsWalked_andNamedByItsOwnSite() {
        List<String> atA = spendTheBudget("F");
        ParkRecord survivor = record("F");
        parkAtB(survivor, T);

        ParkSite second = parkAtB(survivor, T);

        assertFalse(second.estimated(), "a blocker's second park walks, whatever the budget");
        assertTrue(second.stackTrace().get(1).contains(".parkAtB("), second.stackTrace().toString());
        ParkSnapshot s = survivor.snapshot();
        assertEquals(second.stackTrace(), s.stackTrace(), "the walked site is the origin, not the estimate");
        assertEquals(2, s.timesParked());
        List<ParkSite> sites = new ArrayList<>();
        survivor.sites().forEach(sites::add);
        assertEquals(List.of(true, false), sites.stream().map(ParkSite::estimated).toList());
        assertEquals(atA, sites.get(0).stackTrace());
        assertEquals(1, s.sites().stream().mapToLong(SiteSnapshot::estimatedParks).sum());
    }

    @Test
    void aClassNotWalkedYetIsWalked_andTheBudgetRefillsWithTime() {
        spendTheBudget("F");
        assertTrue(parkAtA(record("F"), T).estimated());

        assertFalse(parkAtA(record("G"), T).estimated(), "no site of G's to estimate with");
        assertFalse(parkAtA(record("F"), T + WalkBudget.REFILL_NANOS).estimated());
        assertTrue(parkAtA(record("F"), T + WalkBudget.REFILL_NANOS).estimated());
    }
}
