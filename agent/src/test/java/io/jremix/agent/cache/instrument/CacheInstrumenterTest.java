package io.jremix.agent.cache.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jremix.agent.vbd.FieldCallsFixture;
import io.jremix.agent.vbd.VbdRewriter;
import io.jremix.options.VbdRelaxedPatterns;
import io.jremix.probe.cache.CacheProbe;
import io.jremix.probe.cache.CacheSite;
import io.jremix.probe.cache.CacheSites;
import io.jremix.probe.cache.EventBuffer;
import io.jremix.probe.cache.EventMeta;
import io.jremix.probe.cache.ProbeGate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CacheInstrumenterTest {
    /** Where the constructors that fixtures call are looked up. */
    static final ClassLoader LOADER = CacheInstrumenterTest.class.getClassLoader();
    private final CacheInstrumenter instrumenter = new CacheInstrumenter(new SiteTable(), 4, false);

    @AfterEach
    void closeGate() {
        CacheProbe.tracing(false);
        ProbeGate.set(false);
    }

    static byte[] classBytes(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class")) {
            return in.readAllBytes();
        }
    }

    static String verify(byte[] classfile, ClassLoader loader) {
        StringWriter out = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(classfile), loader, false, new PrintWriter(out));
        return out.toString();
    }

    @Test
    void instrumentedFixturePassesTheVerifier() throws IOException {
        CacheInstrumenter.Result r = instrumenter.instrument(classBytes(AccessFixture.class), LOADER);
        assertNotNull(r);
        assertTrue(r.probes() > 40, "probes: " + r.probes());
        assertEquals("", verify(r.classfile(), getClass().getClassLoader()));
    }

    @Test
    void constructorsAreVerifiableWithTheirUninitializedThisLeftAlone() throws IOException {
        for (Class<?> c : List.of(AccessFixture.Inner.class, AccessFixture.Derived.class)) {
            CacheInstrumenter.Result r = instrumenter.instrument(classBytes(c), LOADER);
            assertNotNull(r, c.getName());
            assertEquals("", verify(r.classfile(), getClass().getClassLoader()), c.getName());
        }
    }

    @Test
    void behaviourIsUnchangedAndEveryProbeKindReports() throws Exception {
        long expected = new AccessFixture().run();
        Class<?> instrumented = load(AccessFixture.class);
        drain(); // forget events from earlier tests

        CacheProbe.samplingRatio(1);
        ProbeGate.set(true);
        CacheProbe.tracing(true);
        Object fixture = instrumented.getConstructor().newInstance();
        long actual = (long) instrumented.getMethod("run").invoke(fixture);
        CacheProbe.tracing(false);
        ProbeGate.set(false);

        assertEquals(expected, actual);
        Set<CacheSite.Kind> kinds = EnumSet.noneOf(CacheSite.Kind.class);
        Map<CacheSite.Kind, Integer> writes = new HashMap<>();
        for (int[] e : drain()) {
            CacheSite s = CacheSites.get(e[1]);
            kinds.add(s.kind());
            if (EventMeta.write(e[0])) {
                writes.merge(s.kind(), 1, Integer::sum);
            }
        }
        assertEquals(EnumSet.allOf(CacheSite.Kind.class), kinds);
        writes.put(CacheSite.Kind.HEADER, 0);
        assertEquals(EnumSet.allOf(CacheSite.Kind.class), writes.keySet(),
                "every kind but the header reads of interface calls also records writes: " + writes);
        assertEquals(0, writes.get(CacheSite.Kind.HEADER));
    }

    @Test
    void closedGateRecordsNothing() throws Exception {
        Class<?> instrumented = load(AccessFixture.class);
        drain();
        CacheProbe.samplingRatio(1);
        CacheProbe.tracing(true);
        instrumented.getMethod("run").invoke(instrumented.getConstructor().newInstance());
        assertEquals(List.of(), drain());
    }

    @Test
    void aShutClassSwitchSilencesThatClassAlone() throws Exception {
        Class<?> instrumented = load(AccessFixture.class);
        drain();
        CacheProbe.samplingRatio(1);
        ProbeGate.set(true);
        CacheProbe.tracing(true);
        ProbeGate.ClassSwitch fixture = SiteTable.switchOf(AccessFixture.class.getName());
        try {
            fixture.set(false);
            instrumented.getMethod("run").invoke(instrumented.getConstructor().newInstance());
            List<String> recorded = drain().stream().map(e -> CacheSites.get(e[1]).codeClass()).distinct().toList();
            assertTrue(!recorded.isEmpty() && !recorded.contains(AccessFixture.class.getName()),
                    "the classes it calls are still traced, not it: " + recorded);
            fixture.set(true);
            instrumented.getMethod("run").invoke(instrumented.getConstructor().newInstance());
            assertTrue(drain().stream().anyMatch(e -> CacheSites.get(e[1]).codeClass()
                    .equals(AccessFixture.class.getName())), "switched on again, it is traced");
        } finally {
            fixture.set(true);
        }
    }

    @Test
    void openGateBetweenBurstsRecordsNothing() throws Exception {
        assertEquals(List.of(), runBetweenBursts(new CacheInstrumenter(new SiteTable(), 4, true)));
    }

    /** Its probes have no burst test, which the compilers would have to keep at every access. */
    @Test
    void aClassTracedThroughoutIgnoresTheBurstFlag() throws Exception {
        List<int[]> recorded = runBetweenBursts(instrumenter);
        assertFalse(recorded.isEmpty());
        assertTrue(recorded.stream().allMatch(e -> CacheSites.get(e[1]) != null), "recorded with their own site ids");
    }

    /** Runs the fixture instrumented by {@code by} with the gate open and no burst on: what it recorded. */
    private static List<int[]> runBetweenBursts(CacheInstrumenter by) throws Exception {
        Class<?> instrumented = load(by, AccessFixture.class, AccessFixture.Inner.class, AccessFixture.Derived.class);
        drain();
        CacheProbe.samplingRatio(1);
        ProbeGate.set(true);
        long result = (long) instrumented.getMethod("run").invoke(instrumented.getConstructor().newInstance());
        assertEquals(new AccessFixture().run(), result);
        return drain();
    }

    @Test
    void classWithoutAccessesIsLeftUnchanged() throws IOException {
        assertNull(instrumenter.instrument(classBytes(NoAccesses.class), LOADER));
    }

    @Test
    void sameInstructionKeepsItsSiteIdWhenTransformedAgain() throws IOException {
        SiteTable table = new SiteTable();
        List<Integer> first = new ArrayList<>();
        List<Integer> second = new ArrayList<>();
        new CacheInstrumenter((k, s) -> {
            int id = table.register(k, s);
            first.add(id);
            return id;
        }, 4, false).instrument(classBytes(AccessFixture.class), LOADER);
        new CacheInstrumenter((k, s) -> {
            int id = table.register(k, s);
            second.add(id);
            return id;
        }, 4, false).instrument(classBytes(AccessFixture.class), LOADER);
        assertEquals(first, second);
    }

    /**
     * Under VBD a {@code getfield}/{@code putfield} becomes a volatile access call, with a checking load in front
     * unless its object is {@code this}; detection beside VBD still finds each field access of the plain class, at
     * the same line, as a read or a write of the same field, and never takes the check for an access.
     */
    @Test
    void fieldAccessesThroughVbdsVolatileCallsAreFoundAsInThePlainClass() throws IOException {
        byte[] plain = classBytes(FieldCallsFixture.class);
        byte[] vbd = new VbdRewriter(VbdRelaxedPatterns.none()).rewrite(plain).classfile();
        assertEquals(fieldSites(plain), fieldSites(vbd));
        assertTrue(fieldSites(vbd).stream().anyMatch(s -> s.startsWith("io/jremix/agent/vbd/FieldCallsFixture.text write"
                + " at io.jremix.agent.vbd.FieldCallsFixture.roundTripOnThis")), fieldSites(vbd).toString());
    }

    /** {@code owner.name read|write at where} of each field site detection finds in {@code classfile}, sorted. */
    private static List<String> fieldSites(byte[] classfile) {
        List<String> sites = new ArrayList<>();
        new CacheInstrumenter((key, site) -> {
            if (site.kind() == CacheSite.Kind.FIELD) {
                sites.add(site.owner() + "." + site.name() + (site.write() ? " write" : " read") + " at " + site.where());
            }
            return 0;
        }, 4, false).instrument(classfile, LOADER);
        sites.sort(null);
        return sites;
    }

    /** A class with code but no memory accesses. */
    static final class NoAccesses {
        static int twice(int x) {
            return x * 2;
        }
    }

    /** Events of every traced thread as {meta, site}. */
    static List<int[]> drain() {
        List<int[]> events = new ArrayList<>();
        for (EventBuffer b : EventBuffer.all()) {
            b.drain((thread, time, address, offset, meta, type, site, epoch, caller) -> events.add(new int[] {meta, site}));
        }
        return events;
    }

    private Class<?> load(Class<?> c) throws IOException, ClassNotFoundException {
        return load(instrumenter, c, AccessFixture.Inner.class, AccessFixture.Derived.class);
    }

    /**
     * Loads the instrumented copies of {@code c} and {@code others} in a loader of its own, which the JVM verifies;
     * everything else comes from the parent.
     */
    static Class<?> load(CacheInstrumenter instrumenter, Class<?> c, Class<?>... others)
            throws IOException, ClassNotFoundException {
        Map<String, byte[]> classes = new HashMap<>();
        List<Class<?>> all = new ArrayList<>(List.of(others));
        all.add(c);
        for (Class<?> k : all) {
            classes.put(k.getName(), instrumenter.instrument(classBytes(k), LOADER).classfile());
        }
        ClassLoader loader = new ClassLoader(CacheInstrumenterTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(name)) {
                    byte[] b = classes.get(name);
                    if (b == null) {
                        return super.loadClass(name, resolve);
                    }
                    Class<?> k = findLoadedClass(name);
                    return k != null ? k : defineClass(name, b, 0, b.length);
                }
            }
        };
        return loader.loadClass(c.getName());
    }
}
