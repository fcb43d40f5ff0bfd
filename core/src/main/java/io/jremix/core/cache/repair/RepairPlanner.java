package io.jremix.core.cache.repair;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.jremix.core.cache.Datum;
import io.jremix.core.cache.Finding;

/**
 * Turns findings into padding: for every repairable false-sharing finding, the fields seen written are grouped by
 * the set of threads that wrote them. Fields written by the same threads stay together, since they move between
 * cores together anyway; groups written by different threads are padded apart. Fields only read are not padded:
 * padding the written groups already moves them off the readers' lines.
 *
 * <p>A JDK class is padded only when asked ({@code padJdkClasses}): padding it grows every instance of it, and of
 * its subclasses, in the whole JVM. Where a written field is one a JDK superclass declares (a queue that extends
 * {@code AtomicReference} and writes its {@code value}), the program's class is padded instead: its own fields on
 * those lines, written or only read, go into groups of their own, which HotSpot places a padding width after every
 * inherited field. A finding that only padding a JDK class would repair gets no plan ({@link #onlyJdk}).
 */
public final class RepairPlanner {
    private final ClassOrigins origins;
    private final boolean padJdkClasses;

    /**
     * @param origins       which classes are the JDK's, and which declares an inherited field
     * @param padJdkClasses whether JDK classes may be padded ({@code -XX:+REMIXPadJdkClasses})
     */
    public RepairPlanner(ClassOrigins origins, boolean padJdkClasses) {
        this.origins = origins;
        this.padJdkClasses = padJdkClasses;
    }

    /** Whether any field of a finding was seen written: a class whose fields are only read has nothing to pad. */
    static boolean writesAny(Finding f) {
        return f.writers().values().stream().anyMatch(threads -> !threads.isEmpty());
    }

    public List<PaddedClass> plan(List<Finding> findings) {
        Map<String, Map<String, Set<Integer>>> written = new TreeMap<>();
        Map<String, Set<String>> onlyRead = new TreeMap<>();
        for (Finding f : findings) {
            if (!f.repairable()) {
                continue;
            }
            String cls = f.className();
            boolean jdkClass = origins.isJdk(cls);
            f.writers().forEach((field, threads) -> {
                if (threads.isEmpty()) {
                    return;
                }
                if (Datum.isInherited(field)) {
                    if (padJdkClasses) {
                        written.computeIfAbsent(origins.declaringClass(cls, field), c -> new TreeMap<>())
                                .put(Datum.declaredName(field), threads);
                    }
                } else if (!jdkClass || padJdkClasses) {
                    written.computeIfAbsent(cls, c -> new TreeMap<>()).put(field, threads);
                }
            });
            if (!padJdkClasses && writesInherited(f)) {
                f.fields().stream().filter(field -> own(field) && f.writers().getOrDefault(field, Set.of()).isEmpty())
                        .forEach(field -> onlyRead.computeIfAbsent(cls, c -> new TreeSet<>()).add(field));
            }
        }
        Set<String> classes = new TreeSet<>(written.keySet());
        classes.addAll(onlyRead.keySet());
        List<PaddedClass> plan = new ArrayList<>();
        for (String cls : classes) {
            Map<String, Set<Integer>> writers = written.getOrDefault(cls, Map.of());
            Map<Set<Integer>, List<String>> byWriters = new LinkedHashMap<>();
            writers.forEach((field, threads) -> byWriters.computeIfAbsent(threads, t -> new ArrayList<>()).add(field));
            List<List<String>> groups = new ArrayList<>(byWriters.values());
            List<String> read = onlyRead.getOrDefault(cls, Set.of()).stream().filter(f -> !writers.containsKey(f))
                    .toList();
            if (!read.isEmpty()) {
                groups.add(read);
            }
            if (!groups.isEmpty()) {
                plan.add(new PaddedClass(cls, groups));
            }
        }
        return plan;
    }

    /**
     * Whether only padding a JDK class would repair {@code f}, which this planner may not do: the finding's class is
     * the JDK's, or the fields written are a JDK superclass's and the class has no field of its own on their lines.
     */
    public boolean onlyJdk(Finding f) {
        if (padJdkClasses || !f.repairable() || !writesAny(f)) {
            return false;
        }
        return origins.isJdk(f.className())
                || (writesInherited(f) && f.fields().stream().noneMatch(RepairPlanner::own));
    }

    /** Whether a field a JDK superclass declares was seen written. */
    static boolean writesInherited(Finding f) {
        return f.writers().entrySet().stream().anyMatch(e -> Datum.isInherited(e.getKey()) && !e.getValue().isEmpty());
    }

    /** A field the finding's class declares: not inherited from a JDK class, not the header, not an unnamed slot. */
    private static boolean own(String field) {
        return !Datum.isInherited(field) && !field.equals(Datum.HEADER) && !field.startsWith("@");
    }
}
