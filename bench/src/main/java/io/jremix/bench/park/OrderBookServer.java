package io.jremix.bench.park;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * The server that {@link ParkServer} loads: an embedded Tomcat on 127.0.0.1 whose one servlet, {@code /order},
 * hands each order to the book's one writer thread and waits for its answer, as a server that keeps its state on a
 * single thread does. Every request parks its worker on the answer's future and the writer on its queue when it
 * runs out of orders: thousands of parks a second, each with a thread waiting for another.
 *
 * <p>Args: the base directory Tomcat writes into. Prints {@code port <n>} once it listens, and stops on a
 * {@code stop} line or the end of its input, so that a profiler's exit report is written as for any program that
 * ends normally.
 */
public final class OrderBookServer {
    /** Held here: the logging framework holds its loggers weakly, and a collected one forgets its level. */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");
    /** Work per order on the writer thread, as rounds of a small hash: a few microseconds. */
    private static final int ROUNDS_PER_ORDER = 2_000;

    /** The servlet: submits the order to the book's writer and answers with the book's state after it. */
    static final class OrderServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private final transient ExecutorService writer;
        private long book = 17;
        private long orders;

        OrderServlet(ExecutorService writer) {
            this.writer = writer;
        }

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            long state;
            try {
                state = writer.submit(this::add).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                resp.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
                return;
            } catch (ExecutionException e) {
                throw new IOException(e.getCause());
            }
            resp.setContentType("text/plain");
            resp.getWriter().println(state);
        }

        /** Runs on the writer thread alone. */
        private long add() {
            long h = book ^ orders;
            for (int i = 0; i < ROUNDS_PER_ORDER; i++) {
                h = h * 0x9E3779B97F4A7C15L + i;
            }
            book = h;
            return ++orders;
        }
    }

    public static void main(String[] args) throws Exception {
        TOMCAT_LOG.setLevel(Level.WARNING);
        Path base = Files.createDirectories(Path.of(args[0]));
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", base.toString());
        ExecutorService writer = Executors.newSingleThreadExecutor();
        Tomcat.addServlet(context, "order", new OrderServlet(writer));
        context.addServletMappingDecoded("/order", "order");
        tomcat.start();
        System.out.println("port " + connector.getLocalPort());
        System.out.flush();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null && !line.equals("stop"); line = in.readLine()) {
                // anything else is ignored
            }
        }
        tomcat.stop();
        tomcat.destroy();
        writer.shutdown();
    }
}
