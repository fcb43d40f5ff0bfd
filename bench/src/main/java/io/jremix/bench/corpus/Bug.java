package io.jremix.bench.corpus;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One historical false-sharing bug of the corpus.
 *
 * @param id       its name for {@code --bugs}
 * @param title    the library and the class the fix changed
 * @param link     the upstream issue or commit
 * @param source   the versions before and after the fix
 * @param driver   the program that runs it ({@code io.jremix.bench.corpus.drivers}), the same for both versions
 * @param variant  the driver's first argument
 * @param items    the items it moves (its second argument)
 * @param expected the fields the fix separated, as {@code Class::field} with the class that declares each in the
 *                 version before: detection finds the bug when its false-sharing findings name them all
 * @param scope    class-name prefixes of what the fix changed, in either version: the version after must have no
 *                 false sharing reported on them
 */
public record Bug(String id, String title, String link, Source source, Class<?> driver, String variant, long items,
                  List<String> expected, List<String> scope) {
    public Bug {
        expected = List.copyOf(expected);
        scope = List.copyOf(scope);
    }

    /**
     * The class path of a run of the version before ({@code fixed} false) or after the fix: the driver's classes
     * ({@code drivers}: the bench jar, or its classes) and the version's jars from {@code corpusJars}.
     */
    public String classPath(Path drivers, Path corpusJars, boolean fixed) {
        List<String> cp = new ArrayList<>(List.of(drivers.toString()));
        source.jars(corpusJars, fixed).forEach(j -> cp.add(j.toString()));
        return String.join(File.pathSeparator, cp);
    }

    /** The driver's arguments for a run of {@code items} that stops sending after {@code capSeconds} (0: never). */
    public List<String> args(long items, long capSeconds) {
        return List.of(variant, Long.toString(items), Long.toString(capSeconds));
    }

    /** Whether {@code className} is part of what the fix changed. */
    public boolean inScope(String className) {
        return scope.stream().anyMatch(className::startsWith);
    }
}
