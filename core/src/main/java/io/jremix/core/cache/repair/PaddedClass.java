package io.jremix.core.cache.repair;

import java.util.List;

/**
 * How to pad one class: each group of fields is kept together on its own cache lines, padded away from the other
 * groups and from the rest of the object (one {@code @Contended} group each).
 *
 * @param className binary class name with dots, the class that declares the fields
 * @param groups    the field groups, each a non-empty list of field names
 */
public record PaddedClass(String className, List<List<String>> groups) {
    public PaddedClass {
        groups = groups.stream().map(List::copyOf).toList();
        if (groups.isEmpty() || groups.stream().anyMatch(List::isEmpty)) {
            throw new IllegalArgumentException("a padded class needs non-empty field groups: " + className);
        }
    }

    /** Every field the plan pads. */
    public List<String> fields() {
        return groups.stream().flatMap(List::stream).toList();
    }

    /** The group of a field, or -1 if the plan leaves it alone. */
    public int groupOf(String field) {
        for (int g = 0; g < groups.size(); g++) {
            if (groups.get(g).contains(field)) {
                return g;
            }
        }
        return -1;
    }
}
