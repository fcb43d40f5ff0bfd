package io.jremix.agent.jmx;

import io.jremix.agent.feature.AgentLog;

/**
 * Registers jremix's MBeans in the platform MBeanServer once it exists. jremix never creates that server itself:
 * creating it initialises {@code java.util.logging} and loads about a thousand classes, which a program that
 * installs its own log manager in {@code main} (as application servers do) must do first. A JMX client creates it
 * when it connects (JConsole, JMC, the Attach API's local management agent, {@code jcmd ManagementAgent.start_local}),
 * as do {@code -Dcom.sun.management.jmxremote} and the program's own use of JMX. Nothing here opens a port.
 *
 * <p>A bean that cannot be registered (a name already taken, a security manager, a runtime without
 * {@code java.management}) is one line in its feature's log, and the feature runs on without it. This class names
 * no {@code java.management} type, so that it links where that module is missing.
 */
public final class JmxBeans {
    /** The domain of every jremix MBean. */
    public static final String DOMAIN = "io.jremix";
    /** Rows a list attribute holds at most (findings, blockers, window classes): bounds the cardinality per JVM. */
    public static final int MAX_ROWS = 20;

    private JmxBeans() {
    }

    /** A bean registered, or waiting for the server. */
    public interface Registration extends AutoCloseable {
        /** Unregisters the bean (a stop, the end of an attached detection): nothing of it stays in the server. */
        @Override
        void close();

        /** Whether the bean is in the server now. */
        boolean registered();
    }

    private static final Registration NONE = new Registration() {
        @Override
        public void close() {
        }

        @Override
        public boolean registered() {
            return false;
        }
    };

    /**
     * Registers {@code bean} as {@code io.jremix:type=<type>} now if the platform MBeanServer exists, else once it
     * does. Never throws: a failure is a line in {@code log}.
     */
    public static Registration register(String type, Object bean, AgentLog log) {
        try {
            return PlatformServer.register(type, bean, log);
        } catch (LinkageError e) {
            log.info("JMX: io.jremix:type=" + type + " is not registered (" + e + "); the run goes on without it");
            return NONE;
        }
    }
}
