package io.jremix.bench.suite.apps;

import io.jremix.bench.suite.SelfCheckException;
import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

/**
 * An embedded Tomcat on 127.0.0.1 (ephemeral port, base directory in a temp directory) serving two servlets to 3
 * client threads that share one keep-alive {@code java.net.http.HttpClient}: {@code /calc} computes a small
 * JSON-ish answer from its query parameters, {@code /page} generates an HTML table of the requested number of rows.
 * Every iteration sends the same generated list of requests (three in four to {@code /calc}). The self-check
 * requires status 200 for every response, a {@code /calc} body equal to the one the client computes from the
 * parameters, a {@code /page} body whose rows and row values match the parameters, and every request seen by a
 * servlet (each carries its number; the client may send an idempotent GET twice when Tomcat closes a keep-alive
 * connection under it, so requests are counted once each, not calls). Tomcat's logging is turned down to warnings during the run and restored, as are the
 * System properties Tomcat sets.
 */
public final class TomcatServe implements SuiteWorkload {
    private static final int CLIENTS = 3;
    private static final String[] LOGGERS = {"org.apache.catalina", "org.apache.coyote", "org.apache.tomcat"};

    /** Numbers of the requests the servlets saw in this iteration. */
    private final Set<String> served = ConcurrentHashMap.newKeySet();
    private final List<URI> requests = new ArrayList<>();
    private final List<String> expected = new ArrayList<>();
    private final Map<Logger, Level> savedLevels = new HashMap<>(); // also keeps the loggers from being collected
    private Properties savedProperties;
    private Path baseDir;
    private Tomcat tomcat;
    private HttpClient http;
    private ExecutorService clients;
    private ExecutorService httpIo;

    /** What an iteration saw: every response's status and body (a {@code /page} body as "rows:sum"). */
    private record Outcome(int[] status, String[] body, long served) {
    }

