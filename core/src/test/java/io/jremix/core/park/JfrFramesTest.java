package io.jremix.core.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.sun.example.Waiter;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Frames of a real JFR recording, of a monitor wait in a {@code com.sun.example} class from the class path and from
 * a named custom loader: JFR gives each class's loader and module, which make the same text and the same decision
 * as a {@link StackWalker} frame.
 */
class JfrFramesTest {
    @Test
    void recordedFramesNameTheirLoaderAndModule(@TempDir Path dir) throws Exception {
        URL testClasses = Waiter.class.getProtectionDomain().getCodeSource().getLocation();
        Path jfr = dir.resolve("waits.jfr");
        try (URLClassLoader plugins = new URLClassLoader("plugins", new URL[] {testClasses}, null);
             Recording r = new Recording()) {
            r.enable("jdk.JavaMonitorWait").withThreshold(Duration.ZERO).withStackTrace();
            r.start();
            new Waiter().run();
            ((Runnable) plugins.loadClass(Waiter.class.getName()).getConstructor().newInstance()).run();
            r.stop();
            r.dump(jfr);
        }
        // the frames up to Waiter.run: Object.wait (JDK 17), or Object.wait0 and Object.wait (JDK 25)
        List<List<RecordedFrame>> stacks = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            List<RecordedFrame> frames = e.getStackTrace().getFrames();
            for (int i = 0; i < frames.size(); i++) {
                if (frames.get(i).getMethod().getType().getName().equals(Waiter.class.getName())) {
                    stacks.add(frames.subList(0, i + 1));
                    break;
                }
            }
        }
        assertEquals(2, stacks.size(), "one wait from each loader");

        for (List<RecordedFrame> frames : stacks) {
            RecordedFrame wait = frames.get(0);
            assertTrue(JfrFrames.text(wait).startsWith("java.base/java.lang.Object.wait"), JfrFrames.text(wait));
            assertTrue(JfrFrames.isJdk(wait.getMethod().getType()));
            assertFalse(JfrFrames.isJdk(frames.get(frames.size() - 1).getMethod().getType()),
                    "com.sun.example is the program's");
        }
        List<String> waiters = stacks.stream().map(f -> JfrFrames.text(f.get(f.size() - 1))).sorted().toList();
        assertTrue(waiters.get(0).matches("app//com\\.sun\\.example\\.Waiter\\.run\\(line:\\d+\\)"), waiters.get(0));
        assertTrue(waiters.get(1).matches("plugins//com\\.sun\\.example\\.Waiter\\.run\\(line:\\d+\\)"), waiters.get(1));
        for (String w : waiters) {
            assertTrue(FrameText.parse(w).isUser(), w);
        }
    }
}
