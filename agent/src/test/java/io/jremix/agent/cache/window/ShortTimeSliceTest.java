package io.jremix.agent.cache.window;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The slice as the kernel records it for the thread ({@code se.slice} in {@code /proc/thread-self/sched}). The
 * tests run with native access enabled (the module's surefire settings), so on Java 22 and later the request goes
 * to the kernel; on 17 it is refused, saying why.
 */
class ShortTimeSliceTest {
    @Test
    void theCallingThreadGetsTheShortestSliceOnJava22AndLater() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/sched")), "Linux");
        AtomicReference<Optional<String>> refused = new AtomicReference<>();
        AtomicReference<String> before = new AtomicReference<>();
        AtomicReference<String> after = new AtomicReference<>();
        Thread t = new Thread(() -> { // a thread of its own: the slice stays with the thread that asked
            before.set(slice());
            refused.set(ShortTimeSlice.request());
            after.set(slice());
        });
        t.start();
        t.join();

        if (Runtime.version().feature() < 22) {
            assertEquals(Optional.of("needs Java 22 or later"), refused.get());
            assertEquals(before.get(), after.get());
        } else {
            assertEquals(Optional.empty(), refused.get());
            assumeTrue(after.get() != null, "a kernel that shows the slice (6.6 and later)");
            assertEquals(String.valueOf(ShortTimeSlice.SLICE_NANOS), after.get(), "was " + before.get());
        }
    }

    /** The thread's {@code se.slice} in nanoseconds, or null where the kernel does not show it. */
    private static String slice() {
        try {
            return Files.readAllLines(Path.of("/proc/thread-self/sched")).stream()
                    .filter(l -> l.startsWith("se.slice"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }
}
