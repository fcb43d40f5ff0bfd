package io.jremix.agent.attach;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import io.jremix.agent.feature.ModuleAccess;

/**
 * Puts the probes ({@code jremix-boot.jar}, beside the agent's jar) into the boot class loader of a program jremix
 * was attached to, where the JDK classes it instruments can reach them. The manifest's {@code Boot-Class-Path}, or
 * {@link Instrumentation#appendToBootstrapClassLoaderSearch}, would append the jar to the boot class path, and a
 * running HotSpot JVM that shares classes (CDS, on by default) then prints on the program's stderr that sharing is
 * only supported for boot loader classes from then on. So the classes are defined in the boot loader one by one,
 * through the JDK's own {@code ClassLoader.defineClass1} with no loader, as {@code java.lang.reflect.Proxy} defines
 * its boot proxies; where that fails, the jar is appended after all, and the JVM warns as before.
 */
final class BootClasses {
    /** A probe class, there once the probes are: started under jremix, or attached before. */
    private static final String PROBE = "io.jremix.probe.park.ParkHooks";

    private BootClasses() {
    }

    /** Makes the probes reachable from the boot loader, unless they are already. */
    static synchronized void ensure(Instrumentation inst) {
        if (present()) {
            return;
        }
        Path jar = bootJar();
        try {
            define(inst, jar);
        } catch (IOException | ReflectiveOperationException | RuntimeException | LinkageError e) {
            append(inst, jar);
        }
    }

    private static boolean present() {
        try {
            Class.forName(PROBE, false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static Path bootJar() {
        try {
            return Path.of(BootClasses.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .resolveSibling("jremix-boot.jar");
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void append(Instrumentation inst, Path jar) {
        try {
            inst.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + jar + ": " + e.getMessage(), e);
        }
    }

    /**
     * Defines every class of the jar in the boot loader; a class whose superclass or interface the jar has and the
     * loader does not yet is tried again after the others.
     */
    private static void define(Instrumentation inst, Path jar) throws IOException, ReflectiveOperationException {
        ModuleAccess.openToAgent(inst, Object.class.getModule(), "java.lang");
        Method defineClass1 = ClassLoader.class.getDeclaredMethod("defineClass1", ClassLoader.class, String.class,
                byte[].class, int.class, int.class, ProtectionDomain.class, String.class);
        defineClass1.setAccessible(true);
        Map<String, byte[]> pending = classes(jar);
        String source = jar.toUri().toString();
        while (!pending.isEmpty()) {
            List<String> defined = new ArrayList<>();
            LinkageError missing = null;
            for (Map.Entry<String, byte[]> c : pending.entrySet()) {
                try {
                    byte[] b = c.getValue();
                    defineClass1.invoke(null, null, c.getKey(), b, 0, b.length, null, source);
                    defined.add(c.getKey());
                } catch (InvocationTargetException e) {
                    if (!(e.getCause() instanceof NoClassDefFoundError n)) {
                        throw e;
                    }
                    missing = n; // a supertype of the jar's, defined later in this pass or the next
                }
            }
            if (defined.isEmpty()) {
                throw missing;
            }
            defined.forEach(pending::remove);
        }
    }

    /** The jar's classes by binary name, with their bytes. */
    private static Map<String, byte[]> classes(Path jar) throws IOException {
        Map<String, byte[]> classes = new LinkedHashMap<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (Enumeration<JarEntry> entries = file.entries(); entries.hasMoreElements(); ) {
                JarEntry e = entries.nextElement();
                String name = e.getName();
                if (name.endsWith(".class") && !name.contains("-")) { // not module-info, not META-INF/versions
                    try (InputStream in = file.getInputStream(e)) {
                        classes.put(name.substring(0, name.length() - ".class".length()).replace('/', '.'),
                                in.readAllBytes());
                    }
                }
            }
        }
        return classes;
    }
}