    /** Answers {@code /calc?x=..&y=..&name=..} and {@code /page?rows=..&seed=..}. */
    private final class Servlet extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            served.add(request.getParameter("id"));
            PrintWriter out = response.getWriter();
            if (request.getServletPath().equals("/calc")) {
                long x = Long.parseLong(request.getParameter("x"));
                long y = Long.parseLong(request.getParameter("y"));
                String name = new StringBuilder(request.getParameter("name")).reverse().toString();
                response.setContentType("application/json;charset=UTF-8");
                out.printf(Locale.ROOT, "{\"sum\":%d,\"product\":%d,\"gcd\":%d,\"name\":\"%s\"}", x + y, x * y,
                        BigInteger.valueOf(x).gcd(BigInteger.valueOf(y)).longValue(), name.toUpperCase(Locale.ROOT));
                return;
            }
            int rows = Integer.parseInt(request.getParameter("rows"));
            long seed = Long.parseLong(request.getParameter("seed"));
            response.setContentType("text/html;charset=UTF-8");
            out.println("<html><head><title>page " + seed + "</title></head><body><table>");
            for (int i = 0; i < rows; i++) { // row i holds (i * 7919 + seed) mod 10007
                out.println("<tr><td>" + i + "</td><td>" + (i * 7919L + seed) % 10007 + "</td><td>row " + i
                        + " of page " + seed + ", some filler text to give the page its size</td></tr>");
            }
            out.println("</table></body></html>");
        }
    }

    /** What /calc must answer, computed by the client in its own way. */
    private static String expectedCalc(long x, long y, String name) {
        long a = x;
        long b = y;
        while (b != 0) {
            long r = a % b;
            a = b;
            b = r;
        }
        StringBuilder reversed = new StringBuilder();
        for (int i = name.length() - 1; i >= 0; i--) {
            char c = name.charAt(i);
            reversed.append(c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c);
        }
        return "{\"sum\":" + (x + y) + ",\"product\":" + x * y + ",\"gcd\":" + a + ",\"name\":\"" + reversed + "\"}";
    }

    @Override
    public void setUp(Size size) throws Exception {
        savedProperties = (Properties) System.getProperties().clone();
        for (String name : LOGGERS) {
            Logger logger = Logger.getLogger(name);
            savedLevels.put(logger, logger.getLevel());
            logger.setLevel(Level.WARNING);
        }
        baseDir = Files.createTempDirectory("jremix-tomcat");
        tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        connector.setProperty("maxKeepAliveRequests", "-1");
        connector.setProperty("maxThreads", "8");
        connector.setProperty("minSpareThreads", "4");
        tomcat.setConnector(connector);
        StandardContext context = (StandardContext) tomcat.addContext("",
                Files.createDirectory(baseDir.resolve("docs")).toString());
        context.setClearReferencesObjectStreamClassCaches(false); // no web application classes to leak: skip the
        context.setClearReferencesRmiTargets(false); //             checks, which warn without --add-opens
        context.setClearReferencesThreadLocals(false);
        Wrapper servlet = Tomcat.addServlet(context, "servlet", new Servlet());
        servlet.addMapping("/calc");
        servlet.addMapping("/page");
        tomcat.start();
        String base = "http://127.0.0.1:" + connector.getLocalPort();
        Random random = new Random(0x70CA7L);
        for (int i = 0; i < size.pick(80, 40_000); i++) {
            if (i % 4 == 3) {
                int rows = 20 + random.nextInt(200);
                int seed = random.nextInt(100_000);
                requests.add(URI.create(base + "/page?rows=" + rows + "&seed=" + seed + "&id=" + i));
                expected.add(rows + ":" + LongStream.range(0, rows).map(r -> (r * 7919 + seed) % 10007).sum());
            } else {
                long x = random.nextInt(1_000_000) + 1;
                long y = random.nextInt(1_000_000) + 1;
                String name = Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
                requests.add(URI.create(base + "/calc?x=" + x + "&y=" + y + "&name=" + name + "&id=" + i));
                expected.add(expectedCalc(x, y, name));
            }
        }
        clients = Executors.newFixedThreadPool(CLIENTS);
        httpIo = Executors.newFixedThreadPool(2);
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(httpIo).build();
    }

    @Override
    public Object iterate() throws Exception {
        served.clear();
        int[] status = new int[requests.size()];
        String[] body = new String[requests.size()];
        AtomicInteger next = new AtomicInteger();
        Callable<Void> client = () -> {
            for (int i = next.getAndIncrement(); i < status.length; i = next.getAndIncrement()) {
                URI uri = requests.get(i);
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString());
                status[i] = response.statusCode();
                body[i] = uri.getPath().equals("/page") ? pageDigest(response.body()) : response.body();
            }
            return null;
        };
        for (Future<Void> done : clients.invokeAll(Collections.nCopies(CLIENTS, client))) {
            done.get();
        }
        return new Outcome(status, body, served.size());
    }

    /** "rows:sum" of a /page body: the number of table rows and the sum of their second cells. */
    private static String pageDigest(String page) {
        long rows = 0;
        long sum = 0;
        for (int at = page.indexOf("<tr><td>"); at >= 0; at = page.indexOf("<tr><td>", at + 1)) {
            int from = page.indexOf("</td><td>", at) + "</td><td>".length();
            sum += Long.parseLong(page, from, page.indexOf("</td>", from), 10);
            rows++;
        }
        return rows + ":" + sum;
    }

    @Override
    public void check(Object result) {
        Outcome outcome = (Outcome) result;
        for (int i = 0; i < requests.size(); i++) {
            if (outcome.status()[i] != 200 || !expected.get(i).equals(outcome.body()[i])) {
                throw new SelfCheckException("request " + requests.get(i) + ": expected 200 " + expected.get(i)
                        + ", got " + outcome.status()[i] + " " + outcome.body()[i]);
            }
        }
        SuiteWorkload.expect("requests seen by the servlets", (long) requests.size(), outcome.served());
    }

    @Override
    public void tearDown() throws Exception {
        try {
            stop(clients);
            if (http instanceof AutoCloseable closeable) { // JDK 21+; before, its selector thread ends when unused
                closeable.close();
            }
            http = null;
            if (tomcat != null) {
                tomcat.stop();
                tomcat.destroy();
            }
            stop(httpIo);
        } finally {
            savedLevels.forEach(Logger::setLevel);
            if (savedProperties != null) { // Tomcat sets catalina.base, catalina.home and catalina.useNaming
                System.getProperties().keySet().retainAll(savedProperties.keySet());
                System.getProperties().putAll(savedProperties);
            }
            if (baseDir != null) {
                try (Stream<Path> files = Files.walk(baseDir)) {
                    for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(file);
                    }
                }
            }
        }
    }

    private static void stop(ExecutorService pool) throws InterruptedException {
        if (pool != null) {
            pool.shutdownNow();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
    }
}
