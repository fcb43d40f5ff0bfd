package io.jremix.agent.cache.instrument;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.jremix.probe.cache.CacheSite;
import org.junit.jupiter.api.Test;

import static io.jremix.agent.cache.instrument.CacheInstrumenterTest.LOADER;
import static io.jremix.agent.cache.instrument.CacheInstrumenterTest.classBytes;
import static io.jremix.agent.cache.instrument.CacheInstrumenterTest.load;
import static io.jremix.agent.cache.instrument.CacheInstrumenterTest.verify;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Accesses to an object that never leaves the method that allocated it get no probes; an object that leaves in any
 * way keeps them ({@link UnsharedFixture}).
 */
class UnsharedAllocationsTest {
    private static final String STATE = "io/jremix/agent/cache/instrument/UnsharedFixture$State";

    /** The probed accesses of each method of the fixture: {@code FIELD owner.name}, {@code ELEMENT}, ... */
    private static Map<String, Set<String>> probedByMethod(CacheInstrumenter.Result[] result) throws IOException {
        Map<String, Set<String>> sites = new TreeMap<>();
        result[0] = new CacheInstrumenter((key, site) -> {
            String method = key.substring(key.indexOf('.') + 1, key.indexOf('('));
            sites.computeIfAbsent(method, m -> new TreeSet<>()).add(site.kind() + (site.owner() == null ? ""
                    : " " + site.owner() + "." + site.name()));
            return 0;
        }, 4, false).instrument(classBytes(UnsharedFixture.class), LOADER);
        return sites;
    }

    @Test
    void objectsThatStayInTheirMethodAreNotProbed() throws IOException {
        CacheInstrumenter.Result[] result = new CacheInstrumenter.Result[1];
        Map<String, Set<String>> probed = probedByMethod(result);
        assertEquals(Set.of(), probed.getOrDefault("staysInLoop", Set.of()));
        assertEquals(Set.of(), probed.getOrDefault("staysWhenNullOnOtherPaths", Set.of()));
        // the array stays; the State stored into it leaves, and so does what comes back out of an array
        assertEquals(Set.of("FIELD " + STATE + ".a"), probed.get("staysInLocalArray"));
        assertEquals(9 + 2 + 2, result[0].unshared(),
                "accesses left out: 9 in staysInLoop, 2 after a null, 2 on the local array");
    }

    @Test
    void objectsThatLeaveKeepTheirProbes() throws IOException {
        Map<String, Set<String>> probed = probedByMethod(new CacheInstrumenter.Result[1]);
        Map<String, String> expected = Map.of(
                "leavesThroughField", "FIELD " + STATE + ".a",
                "leavesThroughStatic", "ELEMENT",
                "leavesThroughCall", "ELEMENT",
                "leavesThroughLambda", "ELEMENT",
                "leavesThroughReturn", "FIELD " + STATE + ".b",
                "leavesThroughConstructor", "FIELD io/jremix/agent/cache/instrument/UnsharedFixture$Leaky.x",
                "leavesThroughSuperConstructor", "FIELD io/jremix/agent/cache/instrument/UnsharedFixture$LeakySub.x",
                "comesFromParameter", "FIELD " + STATE + ".a",
                "mayBeShared", "FIELD " + STATE + ".b",
                "mayBeParameter", "FIELD " + STATE + ".a");
        expected.forEach((method, site) -> assertTrue(probed.getOrDefault(method, Set.of()).contains(site),
                method + " probes " + probed.get(method) + ", not " + site));
    }

    @Test
    void behaviourIsUnchanged() throws Exception {
        CacheInstrumenter instrumenter = new CacheInstrumenter(new SiteTable(), 4, true);
        byte[] classfile = instrumenter.instrument(classBytes(UnsharedFixture.class), LOADER).classfile();
        assertEquals("", verify(classfile, LOADER));
        Class<?> instrumented = load(instrumenter, UnsharedFixture.class);
        long expected = new UnsharedFixture().run();
        assertEquals(expected, instrumented.getMethod("run").invoke(instrumented.getConstructor().newInstance()));
    }
}
