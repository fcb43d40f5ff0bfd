package io.jremix.agent.cache.instrument;

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
 * Registers sites with the probes once per instruction for the JVM's life, so that windows re-opened later, and
 * detections attached again, reuse the same ids: a site keeps the switch it was given (compiled code folds it),
 * and the probes' tables do not grow with each attach. Each site gets the switch of the class whose code holds it
 * ({@link ProbeGate.ClassSwitch}; classes of one name in several loaders share one). Once an attached detection has
 * given every class its original bytecode back, {@link #release()} takes the sites out of the probes' table; an
 * instruction instrumented again gets its site back under its old id.
 */
public final class SiteTable implements CacheInstrumenter.SiteRegistry {
    private static final Map<String, ProbeGate.ClassSwitch> SWITCHES = new HashMap<>();
    private static final Map<String, Integer> IDS = new HashMap<>();

    @Override
    public int register(String key, CacheSite site) {
        synchronized (IDS) {
            Integer id = IDS.get(key);
            if (id == null) {
                id = CacheSites.register(site);
                IDS.put(key, id);
                ProbeGate.assign(id, switchOf(site.codeClass()));
            } else if (CacheSites.get(id) == null) {
                CacheSites.put(id, site);
            }
            return id;
        }
    }

    /** Takes every site out of the probes' table, when no class carries probes; ids stay their instructions'. */
    public static void release() {
        synchronized (IDS) {
            IDS.values().forEach(id -> CacheSites.put(id, null));
        }
    }

    /** The switch of the probes in {@code codeClass}'s code. */
    public static ProbeGate.ClassSwitch switchOf(String codeClass) {
        synchronized (SWITCHES) {
            return SWITCHES.computeIfAbsent(codeClass, c -> new ProbeGate.ClassSwitch());
        }
    }

    /** The code location of a site, as a stack frame prints it. */
    public static String where(int id) {
        CacheSite s = CacheSites.get(id);
        return s == null ? "?" : s.where();
    }

    /** The classes whose code holds the sites, by binary name. */
    public static Set<String> classes(BitSet ids) {
        Set<String> classes = new HashSet<>();
        ids.stream().mapToObj(CacheSites::get).filter(Objects::nonNull).forEach(s -> classes.add(s.codeClass()));
        return classes;
    }
}
