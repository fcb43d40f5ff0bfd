package io.jremix.agent.jmx;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

import io.jremix.agent.AgentLog;
import io.jremix.probe.cache.EventBuffer;

/**
 * Registers jremix's MBeans in the platform MBeanServer once it exists. jremix never creates that server itself:
 * creating it initialises {@code java.util.logging} and loads about a thousand classes, which a program that
 * installs its own log manager in {@code main} (as application servers do) must do first. A JMX client creates it
 * when it connects (JConsole, JMC, the Attach API's local management agent, {@code jcmd ManagementAgent.start_local}),
 * as does {@code -Dcom.sun.management.jmxremote} or the program's own use of JMX; until then a daemon thread looks
 * for it every {@value #POLL_MILLIS} ms, and ends once nothing waits. Nothing here opens a port.
 *
 * <p>A bean that cannot be registered (a name already taken, a security manager, no {@code java.management}) is
 * one line in its feature's log, and the feature runs on without it.
 */
public final class JmxBeans {
    /** The domain of every jremix MBean. */
    public static final String DOMAIN = "io.jremix";
    /** Rows a list attribute holds at most (findings, blockers, window classes): bounds the cardinality per JVM. */
    public static final int MAX_ROWS = 20;
    static final long POLL_MILLIS = 1000;
    private static final String PLATFORM_BEAN = "java.lang:type=Runtime";

    private static final List<Registration> WAITING = new ArrayList<>();
    /** The thread looking for the server while a bean waits; {@code null} when none waits. */
    private static Thread poller;

    private JmxBeans() {
    }

    /** A bean to be registered, or registered; {@link #close} takes it out of the server, or out of the queue. */
    public static final class Registration implements AutoCloseable {
        private final ObjectName name;
        private final Object bean;
        private final AgentLog log;
        private MBeanServer server;

        private Registration(ObjectName name, Object bean, AgentLog log) {
            this.name = name;
            this.bean = bean;
            this.log = log;
        }

        /** Unregisters the bean (a stop, the end of an attached detection): nothing of it stays in the server. */
        @Override
        public void close() {
            synchronized (JmxBeans.class) {
                WAITING.remove(this);
                JmxBeans.class.notifyAll();
                if (server != null) {
                    try {
                        server.unregisterMBean(name);
                    } catch (Exception | LinkageError e) {
                        log.info("JMX: could not unregister " + name + ": " + e);
                    }
                    server = null;
                }
            }
        }

        /** Whether the bean is in the server now. */
        public boolean registered() {
            synchronized (JmxBeans.class) {
                return server != null;
            }
        }

        private void registerIn(MBeanServer platform) {
            try {
                platform.registerMBean(bean, name);
                server = platform;
            } catch (Exception | LinkageError e) {
                notRegistered(e);
            }
        }

        private void notRegistered(Throwable why) {
            log.info("JMX: " + name + " is not registered (" + why + "); the run goes on without it");
        }
    }

    /**
     * Registers {@code bean} as {@code io.jremix:type=<type>} now if the platform MBeanServer exists, else once it
     * does. Never throws: a failure is a line in {@code log}.
     */
    public static Registration register(String type, Object bean, AgentLog log) {
        ObjectName name;
        try {
            name = new ObjectName(DOMAIN, "type", type);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException(type, e);
        }
        Registration r = new Registration(name, bean, log);
        synchronized (JmxBeans.class) {
            WAITING.add(r);
        }
        try {
            registerWaiting();
            startPolling();
        } catch (RuntimeException | LinkageError e) {
            failWaiting(e);
        }
        return r;
    }

    /** Registers the waiting beans if the platform MBeanServer exists; whether none waits any more. */
    private static synchronized boolean registerWaiting() {
        if (WAITING.isEmpty()) {
            return true;
        }
        if (!platformServerExists()) {
            return false;
        }
        MBeanServer platform = ManagementFactory.getPlatformMBeanServer();
        for (Registration r : WAITING) {
            r.registerIn(platform);
        }
        WAITING.clear();
        return true;
    }

    /** Whether some MBeanServer holds the platform's beans: then getting the platform's creates nothing. */
    private static boolean platformServerExists() {
        for (MBeanServer server : MBeanServerFactory.findMBeanServer(null)) {
            try {
                if (server.isRegistered(new ObjectName(PLATFORM_BEAN))) {
                    return true;
                }
            } catch (MalformedObjectNameException e) {
                throw new IllegalStateException(e);
            }
        }
        return false;
    }

    private static synchronized void startPolling() {
        if (WAITING.isEmpty() || poller != null) {
            return;
        }
        poller = new Thread(JmxBeans::poll, "jremix-jmx");
        poller.setDaemon(true);
        EventBuffer.ignore(poller);
        poller.start();
    }

    /** Looks for the server until no bean waits; a close that empties the queue wakes it to end at once. */
    private static synchronized void poll() {
        try {
            while (!registerWaiting()) {
                JmxBeans.class.wait(POLL_MILLIS);
            }
            poller = null;
        } catch (InterruptedException | RuntimeException | LinkageError e) {
            failWaiting(e);
        }
    }

    private static synchronized void failWaiting(Throwable e) {
        for (Registration r : WAITING) {
            r.notRegistered(e);
        }
        WAITING.clear();
        poller = null;
    }
}
