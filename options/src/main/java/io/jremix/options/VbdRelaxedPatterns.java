package io.jremix.options;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The code a {@code -XX:VBDRelaxed=FILE} file leaves relaxed, in the style of HotSpot's {@code CompileCommand}
 * patterns, one per line ({@code #} starts a comment, blank lines are ignored):
 * <pre>
 *   java/io/*.*                 every member of every class whose name starts with java/io/: the classes are relaxed
 *   com/example/Ring            the class com.example.Ring (slash form without a member)
 *   com.example.Ring::*         the same class, dotted form
 *   com.example.*               every class in com.example and its sub-packages (and a class com.example, if any)
 *   com.example.Ring::offer     the methods and fields named offer (all overloads)
 *   com.example.Ring.offer      the same: in dotted form without ::, the last dot starts the member
 *   com/example/Ring.offer      the same, slash form
 *   com.example.Ring::&lt;init&gt;    its constructors
 *   com.example.*::count        every method and field named count in com.example and its sub-packages
 * </pre>
 * A member pattern names methods and fields alike: a field it names keeps its declared modifiers, a method it
 * names runs as without VBD (plain array and Unsafe accesses, and plain access to fields VBD made volatile). A member pattern of just {@code *} relaxes the whole class.
 * {@code *} matches any run of characters, package separators included, anywhere in either part. Dots and slashes
 * in class names are the same; nested classes are written with {@code $}. A pattern that names nothing loaded is
 * not an error (like CompileCommand), but a malformed one is: it stops the JVM before the program starts. A file
 * is at most {@value #MAX_BYTES} bytes of UTF-8 and a pattern at most {@value #MAX_PATTERN} characters; names are
 * matched without backtracking, in time linear in the name for each run of literal characters.
 */
public final class VbdRelaxedPatterns {
    private static final Pattern CLASS_PART = Pattern.compile("[\\p{javaJavaIdentifierPart}$*./]+");
    private static final Pattern MEMBER_PART = Pattern.compile("[\\p{javaJavaIdentifierPart}$*]+|<init>|<clinit>");
    /** The largest pattern file read: a million bytes is thousands of patterns. */
    public static final int MAX_BYTES = 1024 * 1024;
    /** The longest pattern, comment left out: a class name and a member rarely reach 200. */
    public static final int MAX_PATTERN = 1000;

    /**
     * One line of the file: the classes it names, and the members, {@code null} for whole classes. A dotted package
     * pattern ({@code com.example.*}) names the classes its package part matches and those inside it.
     */
    private record Entry(List<Glob> types, Glob member) {
        boolean namesClass(String internalName) {
            return types.stream().anyMatch(t -> t.matches(internalName));
        }
    }

    private static final VbdRelaxedPatterns NONE = new VbdRelaxedPatterns(List.of());

    private final List<Entry> entries;

    private VbdRelaxedPatterns(List<Entry> entries) {
        this.entries = entries;
    }

    /** No patterns: nothing is relaxed but what the annotation marks. */
    public static VbdRelaxedPatterns none() {
        return NONE;
    }

    /** Reads and checks a pattern file; the exception's message names the file and line. */
    public static VbdRelaxedPatterns read(Path file) throws OptionException {
        String text;
        try {
            text = InputFile.utf8(file, MAX_BYTES);
        } catch (IOException e) {
            throw new OptionException("cannot read relaxed-pattern file '" + file + "': "
                    + (e.getMessage() == null ? e.toString() : e.getMessage()));
        }
        return parse(file.toString(), text.lines().toList());
    }

    /** Parses the lines of a pattern file called {@code name} (for messages). */
    public static VbdRelaxedPatterns parse(String name, List<String> lines) throws OptionException {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            String text = (hash < 0 ? line : line.substring(0, hash)).strip();
            if (!text.isEmpty()) {
                entries.add(entry(text, name, i + 1));
            }
        }
        return new VbdRelaxedPatterns(List.copyOf(entries));
    }

    private static Entry entry(String text, String file, int line) throws OptionException {
        if (text.length() > MAX_PATTERN) {
            throw new OptionException("bad pattern '" + Excerpt.of(text) + "' in " + file + " line " + line
                    + ": longer than " + MAX_PATTERN + " characters");
        }
        String type;
        String member;
        int colons = text.indexOf("::");
        if (colons >= 0) {
            type = text.substring(0, colons);
            member = text.substring(colons + 2);
        } else if (text.indexOf('/') >= 0) {
            int dot = text.indexOf('.', text.lastIndexOf('/'));
            type = dot < 0 ? text : text.substring(0, dot);
            member = dot < 0 ? null : text.substring(dot + 1);
        } else {
            int dot = text.lastIndexOf('.');
            type = dot < 0 ? text : text.substring(0, dot);
            member = dot < 0 ? null : text.substring(dot + 1);
        }
        String problem = problem(type, member);
        if (problem != null) {
            throw new OptionException("bad pattern '" + Excerpt.of(text) + "' in " + file + " line " + line + ": "
                    + problem);
        }
        String classes = type.replace('.', '/');
        List<Glob> types = colons < 0 && text.indexOf('/') < 0 && "*".equals(member)
                ? List.of(new Glob(classes), new Glob(classes + "/*")) // com.example.* : the package, or the class
                : List.of(new Glob(classes));
        return new Entry(types, member == null || member.equals("*") ? null : new Glob(member));
    }

    private static String problem(String type, String member) {
        if (type.isEmpty()) {
            return "no class pattern";
        }
        if (!CLASS_PART.matcher(type).matches()) {
            return "a class pattern has letters, digits, $, *, dots and slashes only";
        }
        String t = type.replace('.', '/');
        if (t.startsWith("/") || t.endsWith("/") || t.contains("//")) {
            return "empty package or class name";
        }
        if (member == null) {
            return null;
        }
        if (member.isEmpty()) {
            return "no member after the class pattern (use * for the whole class)";
        }
        if (member.indexOf('(') >= 0) {
            return "method descriptors are not supported: a pattern names all overloads";
        }
        if (!MEMBER_PART.matcher(member).matches()) {
            return "a member pattern has letters, digits, $ and * only, or is <init> or <clinit>";
        }
        return null;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** Whether a pattern relaxes the whole class ({@code internalName} with slashes). */
    public boolean relaxesClass(String internalName) {
        for (Entry e : entries) {
            if (e.member == null && e.namesClass(internalName)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a pattern relaxes the method or field {@code member} of the class, or the whole class. */
    public boolean relaxesMember(String internalName, String member) {
        for (Entry e : entries) {
            if (e.namesClass(internalName) && (e.member == null || e.member.matches(member))) {
                return true;
            }
        }
        return false;
    }
}
