package io.jremix.agent.cache.instrument;

import java.io.IOException;
import java.io.InputStream;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reads that compiled code does not make get no probes: constants, and the class word of an interface call's
 * receiver that does not change in the loop around it; the reads it does make keep theirs ({@link FoldedFixture}).
 */
class FoldedReadsTest {
    private static final String FIXTURE = "io/jremix/agent/cache/instrument/FoldedFixture";
    private static final String UPDATER = "java/util/concurrent/atomic/AtomicReferenceFieldUpdater"
            + "$AtomicReferenceFieldUpdaterImpl";

    /**
     * The probed reads of each method: {@code HEADER}, {@code STATIC owner.name}, {@code FIELD owner.name},
     * {@code ELEMENT}, {@code UNSAFE}, ...
     */
    private static Map<String, Set<String>> probedByMethod(byte[] classfile, CacheInstrumenter.Result[] result) {
        Map<String, Set<String>> sites = new TreeMap<>();
        result[0] = new CacheInstrumenter((key, site) -> {
            String method = key.substring(key.indexOf('.') + 1, key.indexOf('('));
            if (!site.write()) {
                sites.computeIfAbsent(method, m -> new TreeSet<>()).add(site.kind() + (site.owner() == null ? ""
                        : " " + site.owner() + "." + site.name()));
            }
            return 0;
        }, 4, false).instrument(classfile, LOADER);
        return sites;
    }

    private static Map<String, Set<String>> fixture(CacheInstrumenter.Result[] result) throws IOException {
        return probedByMethod(classBytes(FoldedFixture.class), result);
    }

    @Test
    void aReceiverThatDoesNotChangeInItsLoopIsNotProbed() throws IOException {
        Map<String, Set<String>> probed = fixture(new CacheInstrumenter.Result[1]);
        for (String m : new String[] {"invariantParameter", "invariantLocal", "invariantInInnerLoop", "constantReceiver"}) {
            assertFalse(probed.getOrDefault(m, Set.of()).contains("HEADER"), m + " probes " + probed.get(m));
        }
    }

    @Test
    void aReceiverThatChangesInItsLoopOrRunsOnceIsProbed() throws IOException {
        Map<String, Set<String>> probed = fixture(new CacheInstrumenter.Result[1]);
        for (String m : new String[] {"elementReceiver", "fieldReceiver", "volatileStaticReceiver", "storedInLoop",
                "callOutsideLoop"}) {
            assertTrue(probed.getOrDefault(m, Set.of()).contains("HEADER"), m + " probes " + probed.get(m));
        }
    }

    @Test
    void constantsAreNotProbedAndOtherStaticsAndFieldsAre() throws IOException {
        CacheInstrumenter.Result[] result = new CacheInstrumenter.Result[1];
        Map<String, Set<String>> probed = fixture(result);
        assertNull(probed.get("staticFinals"), "nor is the array's length");
        assertEquals(Set.of("STATIC java/lang/System.out", "STATIC " + FIXTURE + ".plainStatic"),
                probed.get("staticNotFinal"));
        assertNull(probed.get("trustedFinalOfConstant"), "a record's field of a static final record");
        assertEquals(Set.of("FIELD " + FIXTURE + "$Pair.right"), probed.get("trustedFinalOfParameter"));
        assertTrue(result[0].folded() >= 4 + 1 + 2 + 2, "left out: " + result[0].folded());
    }

    @Test
    void aFieldUpdatersOwnFinalFieldsAreNotReadWithProbesItsTargetIs() throws IOException {
        byte[] updater;
        try (InputStream in = ClassLoader.getPlatformClassLoader().getResourceAsStream(UPDATER + ".class")) {
            updater = in.readAllBytes();
        }
        Set<String> sites = new TreeSet<>();
        probedByMethod(updater, new CacheInstrumenter.Result[1]).values().forEach(sites::addAll);
        assertTrue(sites.stream().noneMatch(s -> s.startsWith("FIELD " + UPDATER) || s.startsWith("STATIC")),
                sites.toString());
        assertTrue(sites.contains("UNSAFE"), "the field it reads: " + sites);
    }

    @Test
    void behaviourIsUnchanged() throws Exception {
        CacheInstrumenter instrumenter = new CacheInstrumenter(new SiteTable(), 4, true);
        byte[] classfile = instrumenter.instrument(classBytes(FoldedFixture.class), LOADER).classfile();
        assertEquals("", verify(classfile, LOADER));
        // the record in the same loader: its nest host reads its private fields
        Class<?> instrumented = load(instrumenter, FoldedFixture.class, FoldedFixture.Pair.class);
        long expected = new FoldedFixture().run();
        assertEquals(expected, instrumented.getMethod("run").invoke(instrumented.getConstructor().newInstance()));
    }
}
