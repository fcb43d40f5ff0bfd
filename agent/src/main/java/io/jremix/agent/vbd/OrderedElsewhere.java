package io.jremix.agent.vbd;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fields whose accesses from another class need no fences, as far as the classes seen so far tell: a relaxed
 * field, and every field of a relaxed class, stays plain; a final or volatile field orders itself; the JDK's classes
 * are relaxed library code, so their fields stay plain as their own code reads them. A field whose class has not
 * loaded yet is unknown, and an access to it is fenced: more ordering than asked for, never less. One entry per
 * such class or field of the program and per JDK class: bounded by the code that loads.
 */
final class OrderedElsewhere {
    private final Set<String> classes = ConcurrentHashMap.newKeySet();
    private final Set<String> fields = ConcurrentHashMap.newKeySet();

    /** Every field of {@code owner} (internal name) is left as declared: a relaxed class, or the JDK's. */
    void wholeClass(String owner) {
        classes.add(owner);
    }

    /** {@code owner.name} is left as declared: relaxed, final or volatile. */
    void field(String owner, String name) {
        fields.add(owner + '.' + name);
    }

    /** Whether an access to {@code owner.name} from another class needs no fences. */
    boolean covers(String owner, String name) {
        return classes.contains(owner) || fields.contains(owner + '.' + name);
    }
}
