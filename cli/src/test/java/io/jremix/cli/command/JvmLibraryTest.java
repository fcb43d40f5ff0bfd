package io.jremix.cli.command;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmLibraryTest {
    private static final String LIBC = "7f2a1c000000-7f2a1c028000 r--p 00000000 08:01 1234 /usr/lib/x86_64-linux-gnu/libc.so.6\n";

    @Test
    void aProcessWithoutAJvmLibraryIsSurelyNotJava(@TempDir Path dir) throws IOException {
        assertTrue(JvmLibrary.surelyAbsent(Files.writeString(dir.resolve("maps"), LIBC)));
    }

    @Test
    void hotSpotAndOpenJ9AreRecognised(@TempDir Path dir) throws IOException {
        assertFalse(JvmLibrary.surelyAbsent(Files.writeString(dir.resolve("hotspot"), LIBC
                + "7f2a1d000000-7f2a1e000000 r-xp 00000000 08:01 99 /usr/lib/jvm/java-17/lib/server/libjvm.so\n")));
        assertFalse(JvmLibrary.surelyAbsent(Files.writeString(dir.resolve("j9"), LIBC
                + "7f2a1d000000-7f2a1e000000 r-xp 00000000 08:01 99 /opt/ibm/java/lib/default/libj9vm29.so\n")));
    }

    @Test
    void unreadableOrEmptyMapsConcludeNothing(@TempDir Path dir) throws IOException {
        assertFalse(JvmLibrary.surelyAbsent(dir.resolve("no-such-maps")));
        assertFalse(JvmLibrary.surelyAbsent(Files.writeString(dir.resolve("empty"), "")));
    }

    @Test
    void thisJvmIsAJvm() {
        assertFalse(JvmLibrary.surelyAbsent(ProcessHandle.current().pid()));
    }
}
