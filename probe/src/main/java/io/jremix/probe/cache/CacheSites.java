package io.jremix.probe.cache;

import java.util.Arrays;

/** The table of instrumented sites, indexed by the id that instrumented code passes to probes. */
public final class CacheSites {
    private static volatile CacheSite[] table = new CacheSite[1024];
    private static int count;

    private CacheSites() {
    }

    /** Adds a site and returns its id. */
    public static synchronized int register(CacheSite site) {
        if (count == table.length) {
            table = Arrays.copyOf(table, count * 2);
        }
        table[count] = site;
        return count++;
    }

    /** The site with this id, or {@code null}. */
    public static CacheSite get(int id) {
        CacheSite[] t = table;
        return id >= 0 && id < t.length ? t[id] : null;
    }
}
