package io.jremix.e2e.vbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;

/**
 * VBD changes how accesses execute, not what classes declare: reflection, field updaters and serialization see
 * the program's own declarations, as JNA, serialization frameworks and code generators need.
 */
class DeclarationsTest {
    /** The e2e test classes, where surefire runs (the module directory). */
    private static final String CLASSES = "target/test-classes";

    @Test
    void vbdLeavesDeclarationsAsTheProgramWroteThem() throws Exception {
        Jremix.Run plain = Jremix.exec(List.of(Jremix.java(), "-cp", CLASSES, DeclarationsMain.class.getName()));
        Jremix.Run vbd = Jremix.main(List.of("-XX:+VBD", "-XX:+VBDVerbose"), CLASSES, DeclarationsMain.class.getName());
        assertEquals(0, plain.exit(), plain.stderr());
        assertEquals(0, vbd.exit(), vbd.stderr());
        assertTrue(plain.stdout().contains("plain  updater:refused"), plain.stdout());
        assertTrue(plain.stdout().contains("declaredVolatile volatile updater:accepted"), plain.stdout());
        assertEquals(plain.stdout(), vbd.stdout());
        assertTrue(vbd.stderr().contains("VBD: rewrote " + DeclarationsMain.Struct.class.getName() + ":"),
                "the class was rewritten, not skipped: " + vbd.stderr());
    }
}
