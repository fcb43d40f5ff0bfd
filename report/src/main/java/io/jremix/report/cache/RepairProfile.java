package io.jremix.report.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.jremix.core.cache.repair.PaddedClass;
import io.jremix.options.CacheContentionOptions;
import io.jremix.options.Excerpt;
import io.jremix.options.InputFile;
import io.jremix.options.OptionException;
import io.jremix.options.Values;
import io.jremix.report.AtomicFiles;
import io.jremix.report.Json;

/**
 * The repair plan kept between runs ({@code -XX:REMIXProfile=FILE}): the classes to pad from their first instance,
 * with their field groups. A JSON document:
 *
 * <pre>
 * {"format": "jremix-repair-profile", "version": 1,
 *  "classes": [{"className": "a.Ring", "groups": [["head"], ["tail"]], "runs": 2, "lastFound": "2026-11-22",
 *               "layout": {"headerBytes": 12, "instanceBytes": 32, "fields": [...]}}]}
 * </pre>
 *
 * {@code runs} counts the runs that found the class falsely shared; {@code lastFound} is the date of the latest;
 * {@code layout} is the class's layout as the run that found it saw it, unpadded, so that a run that pads it can
 * show before and after. It is optional: profiles written before it was added, or by a run that did not know the
 * layout, have none, and a malformed one is left out rather than making the profile unusable. A run merges what it
 * found into the file: classes it found replace their old entry, the others are kept.
 */
public record RepairProfile(List<Entry> entries) {
    public static final String FORMAT = "jremix-repair-profile";
    public static final int VERSION = 1;
    /** The largest profile read: a class's entry takes well under a kilobyte, layout included. */
    public static final int MAX_BYTES = 16 * 1024 * 1024;

    /**
     * One class of the plan and its history.
     *
     * @param layout the class's unpadded layout when it was last found, or {@code null}
     */
    public record Entry(PaddedClass padding, int runs, String lastFound, ObjectLayout layout) {
    }

    public RepairProfile {
        entries = List.copyOf(entries);
    }

    /** A profile that cannot be used, with the one-line reason. */
    public static final class UnusableProfileException extends Exception {
        private static final long serialVersionUID = 1L;

        public UnusableProfileException(String message) {
            super(message);
        }
    }

    public List<PaddedClass> classes() {
        return entries.stream().map(Entry::padding).toList();
    }

    /**
     * Reads a profile; a file that does not exist yet is an empty profile. The file is read as {@link InputFile}
     * reads: a regular file of at most {@value #MAX_BYTES} bytes of UTF-8.
     */
    public static RepairProfile read(Path file) throws UnusableProfileException {
        try {
            return parse(InputFile.utf8(file, MAX_BYTES));
        } catch (NoSuchFileException e) {
            return new RepairProfile(List.of());
        } catch (IOException e) {
            throw new UnusableProfileException(AtomicFiles.reason(e));
        }
    }

    /**
     * Checks the profile {@code -XX:REMIXProfile} names, as the launcher (before the JVM starts) and the agent (where
     * the program runs) both do: one that exists must be readable and usable. Without detection, which adds its
     * findings to the file at exit (checked with the run's outputs), the run only pads from it: then it must exist.
     */
    public static void checkOption(Values v) throws OptionException {
        Path p = v.get(CacheContentionOptions.PROFILE);
        String problem = null;
        if (p == null) {
            return;
        } else if (Files.isDirectory(p)) {
            problem = "it is a directory";
        } else if (Files.exists(p) && !Files.isReadable(p)) {
            problem = "it is not readable";
        } else if (!Files.exists(p) && v.get(CacheContentionOptions.MODE).equals("off")) {
            problem = "no such file; without -remix or -remix:detect a run only pads from an existing profile";
        }
        if (problem != null) {
            throw new OptionException("cannot read '" + v.argument(CacheContentionOptions.PROFILE) + "': " + problem);
        }
        try {
            read(p);
        } catch (UnusableProfileException e) {
            throw new OptionException("unusable profile '" + v.text(CacheContentionOptions.PROFILE) + "': "
                    + e.getMessage());
        }
    }

    /** A profile from its JSON text. */
    public static RepairProfile parse(String text) throws UnusableProfileException {
        Object doc;
        try {
            doc = Json.parse(text);
        } catch (Json.MalformedJsonException e) {
            throw new UnusableProfileException("not valid JSON (" + e.getMessage() + ")");
        }
        if (!(doc instanceof Map<?, ?> m) || !FORMAT.equals(m.get("format"))) {
            throw new UnusableProfileException("not a jremix repair profile (no \"format\": \"" + FORMAT + "\")");
        }
        if (!(m.get("version") instanceof Long v) || v != VERSION) {
            throw new UnusableProfileException("profile version " + Excerpt.of(String.valueOf(m.get("version")))
                    + ", this jremix reads version " + VERSION);
        }
        if (!(m.get("classes") instanceof List<?> classes)) {
            throw new UnusableProfileException("no \"classes\" list");
        }
        List<Entry> entries = new ArrayList<>();
        for (Object o : classes) {
            try {
                Map<?, ?> c = (Map<?, ?>) o;
                List<List<String>> groups = new ArrayList<>();
                for (Object g : (List<?>) c.get("groups")) {
                    groups.add(((List<?>) g).stream().map(f -> (String) f).toList());
                }
                entries.add(new Entry(new PaddedClass((String) c.get("className"), groups),
                        ((Long) c.get("runs")).intValue(), (String) c.get("lastFound"),
                        ObjectLayout.parse(c.get("layout"))));
            } catch (ClassCastException | NullPointerException | IllegalArgumentException e) {
                throw new UnusableProfileException("malformed class entry " + (entries.size() + 1) + " ("
                        + Excerpt.of(String.valueOf(e.getMessage())) + ")");
            }
        }
        return new RepairProfile(entries);
    }

    /** The layout the profile keeps for {@code className}, or {@code null}. */
    public ObjectLayout layout(String className) {
        return entries.stream().filter(e -> e.padding().className().equals(className)).map(Entry::layout)
                .filter(l -> l != null).findFirst().orElse(null);
    }

    /**
     * This profile with the classes a run found falsely shared on {@code date}.
     *
     * @param layouts the unpadded layout of a found class, or {@code null} when the run does not know it (the
     *                entry then keeps the layout it had)
     */
    public RepairProfile merge(List<PaddedClass> found, Function<String, ObjectLayout> layouts, String date) {
        Map<String, Entry> byClass = new LinkedHashMap<>();
        for (Entry e : entries) {
            byClass.put(e.padding().className(), e);
        }
        for (PaddedClass p : found) {
            Entry old = byClass.get(p.className());
            ObjectLayout layout = layouts.apply(p.className());
            byClass.put(p.className(), new Entry(p, old == null ? 1 : old.runs() + 1, date,
                    layout != null || old == null ? layout : old.layout()));
        }
        return new RepairProfile(List.copyOf(byClass.values()));
    }

    /** Writes the profile atomically. */
    public void write(Path file) throws IOException {
        AtomicFiles.write(file, json());
    }

    /** The profile as the JSON document it is stored as. */
    public String json() {
        List<Object> classes = new ArrayList<>();
        for (Entry e : entries) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("className", e.padding().className());
            c.put("groups", e.padding().groups());
            c.put("runs", e.runs());
            c.put("lastFound", e.lastFound());
            if (e.layout() != null) {
                c.put("layout", e.layout().json());
            }
            classes.add(c);
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("format", FORMAT);
        doc.put("version", VERSION);
        doc.put("classes", classes);
        return Json.write(doc);
    }
}
