package io.jremix.agent.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import io.jremix.agent.AgentLog;
import org.junit.jupiter.api.Test;

class CacheTransformerTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final CacheTransformer transformer = new CacheTransformer(new CacheInstrumenter(new SiteTable(), 4),
            new AgentLog(new PrintStream(err, true, StandardCharsets.UTF_8), "REMIX: ", false, true));
    private final ClassLoader app = getClass().getClassLoader();

    @Test
    void unreadableClassIsLeftAloneCountedAndNamedInDebug() {
        transformer.arm(true);
        assertNull(transformer.transform(app, "com/example/Broken", null, null, new byte[] {1, 2, 3}));
        assertEquals(1, transformer.skipped());
        assertTrue(transformer.skippedNames().get(0).startsWith("com.example.Broken: "));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("REMIX: skipped com.example.Broken: "));
    }

    @Test
    void instrumentsOnlyWhileArmedAndOnlyEligibleClasses() throws Exception {
        byte[] fixture = CacheInstrumenterTest.classBytes(AccessFixture.class);
        String name = "com/example/AccessFixture";
        assertNull(transformer.transform(app, name, null, null, fixture), "disarmed");
        transformer.arm(true);
        assertNotNull(transformer.transform(app, name, null, null, fixture));
        assertNull(transformer.transform(null, "java/lang/String", null, null, fixture), "JDK class");
        assertNull(transformer.transform(app, "io/jremix/agent/Agent", null, null, fixture), "jremix itself");
        assertEquals(1, transformer.classes());
        assertTrue(transformer.probes() > 0);
    }

    @Test
    void filterTakesApplicationClassesAndJdkAtomics() {
        assertTrue(ClassFilter.eligible(app, "com/example/Foo"));
        assertTrue(ClassFilter.eligible(app, "io/jremix/workloads/cache/BaseTest"));
        assertTrue(ClassFilter.eligible(null, "java/util/concurrent/atomic/AtomicLong"));
        assertTrue(ClassFilter.eligible(null, "java/util/concurrent/atomic/AtomicLongFieldUpdater$CASUpdater"));
        assertEquals(false, ClassFilter.eligible(null, "java/util/concurrent/ConcurrentHashMap"));
        assertEquals(false, ClassFilter.eligible(app, "io/jremix/probe/CacheProbe"));
        assertEquals(false, ClassFilter.eligible(app, "com/example/Foo$$Lambda$14"));
        assertEquals(false, ClassFilter.eligible(ClassLoader.getPlatformClassLoader(), "java/sql/Date"));
        assertEquals(false, ClassFilter.eligible(app, null));
    }
}
