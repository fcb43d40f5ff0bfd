package io.jremix.agent.cache.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.jremix.probe.cache.CacheSite;
import io.jremix.probe.cache.CacheSites;
import org.junit.jupiter.api.Test;

/** Sites are released once no class carries probes, and an instruction probed again gets its old id back. */
class SiteTableTest {
    private static CacheSite site() {
        return new CacheSite(CacheSite.Kind.FIELD, true, 8, "example/Pair", "a", "example.Pair", "example.Pair.set(Pair.java:3)");
    }

    @Test
    void aReleasedSiteIsGoneAndComesBackUnderItsIdInALaterDetection() {
        int id = new SiteTable().register("example/Pair.set(J)V#3", site());
        SiteTable.release();
        assertNull(CacheSites.get(id));

        CacheSite again = site();
        assertEquals(id, new SiteTable().register("example/Pair.set(J)V#3", again), "one id per instruction");
        assertSame(again, CacheSites.get(id));
    }
}
