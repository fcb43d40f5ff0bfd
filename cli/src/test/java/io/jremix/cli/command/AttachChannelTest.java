package io.jremix.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The directories of attach clients that were killed are swept by the next client; nothing else is touched. */
class AttachChannelTest {
    @TempDir
    Path tmp;

    /** The pid of a process that has ended. */
    private static long endedPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }

    private Path clientDir(long pid) throws Exception {
        Path dir = Files.createDirectory(tmp.resolve(AttachChannel.PREFIX + pid + "-123"));
        Files.writeString(dir.resolve("answer.txt"), "PARK: half an answer\n");
        return dir;
    }

    @Test
    void theDirectoryOfAClientThatIsGoneIsRemovedAndALiveOnesIsKept() throws Exception {
        Path gone = clientDir(endedPid());
        Path alive = clientDir(ProcessHandle.current().pid());
        Path noPid = Files.createDirectory(tmp.resolve("jremix-attach1234567"));
        Path elsewhere = Files.createDirectory(tmp.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("keep.txt"), "x");
        Path link = Files.createSymbolicLink(tmp.resolve(AttachChannel.PREFIX + endedPid() + "-link"), elsewhere);

        AttachChannel.sweep(tmp);

        assertFalse(Files.exists(gone));
        assertTrue(Files.exists(alive.resolve("answer.txt")));
        assertTrue(Files.isDirectory(noPid), "no pid in its name: not known to be gone");
        assertTrue(Files.exists(link), "a link is never followed");
        assertTrue(Files.exists(elsewhere.resolve("keep.txt")));
    }

    @Test
    void theClientsPidIsReadFromTheName() {
        assertEquals(4242, AttachChannel.clientPid("jremix-attach-4242-998877"));
        assertEquals(-1, AttachChannel.clientPid("jremix-attach-4242"));
        assertEquals(-1, AttachChannel.clientPid("jremix-attach-x-1"));
    }

    @Test
    void aClientsDirectoryIsNamedWithItsPidAndGoneWhenItCloses() throws Exception {
        Path dir;
        try (AttachChannel channel = AttachChannel.create()) {
            dir = channel.file().getParent();
            assertEquals(ProcessHandle.current().pid(), AttachChannel.clientPid(dir.getFileName().toString()));
            assertTrue(Files.exists(channel.file()));
        }
        assertFalse(Files.exists(dir));
    }
}
