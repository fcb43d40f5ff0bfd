package io.jremix.bench.attach;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.jremix.workloads.cache.SaturatedService;

/**
 * {@link SaturatedService} (or another service of the workloads that stops on a {@code stop} line) started with plain
 * java, read while it runs: the requests it has served (from its {@code served <millis> <count>} lines) and the CPU
 * time its process has used (from /proc).
 */
final class ServiceUnderTest implements AutoCloseable {
    /** Clock ticks per second of /proc/&lt;pid&gt;/stat's times: USER_HZ, 100 on Linux. */
    private static final double TICKS_PER_SECOND = 100;

    /** The service's progress at one moment: its own clock and count, and its process's CPU seconds. */
    record Progress(long millis, long requests, double cpuSeconds) {
    }

    private final Process process;
    private final Thread reader;
    private volatile long lastMillis;
    private volatile long lastCount;
    private volatile String lastLine = "";

    private ServiceUnderTest(Process process) {
        this.process = process;
        this.reader = new Thread(this::read, "service-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    static ServiceUnderTest start(Path java, List<String> jvmOptions, Path workloads, Class<?> service, int threads)
            throws IOException {
        List<String> argv = new java.util.ArrayList<>(List.of(java.toString()));
        argv.addAll(jvmOptions);
        argv.addAll(List.of("-cp", workloads.toString(), service.getName(), Integer.toString(threads)));
        return new ServiceUnderTest(new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.DISCARD).start());
    }

    long pid() {
        return process.pid();
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.split(" ");
                if (f.length == 3) {
                    lastMillis = Long.parseLong(f[1]);
                    lastCount = Long.parseLong(f[2]);
                }
                lastLine = line;
            }
        } catch (IOException e) {
            // the service ended
        }
    }

    Progress progress() throws IOException {
        String[] stat = Files.readString(Path.of("/proc", Long.toString(pid()), "stat")).split("\\) ", 2)[1].split(" ");
        long ticks = Long.parseLong(stat[11]) + Long.parseLong(stat[12]); // utime, stime: fields 14 and 15
        return new Progress(lastMillis, lastCount, ticks / TICKS_PER_SECOND);
    }

    /** Sends {@code stop}; returns the exit code and the service's last line ({@code served <requests>}). */
    String stop() throws IOException, InterruptedException {
        OutputStream in = process.getOutputStream();
        in.write("stop\n".getBytes(StandardCharsets.UTF_8));
        in.flush();
        if (!process.waitFor(1, TimeUnit.MINUTES)) {
            throw new IOException("the service did not stop");
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        return "exit " + process.exitValue() + ", " + lastLine;
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
