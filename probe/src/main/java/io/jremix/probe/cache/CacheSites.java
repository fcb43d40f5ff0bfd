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

    /** Puts {@code site} under an id registered before; {@code null} releases the site the id had. */
    public static synchronized void put(int id, CacheSite site) {
        table[id] = site;
    }

    /** The site with this id, or {@code null}. */
    public static CacheSite get(int id) {
        CacheSite[] t = table;
        return id >= 0 && id < t.length ? t[id] : null;
    }
}
