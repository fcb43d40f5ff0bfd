package io.jremix.agent.cache;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.jremix.probe.cache.CacheSite;
import io.jremix.probe.cache.CacheSites;

/** Registers sites with the probes once per instruction, so that windows re-opened later reuse the same ids. */
final class SiteTable implements CacheInstrumenter.SiteRegistry {
    private final Map<String, Integer> ids = new HashMap<>();

    @Override
    public synchronized int register(String key, CacheSite site) {
        return ids.computeIfAbsent(key, k -> CacheSites.register(site));
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
