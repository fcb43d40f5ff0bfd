package io.jremix.agent.jmx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.jremix.agent.feature.AgentLog;
import io.jremix.core.cache.WindowHistory;
import org.junit.jupiter.api.Test;

/** Registration in the platform MBeanServer: once it exists, one line for a name taken, nothing left after close. */
class JmxBeansTest {
    private final ByteArrayOutputStream lines = new ByteArrayOutputStream();
    private final AgentLog log = new AgentLog(new PrintStream(lines, true, StandardCharsets.UTF_8), "REMIX: ", false,
            false);

    private static DetectionWindows bean() {
        return new DetectionWindows(() -> false, () -> 0, new WindowHistory());
    }

    private static void awaitRegistered(JmxBeans.Registration r) throws InterruptedException {
        for (int i = 0; i < 600 && !r.registered(); i++) {
            Thread.sleep(50);
        }
        assertTrue(r.registered(), "registered once the platform server exists");
    }

    @Test
    void registersInThePlatformServer_refusesATakenNameInOneLine_andLeavesNothingAfterClose() throws Exception {
        JmxBeans.Registration first = JmxBeans.register("TestWindows", bean(), log);
        MBeanServer platform = ManagementFactory.getPlatformMBeanServer();
        awaitRegistered(first);
        ObjectName name = new ObjectName("io.jremix:type=TestWindows");
        assertEquals(0, platform.getAttribute(name, "WindowCount"));

        JmxBeans.Registration second = JmxBeans.register("TestWindows", bean(), log);
        assertFalse(second.registered());
        String out = lines.toString(StandardCharsets.UTF_8);
        assertEquals(1, out.lines().count(), out);
        assertTrue(out.startsWith("REMIX: JMX: io.jremix:type=TestWindows is not registered"
                + " (javax.management.InstanceAlreadyExistsException"), out);
        second.close();
        assertTrue(platform.isRegistered(name), "the first stays");

        first.close();
        assertFalse(platform.isRegistered(name));
        JmxBeans.Registration again = JmxBeans.register("TestWindows", bean(), log);
        assertTrue(again.registered(), "a second attach registers anew, at once when the server exists");
        again.close();
        assertFalse(platform.isRegistered(name));
        assertEquals(1, lines.toString(StandardCharsets.UTF_8).lines().count());
    }
}
