package io.jremix.cli;

import java.util.List;

import io.jremix.options.Fuzz;
import org.junit.jupiter.api.Test;

/** Argfile text, mutated and hostile: always words (java decides what is wrong with them), never a hang. */
class ArgFileFuzzTest {
    private static final List<String> SEEDS = List.of("-Dx=1 -cp app.jar\n", "  -Da=\"b c\"\t'-Dd=e f'\n\n-Dlast",
            "-Dq=\"it's\" -Dr='say \"hi\"' -Dback=a\\b -Dinq=\"a\\\\b\\tc\\nd\\qe\"",
            "-Dcont=\"first \\\n      second\" -Dx=1", "# a comment\n-Da=1 # another\n-Db=2#not\n-Dc=\"#kept\"",
            "-Dempty=\"\" \"\" -De=1 \"\"", "-Dcrlf=1\r\n-Dd=2\r\n", "-cp lib/a.jar:lib/b.jar Main a b");

    @Test
    void argFiles() {
        Fuzz.check(Fuzz.batch(SEEDS, 54), ArgFile::words);
    }
}
