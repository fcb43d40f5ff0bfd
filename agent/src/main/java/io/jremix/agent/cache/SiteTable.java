package io.jremix.agent.cache;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.jremix.probe.cache.CacheSite;
import io.jremix.probe.cache.CacheSites;
import io.jremix.probe.cache.ProbeGate;

/**
 * Registers sites with the probes once per instruction, so that windows re-opened later reuse the same ids, and
 * gives each the switch of the class whose code holds it ({@link ProbeGate.ClassSwitch}; classes of one name in
 * several loaders share one).
 */
final class SiteTable implements CacheInstrumenter.SiteRegistry {
    private static final Map<String, ProbeGate.ClassSwitch> SWITCHES = new HashMap<>();
    private final Map<String, Integer> ids = new HashMap<>();

    @Override
    public synchronized int register(String key, CacheSite site) {
        return ids.computeIfAbsent(key, k -> {
            int id = CacheSites.register(site);
            ProbeGate.assign(id, switchOf(site.codeClass()));
            return id;
        });
    }

    /** The switch of the probes in {@code codeClass}'s code. */
    static ProbeGate.ClassSwitch switchOf(String codeClass) {
        synchronized (SWITCHES) {
            return SWITCHES.computeIfAbsent(codeClass, c -> new ProbeGate.ClassSwitch());
        }
    }

    /** The code location of a site, as a stack frame prints it. */
    static String where(int id) {
        CacheSite s = CacheSites.get(id);
        return s == null ? "?" : s.where();
    }

    /** The classes whose code holds the sites, by binary name. */
    static Set<String> classes(BitSet ids) {
        Set<String> classes = new HashSet<>();
        ids.stream().mapToObj(CacheSites::get).filter(Objects::nonNull).forEach(s -> classes.add(s.codeClass()));
        return classes;
    }
}
