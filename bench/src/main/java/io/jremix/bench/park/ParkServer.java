package io.jremix.bench.park;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.ProgramClassPath;
import io.jremix.bench.RoundsPlan;
import io.jremix.bench.RoundsTable;
import io.jremix.bench.Stats;

/**
 * What the park profilers cost a real server under a real load generator: {@link OrderBookServer} (embedded Tomcat,
 * one servlet waiting on a single writer thread) loaded by {@code wrk} over loopback, as plain {@code java}, under
 * {@code bin/jremix -XXgetparkcontention}, under JFR recording {@code jdk.ThreadPark} and under async-profiler's
 * lock mode. Interleaved: each run starts one server per profiler, in an order that turns by one each run so that
 * no profiler always follows the same one; each server gets a warm-up load, then a measured one. A cell is the
 * median requests/s over the runs, its ratio to plain java's median in the same run, and plain's own spread says how
 * much of a ratio is noise. The warm-up's requests/s are kept too: a profiler that adds work for the JIT shows there
 * what a server pays in its first seconds, which the measured load, after it, does not.
 */
public final class ParkServer {
    static final String USAGE = "usage: bench/run-park-server [--runs N] [--seconds N] [--warmup N] [--connections N]"
            + " [--out FILE.md]\n"
            + "  --runs         servers per profiler, interleaved (default 5)\n"
            + "  --seconds      measured load per server, in seconds (default 10)\n"
            + "  --warmup       load before it, in seconds, its rate shown apart (default 30)\n"
            + "  --connections  wrk's open connections (default 64)\n"
            + "  --out          the table, default bench/results/park-server.md (the JSON goes next to it)";
    private static final Pattern REQUESTS_PER_SECOND = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern ERRORS = Pattern.compile("(Non-2xx or 3xx responses|Socket errors):.*");
    private static final long START_SECONDS = 60;

    /** The load: {@code wrk}'s seconds of warm-up and measurement, and its connections. */
    record Load(int warmupSeconds, int seconds, int connections) {
    }

    /**
     * One profiler's runs: requests/s measured and in the warm-up (empty without one) and events recorded per
     * server, or the error that stopped it.
     */
    record Cell(List<Double> requestsPerSecond, List<Double> warmupRequestsPerSecond, List<Long> events,
                String error) {
        boolean ok() {
            return error == null;
        }
    }

    private final Profiler.Tools tools;
    private final String classpath;
    private final Load load;
    private final Path work;

    private ParkServer(Profiler.Tools tools, String classpath, Load load, Path work) {
        this.tools = tools;
        this.classpath = classpath;
        this.load = load;
        this.work = work;
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-park-server", USAGE, args,
                "--runs", "--seconds", "--warmup", "--connections", "--out");
        int runs = o.count("--runs", 5, 1);
        Load load = new Load(o.count("--warmup", 30, 0), o.count("--seconds", 10, 1), o.count("--connections", 64, 1));
        Path out = o.path("--out", home.resolve("bench/results/park-server.md"));
        if (!wrkRuns()) {
            throw o.refuse("wrk not found: install it (apt-get install wrk)");
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path work = Files.createTempDirectory("park-server");
        try {
            Profiler.Available s = Profiler.Available.here(home, java, work);
            ParkServer bench = new ParkServer(s.tools(), ProgramClassPath.ofHarness(), load, work);
            Double loadBefore = Machine.loadAverage();
            Map<Profiler, Cell> cells = bench.measure(s.profilers(), runs);
            Map<String, Object> machine = Machine.describe(java);
            machine.put("loadAverageBefore", loadBefore);
            machine.put("loadAverageAfter", Machine.loadAverage());
            RoundsTable.write(out, ParkServerTable.markdown(machine, load, runs, s.notes(), cells), machine,
                    new RoundsPlan(runs, 1, 0), rows(load, cells));
        } finally {
            ParkJfr.deleteAll(work);
        }
    }

