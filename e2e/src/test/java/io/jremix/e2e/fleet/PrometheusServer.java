package io.jremix.e2e.fleet;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import io.jremix.e2e.Jremix;
import io.jremix.report.Json;

/**
 * A real Prometheus server (Debian's {@code prometheus} package, which {@code .ci/run} installs) on loopback, with
 * its own data directory, scraping the given targets every second, and asked through its HTTP API as a user's
 * dashboard would. The test is skipped, saying why, where there is no Prometheus.
 */
final class PrometheusServer implements AutoCloseable {
    private static final Optional<Path> BINARY = Jremix.onPath("prometheus");
    private static final long START_MILLIS = 60_000;

    private final Process process;
    private final int port;

    private PrometheusServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Skips the test when Prometheus is not installed. */
    static void require() {
        assumeTrue(BINARY.isPresent(), "prometheus is not installed (apt-get install prometheus; .ci/run installs"
                + " it): the fleet metrics are not tested against a real server");
    }

    /** A port free on loopback when asked: for the exporters and the server, which all need one given. */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Starts the server on {@code dir}, scraping {@code targets} ({@code host:port}) as job {@code jremix}. */
    static PrometheusServer start(Path dir, List<String> targets) throws IOException, InterruptedException {
        require();
        Path config = Files.writeString(dir.resolve("prometheus.yml"), """
                global:
                  scrape_interval: 1s
                  scrape_timeout: 1s
                scrape_configs:
                  - job_name: jremix
                    static_configs:
                      - targets: [%s]
                """.formatted(targets.stream().map(t -> "'" + t + "'").collect(Collectors.joining(", "))));
        int port = freePort();
        Process p = new ProcessBuilder(BINARY.orElseThrow().toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        PrometheusServer server = new PrometheusServer(p, port);
        long deadline = System.currentTimeMillis() + START_MILLIS;
        while (!server.ready()) {
            if (!p.isAlive() || System.currentTimeMillis() > deadline) {
                server.close();
                throw new AssertionError("prometheus did not start: " + Files.readString(dir.resolve("prometheus.log")));
            }
            Thread.sleep(200);
        }
        return server;
    }

    private boolean ready() {
        try {
            get("/-/ready");
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The series a PromQL instant query returns: each one's labels and value. */
    @SuppressWarnings("unchecked")
    List<Series> query(String promql) throws IOException {
        String body = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        Map<String, Object> answer = (Map<String, Object>) Json.parse(body);
        if (!"success".equals(answer.get("status"))) {
            throw new IOException("query " + promql + ": " + body);
        }
        List<Map<String, Object>> result = (List<Map<String, Object>>) ((Map<String, Object>) answer.get("data"))
                .get("result");
        return result.stream().map(r -> new Series((Map<String, String>) (Map<?, ?>) r.get("metric"),
                Double.parseDouble((String) ((List<Object>) r.get("value")).get(1)))).toList();
    }

    /** The query's series once {@code done} holds for them, or its last answer when {@code millis} have passed. */
    List<Series> await(String promql, Predicate<List<Series>> done, long millis)
            throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        List<Series> found = query(promql);
        while (!done.test(found) && System.currentTimeMillis() < deadline) {
            Thread.sleep(500);
            found = query(promql);
        }
        return found;
    }

    private String get(String path) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + path).toURL().openConnection();
        c.setConnectTimeout(2000);
        c.setReadTimeout(10_000);
        try {
            int status = c.getResponseCode();
            if (status != 200) {
                throw new IOException("prometheus answered " + status + " to " + path);
            }
            try (InputStream in = c.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } finally {
            c.disconnect();
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    /** One series of a query's answer. */
    record Series(Map<String, String> labels, double value) {
    }
}
