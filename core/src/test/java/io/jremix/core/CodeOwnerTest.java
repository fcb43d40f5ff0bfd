package io.jremix.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;

import com.sun.example.Caller;
import org.junit.jupiter.api.Test;

class CodeOwnerTest {
    private static final URL TEST_CLASSES = Caller.class.getProtectionDomain().getCodeSource().getLocation();

    @Test
    void theBootAndPlatformLoadersClasses_areTheJdks() throws Exception {
        assertTrue(CodeOwner.isJdk(String.class));
        assertTrue(CodeOwner.isJdk(Class.forName("jdk.internal.misc.Unsafe")));
        assertEquals(ClassLoader.getPlatformClassLoader(), java.sql.Date.class.getClassLoader());
        assertTrue(CodeOwner.isJdk(java.sql.Date.class));
        // what a class file transformer is asked for a class appended to the boot class path, or defined by the
        // platform loader outside a module: whatever the package
        assertTrue(CodeOwner.isJdk(null, null));
        ClassLoader platform = ClassLoader.getPlatformClassLoader();
        assertTrue(CodeOwner.isJdk(platform, platform.getUnnamedModule()));
    }

    @Test
    void theJdksModulesOnTheApplicationLoader_areTheJdks() throws Exception {
        Class<?> javac = Class.forName("com.sun.tools.javac.Main");
        assertEquals(ClassLoader.getSystemClassLoader(), javac.getClassLoader(), "the JDK's tools are app-loaded");
        assertTrue(CodeOwner.isJdk(javac));
        assertTrue(CodeOwner.isJdkModule("java.base"));
        assertTrue(CodeOwner.isJdkModule("jdk.compiler"));
        assertFalse(CodeOwner.isJdkModule("jdk.no.such.module"));
        assertFalse(CodeOwner.isJdkModule("com.example.app"));
        assertFalse(CodeOwner.isJdkModule(null));
    }

    @Test
    void classPathAndCustomLoaderClasses_areTheProgramsWhateverTheirPackage() throws Exception {
        assertEquals(ClassLoader.getSystemClassLoader(), Caller.class.getClassLoader());
        assertFalse(CodeOwner.isJdk(Caller.class), "com.sun.example from the class path");
        assertFalse(CodeOwner.isJdk(CodeOwnerTest.class));
        try (URLClassLoader unnamed = new URLClassLoader(new URL[] {TEST_CLASSES}, null);
             URLClassLoader named = new URLClassLoader("plugins", new URL[] {TEST_CLASSES}, null)) {
            for (ClassLoader l : List.of(unnamed, named)) {
                Class<?> c = l.loadClass(Caller.class.getName());
                assertEquals(l, c.getClassLoader());
                assertFalse(CodeOwner.isJdk(c), l.toString());
            }
        }
        ClassLoader app = ClassLoader.getSystemClassLoader();
        assertFalse(CodeOwner.isJdk(app, app.getUnnamedModule()));
    }

    @Test
    void theReflectionAccessorsTheJdkGenerates_areTheJdks() {
        // JDK 17 defines jdk.internal.reflect.GeneratedMethodAccessor1 and its kin in loaders of this class, unnamed
        String reflection = CodeOwner.loaderLabel("jdk.internal.reflect.DelegatingClassLoader", null);
        assertTrue(CodeOwner.isJdkByLabel(reflection, null));
        assertFalse(CodeOwner.isJdkByLabel(CodeOwner.loaderLabel("com.example.Loader", reflection), null),
                "a loader of the program's named like it");
    }

    @Test
    void loaderLabels_nameEveryLoaderButTheBootLoader() throws Exception {
        assertNull(CodeOwner.loaderLabel((ClassLoader) null));
        assertEquals("platform", CodeOwner.loaderLabel(ClassLoader.getPlatformClassLoader()));
        assertEquals("app", CodeOwner.loaderLabel(ClassLoader.getSystemClassLoader()));
        try (URLClassLoader unnamed = new URLClassLoader(new URL[0], null);
             URLClassLoader named = new URLClassLoader("plugins", new URL[0], null);
             URLClassLoader impostor = new URLClassLoader("platform", new URL[0], null);
             URLClassLoader slashed = new URLClassLoader("a/b", new URL[0], null)) {
            assertEquals("java.net.URLClassLoader", CodeOwner.loaderLabel(unnamed));
            assertEquals("plugins", CodeOwner.loaderLabel(named));
            assertEquals("java.net.URLClassLoader", CodeOwner.loaderLabel(impostor), "never passes for the JDK's");
            assertFalse(CodeOwner.isJdk(impostor, impostor.getUnnamedModule()));
            assertEquals("java.net.URLClassLoader", CodeOwner.loaderLabel(slashed));
        }
    }

    @Test
    void framePrefixes_carryTheLoaderAndModule_andReadBackToTheSameRule() throws Exception {
        assertEquals("java.base/", CodeOwner.framePrefix(String.class), "no version for the JDK's modules");
        assertEquals("platform/java.sql/", CodeOwner.framePrefix(java.sql.Date.class));
        assertEquals("app/jdk.compiler/", CodeOwner.framePrefix(Class.forName("com.sun.tools.javac.Main")));
        assertEquals("app//", CodeOwner.framePrefix(Caller.class));
        assertEquals("", CodeOwner.framePrefix(null, null, null), "the boot class path");
        assertEquals("app/com.example.app@1.2/", CodeOwner.framePrefix("app", "com.example.app", "1.2"));
        assertEquals("plugins//", CodeOwner.framePrefix("plugins", null, "1.2"));

        for (String jdk : List.of("", "java.base/", "platform/java.sql/", "app/jdk.compiler/", "jdk.unsupported/")) {
            assertTrue(CodeOwner.isJdkFramePrefix(jdk), jdk);
        }
        for (String program : List.of("app//", "app/com.example.app@1.2/", "plugins//", "java.net.URLClassLoader//",
                "app/jdk.no.such.module/")) {
            assertFalse(CodeOwner.isJdkFramePrefix(program), program);
        }
    }
}
