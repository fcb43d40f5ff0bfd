package io.jremix.core.cache.repair;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.jremix.core.cache.Finding;

/**
 * Turns findings into padding: for every repairable false-sharing finding, the fields seen written are grouped by
 * the set of threads that wrote them. Fields written by the same threads stay together, since they move between
 * cores together anyway; groups written by different threads are padded apart. Fields only read are not padded:
 * padding the written groups already moves them off the readers' lines.
 */
public final class RepairPlanner {
    private RepairPlanner() {
    }

    /** Whether any field of a finding was seen written: a class whose fields are only read has nothing to pad. */
    static boolean writesAny(Finding f) {
        return f.writers().values().stream().anyMatch(threads -> !threads.isEmpty());
    }

    public static List<PaddedClass> plan(List<Finding> findings) {
        Map<String, Map<String, Set<Integer>>> writersByClass = new TreeMap<>();
        for (Finding f : findings) {
            if (f.repairable()) {
                writersByClass.computeIfAbsent(f.className(), c -> new TreeMap<>()).putAll(f.writers());
            }
        }
        List<PaddedClass> plan = new ArrayList<>();
        writersByClass.forEach((cls, writers) -> {
            Map<Set<Integer>, List<String>> groups = new LinkedHashMap<>();
            writers.forEach((field, threads) -> {
                if (!threads.isEmpty()) {
                    groups.computeIfAbsent(threads, t -> new ArrayList<>()).add(field);
                }
            });
            if (!groups.isEmpty()) {
                plan.add(new PaddedClass(cls, List.copyOf(groups.values())));
            }
        });
        return plan;
    }
}