    private static boolean wrkRuns() {
        try {
            return new ProcessBuilder("wrk", "--version").redirectErrorStream(true).start().waitFor() >= 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Every profiler once per run, the order turned by one each run; a profiler that fails is an error from then on. */
    Map<Profiler, Cell> measure(List<Profiler> profilers, int runs) throws IOException, InterruptedException {
        Map<Profiler, List<Double>> rates = new EnumMap<>(Profiler.class);
        Map<Profiler, List<Double>> warmupRates = new EnumMap<>(Profiler.class);
        Map<Profiler, List<Long>> events = new EnumMap<>(Profiler.class);
        Map<Profiler, String> errors = new EnumMap<>(Profiler.class);
        for (int r = 0; r < runs; r++) {
            for (int i = 0; i < profilers.size(); i++) {
                Profiler p = profilers.get((i + r) % profilers.size());
                if (errors.containsKey(p)) {
                    continue;
                }
                Path output = work.resolve(p.name().toLowerCase(Locale.ROOT) + "-" + r + ".out");
                try {
                    Rates rate = serve(p, output);
                    rates.computeIfAbsent(p, k -> new ArrayList<>()).add(rate.measured());
                    if (load.warmupSeconds() > 0) {
                        warmupRates.computeIfAbsent(p, k -> new ArrayList<>()).add(rate.warmup());
                    }
                    ParksByBlockerClass recorded = p.recorded(output);
                    if (recorded != null) {
                        events.computeIfAbsent(p, k -> new ArrayList<>()).add(recorded.total());
                    }
                    System.err.printf(Locale.ROOT, "run %d/%d %-14s %9.0f requests/s (warm-up %.0f)%s%n", r + 1,
                            runs, p.label(), rate.measured(), rate.warmup(), recorded == null ? "" : ", " + recorded.total() + " events");
                } catch (IOException e) {
                    errors.put(p, e.getMessage());
                    System.err.printf(Locale.ROOT, "run %d/%d %-14s ERROR %s%n", r + 1, runs, p.label(),
                            e.getMessage());
                } finally {
                    Files.deleteIfExists(output);
                }
            }
        }
        Map<Profiler, Cell> cells = new EnumMap<>(Profiler.class);
        for (Profiler p : profilers) {
            cells.put(p, errors.containsKey(p) ? new Cell(List.of(), List.of(), List.of(), errors.get(p))
                    : new Cell(rates.get(p), warmupRates.getOrDefault(p, List.of()), events.getOrDefault(p, List.of()),
                    null));
        }
        return cells;
    }

    /** A server's requests/s in its warm-up (0 without one) and measured after it. */
    private record Rates(double warmup, double measured) {
    }

    /** One server under {@code p}: warm-up load, then the measured load. */
    private Rates serve(Profiler p, Path output) throws IOException, InterruptedException {
        List<String> argv = p.launcher(tools, output);
        argv.addAll(List.of("-cp", classpath, OrderBookServer.class.getName(), work.resolve("tomcat").toString()));
        ProcessBuilder pb = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("JREMIX_JAVA", tools.java().toString());
        Process server = pb.start();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(server.getInputStream(),
                StandardCharsets.UTF_8))) {
            int port = port(in, server);
            String url = "http://127.0.0.1:" + port + "/order";
            double warmup = load.warmupSeconds() > 0 ? wrk(url, load.warmupSeconds()) : 0;
            double rate = wrk(url, load.seconds());
            stop(server);
            return new Rates(warmup, rate);
        } finally {
            server.destroyForcibly();
        }
    }

    private static int port(BufferedReader in, Process server) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        for (String line = in.readLine(); line != null && System.nanoTime() < deadline; line = in.readLine()) {
            if (line.startsWith("port ")) {
                return Integer.parseInt(line.substring(5).trim());
            }
        }
        throw new IOException("the server did not start (exit " + (server.isAlive() ? "none" : server.exitValue()) + ")");
    }

    /** {@code wrk}'s requests/s over {@code seconds}. */
    private double wrk(String url, int seconds) throws IOException, InterruptedException {
        return requestsPerSecond(new Command(List.of("wrk", "-t2", "-c" + load.connections(), "-d" + seconds + "s",
                "--timeout", "10s", url)).run(2));
    }

    /** The requests/s that {@code wrk} printed; refuses a run with errors, whose rate would mean nothing. */
    static double requestsPerSecond(Command.Result wrk) throws IOException {
        Matcher errors = ERRORS.matcher(wrk.stdout());
        if (wrk.exit() != 0 || errors.find()) {
            throw new IOException("wrk: exit " + wrk.exit() + (errors.find(0) ? ", " + errors.group() : ""));
        }
        Matcher m = REQUESTS_PER_SECOND.matcher(wrk.stdout());
        if (!m.find()) {
            throw new IOException("wrk printed no Requests/sec: " + wrk.stdout().strip());
        }
        return Double.parseDouble(m.group(1));
    }

    private static void stop(Process server) throws IOException, InterruptedException {
        OutputStream in = server.getOutputStream();
        in.write("stop\n".getBytes(StandardCharsets.UTF_8));
        in.flush();
        if (!server.waitFor(1, TimeUnit.MINUTES)) {
            throw new IOException("the server did not stop");
        }
        if (server.exitValue() != 0) {
            throw new IOException("the server exited with " + server.exitValue());
        }
    }

    private static List<Map<String, Object>> rows(Load load, Map<Profiler, Cell> cells) {
        List<Map<String, Object>> rows = new ArrayList<>();
        Cell plain = cells.get(Profiler.PLAIN);
        cells.forEach((p, c) -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("profiler", p.label());
            row.put("how", p.how());
            row.put("connections", load.connections());
            row.put("seconds", load.seconds());
            if (c.ok()) {
                row.put("medianRequestsPerSecond", Stats.median(c.requestsPerSecond()));
                if (p != Profiler.PLAIN && plain.ok()) {
                    row.put("ratio", Stats.median(c.requestsPerSecond()) / Stats.median(plain.requestsPerSecond()));
                }
                row.put("runsRequestsPerSecond", c.requestsPerSecond());
                if (!c.warmupRequestsPerSecond().isEmpty()) {
                    row.put("runsWarmupRequestsPerSecond", c.warmupRequestsPerSecond());
                }
                if (!c.events().isEmpty()) {
                    row.put("runsEvents", c.events());
                }
            } else {
                row.put("error", c.error());
            }
            rows.add(row);
        });
        return rows;
    }
}
