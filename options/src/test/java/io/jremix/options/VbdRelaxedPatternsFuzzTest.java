package io.jremix.options;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The relaxed-pattern parser and its matching on mutated and hostile files: linear, never a hang. */
class VbdRelaxedPatternsFuzzTest {
    private static final List<String> SEEDS = List.of("# relaxed code\njava/io/*.*\ncom.example.*\n",
            "com/example/Ring\ncom.example.Ring::*\ncom.example.Ring::offer   # hot loop\n",
            "com.example.Ring.offer\ncom/example/Ring.offer\ncom.example.Ring::<init>\ncom.example.*::count*\n",
            "*Node::<init>\n*.*::*\n  \n\n");
    /** Names every parsed file is matched against: short ones, and one far longer than any class name. */
    private static final List<String> NAMES = List.of("com/example/Ring", "java/io/File", "a",
            "com/example/" + "a".repeat(20_000) + "b");

    @Test
    void patternFiles() {
        Fuzz.check(Fuzz.batch(SEEDS, 54), input -> {
            VbdRelaxedPatterns patterns = VbdRelaxedPatterns.parse("fuzz.txt", input.lines().toList());
            for (String name : NAMES) {
                patterns.relaxesClass(name);
                patterns.relaxesMember(name, name);
            }
        }, OptionException.class);
    }
}
