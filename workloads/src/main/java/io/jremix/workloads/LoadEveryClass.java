package io.jremix.workloads;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Loads and initialises every class of the jars given, in one class loader over all of them, and prints how many
 * loaded and, one line each, those that did not (a library's classes that need an optional dependency cannot): the
 * class, the error's type and, for a missing class, its name, following an initialiser's error to its cause. Under
 * jremix the output must be the same as under plain java: every transformer sees every class.
 *
 * <p>Usage: {@code LoadEveryClass <jar>...}.
 */
public final class LoadEveryClass {
    /** Begins the line of each class that did not load. */
    public static final String NOT_LOADED = "not loaded: ";

    private LoadEveryClass() {
    }

    public static void main(String[] args) throws IOException {
        List<String> names = new ArrayList<>();
        URL[] urls = new URL[args.length];
        for (int i = 0; i < args.length; i++) {
            urls[i] = Path.of(args[i]).toUri().toURL();
            names.addAll(classNames(args[i]));
        }
        int loaded = 0;
        List<String> failed = new ArrayList<>();
        try (URLClassLoader loader = new URLClassLoader(urls, LoadEveryClass.class.getClassLoader())) {
            for (String name : names) {
                try {
                    Class.forName(name, true, loader);
                    loaded++;
                } catch (ClassNotFoundException | LinkageError e) {
                    failed.add(NOT_LOADED + name + ": " + outcome(e));
                }
            }
        }
        System.out.println("loaded " + loaded + " of " + names.size() + " classes");
        failed.forEach(System.out::println);
    }

    /** The error's type, the missing class of one that names it, and the same of an initialiser's error's cause. */
    private static String outcome(Throwable e) {
        String missing = e instanceof NoClassDefFoundError || e instanceof ClassNotFoundException
                ? " " + e.getMessage() : "";
        String cause = e instanceof ExceptionInInitializerError && e.getCause() != null
                ? " from " + outcome(e.getCause()) : "";
        return e.getClass().getName() + missing + cause;
    }

    private static List<String> classNames(String jar) throws IOException {
        List<String> names = new ArrayList<>();
        try (JarFile file = new JarFile(jar)) {
            for (JarEntry e : (Iterable<JarEntry>) file.stream()::iterator) {
                String n = e.getName();
                if (n.endsWith(".class") && !n.startsWith("META-INF/") && !n.endsWith("module-info.class")
                        && !n.endsWith("package-info.class")) {
                    names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.'));
                }
            }
        }
        names.sort(null);
        return names;
    }
}
