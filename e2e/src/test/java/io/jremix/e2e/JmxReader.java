package io.jremix.e2e;

import java.io.IOException;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;

/**
 * A plain JMX client of a program, with no jremix class: it starts the program's local management agent through the
 * Attach API (as JConsole does; the program itself opens no port) and reads attributes as open data.
 */
final class JmxReader implements AutoCloseable {
    private static final long TIMEOUT_MILLIS = 60_000;

    private final JMXConnector connector;
    private final MBeanServerConnection server;

    private JmxReader(JMXConnector connector) throws IOException {
        this.connector = connector;
        this.server = connector.getMBeanServerConnection();
    }

    static JmxReader attach(long pid) throws IOException, AttachNotSupportedException {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        try {
            return new JmxReader(JMXConnectorFactory.connect(new JMXServiceURL(vm.startLocalManagementAgent())));
        } finally {
            vm.detach();
        }
    }

    /** Reads {@code io.jremix:type=<type>}'s {@code attribute} until {@code done} holds for it, and returns it. */
    <T> T await(String type, String attribute, Class<T> kind, Predicate<T> done)
            throws IOException, JMException, InterruptedException {
        ObjectName name = new ObjectName("io.jremix", "type", type);
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        Object last = null;
        while (System.currentTimeMillis() < deadline) {
            if (server.isRegistered(name)) {
                last = server.getAttribute(name, attribute);
                if (kind.isInstance(last) && done.test(kind.cast(last))) {
                    return kind.cast(last);
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError(name + " " + attribute + " never became what the test waits for; last read: " + last);
    }

    /** Reads the table {@code attribute} until a row of it is {@code wanted}, and returns that row. */
    CompositeData awaitRow(String type, String attribute, Predicate<CompositeData> wanted)
            throws IOException, JMException, InterruptedException {
        return rows(await(type, attribute, TabularData.class, t -> rows(t).anyMatch(wanted))).filter(wanted)
                .findFirst().orElseThrow();
    }

    private static Stream<CompositeData> rows(TabularData table) {
        return table.values().stream().map(CompositeData.class::cast);
    }

    boolean registered(String type) throws IOException, JMException {
        return server.isRegistered(new ObjectName("io.jremix", "type", type));
    }

    /** Waits until no MBean of jremix's is registered (an attached detection's go once its classes are restored). */
    void awaitNone() throws IOException, JMException, InterruptedException {
        ObjectName all = new ObjectName("io.jremix:*");
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        Set<ObjectName> names = server.queryNames(all, null);
        while (!names.isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
            names = server.queryNames(all, null);
        }
        if (!names.isEmpty()) {
            throw new AssertionError("MBeans of jremix's left behind: " + names);
        }
    }

    @Override
    public void close() throws IOException {
        connector.close();
    }
}
