package io.jremix.report.cache;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jremix.report.Json;

/**
 * An object's layout as the JVM chose it, as JOL prints it: the header, then the instance fields (superclasses'
 * included) by offset, and the size the object takes with alignment.
 *
 * @param headerBytes   the object header (mark word and class pointer)
 * @param instanceBytes the whole object, rounded up to the object alignment
 * @param fields        the instance fields, by offset
 */
public record ObjectLayout(int headerBytes, int instanceBytes, List<Field> fields) {
    /** One field: its simple type name, offset and size in bytes. */
    public record Field(String name, String type, int offset, int size) {
    }

    /** Whether the layout has a field of that name. */
    public boolean hasField(String name) {
        return fields.stream().anyMatch(f -> f.name().equals(name));
    }

    /** A layout as {@link #json()} writes it, or {@code null} if {@code json} is none or not one. */
    static ObjectLayout parse(Object json) {
        if (!(json instanceof Map<?, ?> m)) {
            return null;
        }
        try {
            List<Field> fields = new ArrayList<>();
            for (Object o : (List<?>) m.get("fields")) {
                Map<?, ?> f = (Map<?, ?>) o;
                fields.add(new Field((String) f.get("name"), (String) f.get("type"), whole(f.get("offset")),
                        whole(f.get("size"))));
            }
            return new ObjectLayout(whole(m.get("headerBytes")), whole(m.get("instanceBytes")), List.copyOf(fields));
        } catch (ClassCastException | NullPointerException e) {
            return null;
        }
    }

    private static int whole(Object n) {
        return ((Number) n).intValue();
    }

    Map<String, Object> json() {
        List<Object> out = new ArrayList<>();
        for (Field f : fields) {
            out.add(Json.object("name", f.name(), "type", f.type(), "offset", f.offset(), "size", f.size()));
        }
        return Json.object("headerBytes", headerBytes, "instanceBytes", instanceBytes, "fields", out);
    }
}
