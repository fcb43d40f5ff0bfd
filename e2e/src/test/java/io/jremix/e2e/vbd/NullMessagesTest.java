package io.jremix.e2e.vbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;

/**
 * Under VBD a {@link NullPointerException} reads as under plain java for every access kind VBD rewrites: the JVM's
 * helpful message names the failed action and where the {@code null} came from
 * ({@code io.jremix.workloads.vbd.NullMessages}).
 */
class NullMessagesTest {
    private static final String NULL_MESSAGES = "io.jremix.workloads.vbd.NullMessages";

    @Test
    void everyRewrittenAccessThrowsWhatPlainJavaThrows() throws Exception {
        Jremix.Run plain = Jremix.exec(List.of(Jremix.java(), "-cp", Jremix.WORKLOADS.toString(), NULL_MESSAGES));
        Jremix.Run vbd = Jremix.main(List.of("-XX:+VBD", "-XX:+VBDVerbose"), Jremix.WORKLOADS.toString(),
                NULL_MESSAGES);

        assertEquals(0, plain.exit(), plain.stderr());
        assertEquals(0, vbd.exit(), vbd.stderr());
        assertTrue(plain.stdout().contains("int store: java.lang.NullPointerException: Cannot store to int array"),
                "helpful messages: " + plain.stdout());
        assertTrue(vbd.stderr().contains("VBD: rewrote " + NULL_MESSAGES + ":"),
                "the class was rewritten, not skipped: " + vbd.stderr());
        assertEquals(plain.stdoutLines(), vbd.stdoutLines());
    }
}
