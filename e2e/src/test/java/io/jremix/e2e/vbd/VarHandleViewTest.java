package io.jremix.e2e.vbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;

/** VBD orders plain VarHandle accesses without changing what they compute (the suite's Lucene runs failed once). */
class VarHandleViewTest {
    @Test
    void aMisalignedByteArrayViewStillWorksUnderVbdAndIsFenced() throws Exception {
        Jremix.Run run = Jremix.main(List.of("-XX:+VBD"), System.getProperty("java.class.path"),
                MisalignedView.class.getName());
        assertEquals(0, run.exit(), run.stderr());
        assertEquals("read 102030405060708", run.stdout().trim());
        assertTrue(run.stderr().contains(" 2 Unsafe/VarHandle sites"), run.stderr());
    }
}
