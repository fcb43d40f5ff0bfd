package io.jremix.agent.vbd;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fields that {@code @Relaxed} left plain, in the classes rewritten so far, so that other classes' accesses to
 * them stay plain too. One entry per relaxed class or field of the program: bounded by the program's size.
 */
final class RelaxedFields {
    private final Set<String> classes = ConcurrentHashMap.newKeySet();
    private final Set<String> fields = ConcurrentHashMap.newKeySet();

    void relaxClass(String owner) {
        classes.add(owner);
    }

    void relaxField(String owner, String name) {
        fields.add(owner + '.' + name);
    }

    /** Whether {@code owner.name} (internal class name) was relaxed in a class rewritten so far. */
    boolean relaxes(String owner, String name) {
        return classes.contains(owner) || fields.contains(owner + '.' + name);
    }
}
