package io.jremix.agent.cache.instrument;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.jremix.agent.feature.AgentLog;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CacheTransformerTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final CacheTransformer transformer = new CacheTransformer(new CacheInstrumenter(new SiteTable(), 4, false),
            new AgentLog(new PrintStream(err, true, StandardCharsets.UTF_8), "REMIX: ", false, true));
    private final ClassLoader app = getClass().getClassLoader();
    private final Module unnamed = app.getUnnamedModule();

    @Test
    void unreadableClassIsLeftAloneCountedAndNamedInDebug() {
        transformer.arm(true);
        assertNull(transformer.transform(unnamed, app, "com/example/Broken", null, null, new byte[] {1, 2, 3}));
        assertEquals(1, transformer.skipped());
        assertTrue(transformer.skippedNames().get(0).startsWith("com.example.Broken: "));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("REMIX: skipped com.example.Broken: "));
    }

    @Test
    void instrumentsOnlyWhileArmedAndOnlyEligibleClasses() throws Exception {
        byte[] fixture = CacheInstrumenterTest.classBytes(AccessFixture.class);
        String name = "com/example/AccessFixture";
        assertNull(transformer.transform(unnamed, app, name, null, null, fixture), "disarmed");
        transformer.arm(true);
        assertNotNull(transformer.transform(unnamed, app, name, null, null, fixture));
        assertNull(transformer.transform(Object.class.getModule(), null, "java/lang/String", null, null, fixture),
                "JDK class");
        assertNull(transformer.transform(unnamed, app, "io/jremix/agent/Agent", null, null, fixture), "jremix itself");
        assertEquals(1, transformer.classes());
        assertTrue(transformer.probes() > 0);
    }

    @Test
    void filterTakesApplicationClassesJdkAtomicsAndTheJdkClassesThatHoldPaddedCells() {
        Module base = Object.class.getModule();
        assertTrue(ClassFilter.eligible(app, unnamed, "com/example/Foo"));
        assertTrue(ClassFilter.eligible(app, unnamed, "io/jremix/workloads/cache/BaseTest"));
        assertTrue(ClassFilter.eligible(null, base, "java/util/concurrent/atomic/AtomicLong"));
        assertTrue(ClassFilter.eligible(null, base, "java/util/concurrent/atomic/AtomicLongFieldUpdater$CASUpdater"));
        assertTrue(ClassFilter.eligible(null, base, "java/util/concurrent/atomic/Striped64$Cell"));
        for (String c : List.of("ConcurrentHashMap", "ForkJoinPool", "ForkJoinPool$WorkQueue", "Exchanger")) {
            assertTrue(ClassFilter.eligible(null, base, "java/util/concurrent/" + c), c);
        }
        assertFalse(ClassFilter.eligible(null, base, "java/util/concurrent/ConcurrentHashMap$TreeBin"));
        assertFalse(ClassFilter.eligible(null, base, "java/util/concurrent/ConcurrentLinkedQueue"));
        assertFalse(ClassFilter.eligible(app, unnamed, "io/jremix/probe/cache/CacheProbe"));
        assertFalse(ClassFilter.eligible(app, unnamed, "com/example/Foo$$Lambda$14"));
        assertFalse(ClassFilter.eligible(app, unnamed, "jdk/proxy1/$Proxy12"));
        assertFalse(ClassFilter.eligible(ClassLoader.getPlatformClassLoader(), java.sql.Date.class.getModule(),
                "java/sql/Date"));
        assertFalse(ClassFilter.eligible(app, unnamed, null));
    }

    @Test
    void filterDecidesTheJdkByLoaderAndModule_notByPackage() throws Exception {
        // com.sun.*, javax.*, jdk.* and sun.* classes from the class path or a custom loader are the program's
        for (String name : List.of("com/sun/example/ComSunSpin", "javax/servlet/http/HttpServlet", "jdk/example/Tool",
                "sun/example/Native", "com/sun/jna/Native")) {
            assertTrue(ClassFilter.eligible(app, unnamed, name), name);
            try (URLClassLoader custom = new URLClassLoader(new URL[0], null)) {
                assertTrue(ClassFilter.eligible(custom, custom.getUnnamedModule(), name), name);
            }
        }
        // the same names from the boot loader (the boot class path) or the platform loader are the JDK's
        ClassLoader platform = ClassLoader.getPlatformClassLoader();
        assertFalse(ClassFilter.eligible(null, null, "com/sun/example/ComSunSpin"));
        assertFalse(ClassFilter.eligible(null, null, "com/example/Spin"), "a boot class path class of any package");
        assertFalse(ClassFilter.eligible(platform, platform.getUnnamedModule(), "com/sun/example/ComSunSpin"));
        // the JDK's tools are defined by the application loader, in the JDK's modules
        Module compiler = ModuleLayer.boot().findModule("jdk.compiler").orElseThrow();
        assertEquals(ClassLoader.getSystemClassLoader(), compiler.getClassLoader());
        assertFalse(ClassFilter.eligible(compiler.getClassLoader(), compiler, "com/sun/tools/javac/Main"));
    }
}
