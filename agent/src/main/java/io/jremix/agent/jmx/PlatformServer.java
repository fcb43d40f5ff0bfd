package io.jremix.agent.jmx;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

import io.jremix.agent.feature.AgentLog;
import io.jremix.probe.OwnThreads;

/**
 * The platform MBeanServer's side of {@link JmxBeans}: beans wait in a queue until the server exists, and a daemon
 * thread looks for it every {@value #POLL_MILLIS} ms while one waits. The only class here that touches
 * {@code java.management}.
 */
final class PlatformServer {
    static final long POLL_MILLIS = 1000;
    private static final String PLATFORM_BEAN = "java.lang:type=Runtime";

    private static final List<Bean> WAITING = new ArrayList<>();
    /** The thread looking for the server while a bean waits; {@code null} when none waits. */
    private static Thread poller;

    private PlatformServer() {
    }

    /** A bean to be registered, or registered; {@link #close} takes it out of the server, or out of the queue. */
    private static final class Bean implements JmxBeans.Registration {
        private final ObjectName name;
        private final Object bean;
        private final AgentLog log;
        private MBeanServer server;

        private Bean(ObjectName name, Object bean, AgentLog log) {
            this.name = name;
            this.bean = bean;
            this.log = log;
        }

        @Override
        public void close() {
            synchronized (PlatformServer.class) {
                WAITING.remove(this);
                PlatformServer.class.notifyAll();
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

        @Override
        public boolean registered() {
            synchronized (PlatformServer.class) {
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

    /** {@link JmxBeans#register}, with {@code java.management} at hand. */
    static JmxBeans.Registration register(String type, Object bean, AgentLog log) {
        ObjectName name;
        try {
            name = new ObjectName(JmxBeans.DOMAIN, "type", type);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException(type, e);
        }
        Bean r = new Bean(name, bean, log);
        synchronized (PlatformServer.class) {
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
        for (Bean r : WAITING) {
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
        poller = new Thread(PlatformServer::poll, "jremix-jmx");
        poller.setDaemon(true);
        OwnThreads.add(poller);
        poller.start();
    }

    /** Looks for the server until no bean waits; a close that empties the queue wakes it to end at once. */
    private static synchronized void poll() {
        try {
            while (!registerWaiting()) {
                PlatformServer.class.wait(POLL_MILLIS);
            }
            poller = null;
        } catch (InterruptedException | RuntimeException | LinkageError e) {
            failWaiting(e);
        }
    }

    private static synchronized void failWaiting(Throwable e) {
        for (Bean r : WAITING) {
            r.notRegistered(e);
        }
        WAITING.clear();
        poller = null;
    }
}
