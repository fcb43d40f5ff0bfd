package io.jremix.e2e.park;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * A program served by a real server: embedded Tomcat (a library's jar) on 127.0.0.1 whose servlet, this class's
 * (from a directory: the program), holds one {@link ReentrantLock} for a millisecond per request, while
 * {@code clients} threads of this program send {@code requests} requests each. Tomcat's workers queue on the lock,
 * and between requests wait in Tomcat's pool for work.
 *
 * <p>Args: {@code <base directory> <clients> <requests>}. Prints {@code served <count>}.
 */
public final class LockedServer {
    /** Held here: the logging framework holds its loggers weakly, and a collected one forgets its level. */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");
    private LockedServer() {
    }

    static final class Orders extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private final transient ReentrantLock lock = new ReentrantLock();
        private final AtomicLong served = new AtomicLong();

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            lock.lock();
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                lock.unlock();
            }
            resp.getWriter().println(served.incrementAndGet());
        }
    }

    public static void main(String[] args) throws Exception {
        TOMCAT_LOG.setLevel(Level.WARNING);
        Path base = Files.createDirectories(Path.of(args[0]));
        int clients = Integer.parseInt(args[1]);
        int requests = Integer.parseInt(args[2]);
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", base.toString());
        Orders orders = new Orders();
        Tomcat.addServlet(context, "orders", orders);
        context.addServletMappingDecoded("/orders", "orders");
        tomcat.start();
        URI uri = URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/orders");
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Thread t = new Thread(() -> send(uri, requests), "client-" + c);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        tomcat.stop();
        tomcat.destroy();
        System.out.println("served " + orders.served.get());
    }

    private static void send(URI uri, int requests) {
        try {
            for (int i = 0; i < requests; i++) {
                HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
                try (InputStream in = c.getInputStream()) {
                    in.readAllBytes();
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
