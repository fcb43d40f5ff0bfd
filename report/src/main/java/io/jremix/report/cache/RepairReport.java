package io.jremix.report.cache;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What repair did in one run: the classes padded at load, the advice for each finding, and what became of the
 * profile.
 *
 * @param padded      classes padded when they loaded
 * @param advice      one entry per finding of this run
 * @param profile     the profile file, or {@code null}
 * @param profileNote what happened to it ("read 2 classes", "updated with 1 class", a warning)
 * @param notes       what padding could not do (a class that failed, a JDK class left alone, a count not made)
 */
public record RepairReport(List<Padded> padded, List<Advice> advice, String profile, List<String> profileNote,
                           List<String> notes) {

    /**
     * @param className     the padded class
     * @param groups        its field groups, each padded apart
     * @param source        {@code profile} or {@code online}
     * @param missingFields planned fields the class did not have (a stale plan)
     * @param before        its layout unpadded (from the profile, or as detection saw it), or {@code null}
     * @param after         its layout as padded in this run, or {@code null} if no padded copy was found loaded
     * @param liveInstances its live instances at exit, its subclasses' included, or {@code null} if not counted
     */
    public record Padded(String className, List<List<String>> groups, String source, List<String> missingFields,
                         ObjectLayout before, ObjectLayout after, Long liveInstances) {

        /** Bytes padding added to each instance, or {@code null} if a size is not known. */
        public Integer bytesAdded() {
            return before == null || after == null ? null : after.instanceBytes() - before.instanceBytes();
        }

        /** Bytes padding added to the live instances at exit, or {@code null} if not known. */
        public Long liveBytesAdded() {
            Integer added = bytesAdded();
            return added == null || liveInstances == null ? null : added * liveInstances;
        }

        /** The sizes and bytes added, in a line: {@code 24 -> 288 bytes an instance (+264); 3 live at exit, +792 bytes}. */
        String sizeLine() {
            String size = (before == null ? "unpadded size not known -> " : before.instanceBytes() + " -> ")
                    + (after == null ? "padded size not known" : after.instanceBytes() + " bytes an instance")
                    + (bytesAdded() == null ? "" : " (+" + bytesAdded() + ")");
            return size + "; " + (liveInstances == null ? "live instances not counted"
                    : liveInstances + " live at exit" + (liveBytesAdded() == null ? "" : ", +" + liveBytesAdded() + " bytes"));
        }
    }

    /** What happened to one finding and what to do about it. */
    public record Advice(String kind, String className, String location, String status, String text) {
    }

    /** Text lines, without prefix, in the manner of REMIX's closing line. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        for (Padded p : padded) {
            for (List<String> g : p.groups()) {
                fields.add(p.className() + "::" + String.join("+", g) + " (" + p.source() + ")");
            }
            out.add("Padded " + p.className() + ": " + p.sizeLine() + ".");
            if (!p.missingFields().isEmpty()) {
                out.add("Stale plan for " + p.className() + ": no fields " + String.join(", ", p.missingFields()));
            }
        }
        out.add(0, "Transformed " + padded.size() + " klasses" + (fields.isEmpty() ? "." : ", padded fields: "
                + String.join(", ", fields) + "."));
        for (Advice a : advice) {
            if (!a.status().equals("padded")) {
                out.add("Advice for '" + a.className() + "' (" + a.kind().replace('-', ' ') + "): " + a.text() + ".");
            }
        }
        out.addAll(notes);
        profileNote.forEach(n -> out.add("Profile " + profile + ": " + n));
        return out;
    }

    /** The {@code repair} section of the JSON report. */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> list = new ArrayList<>();
        for (Padded p : padded) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("className", p.className());
            c.put("groups", p.groups());
            c.put("source", p.source());
            c.put("missingFields", p.missingFields());
            c.put("layoutBefore", p.before() == null ? null : p.before().json());
            c.put("layoutAfter", p.after() == null ? null : p.after().json());
            c.put("instanceBytesBefore", p.before() == null ? null : p.before().instanceBytes());
            c.put("instanceBytesAfter", p.after() == null ? null : p.after().instanceBytes());
            c.put("bytesAdded", p.bytesAdded());
            c.put("liveInstances", p.liveInstances());
            c.put("liveBytesAdded", p.liveBytesAdded());
            list.add(c);
        }
        m.put("padded", list);
        m.put("profile", profile);
        m.put("profileNotes", profileNote);
        m.put("notes", notes);
        return m;
    }
}
