package io.jremix.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A program started through {@code bin/jremix} that keeps running while the test looks at it: its output goes to
 * files the test can poll, and lines can be written to its stdin (the park workloads stop on {@code stop}).
 */
public final class LiveProgram implements AutoCloseable {
    private static final long TIMEOUT_MILLIS = 120_000;
    /** Characters of stderr a time-out shows: enough for the last few windows' lines. */
    private static final int STDERR_TAIL = 4000;

    private final Process process;
    private final Path out;
    private final Path err;

    private LiveProgram(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    /** {@code bin/jremix <options> -cp workloads <main> <args>}; {@code exec} keeps the launcher's pid for java. */
    public static LiveProgram start(List<String> options, String main, String... args) throws IOException {
        return startOn(Jremix.WORKLOADS.toString(), options, main, args);
    }

    /** {@code bin/jremix <options> -cp <classpath> <main> <args>}. */
    public static LiveProgram startOn(String classpath, List<String> options, String main, String... args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Jremix.HOME.resolve("bin/jremix").toString());
        command.addAll(options);
        command.addAll(List.of("-cp", classpath, main));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("JREMIX_JAVA");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        Path out = Files.createTempFile("jremix-live-out", ".txt");
        Path err = Files.createTempFile("jremix-live-err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        return new LiveProgram(pb.start(), out, err);
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** Waits for a stdout line starting with {@code prefix} and returns it. */
    public String awaitLine(String prefix) throws IOException, InterruptedException {
        return await(out, prefix);
    }

    /** Waits for a stderr line starting with {@code prefix} and returns it. */
    public String awaitErrorLine(String prefix) throws IOException, InterruptedException {
        return await(err, prefix);
    }

    /** Waits for a stderr line containing {@code part} and returns it. */
    public String awaitErrorLineContaining(String part) throws IOException, InterruptedException {
        return await(err, l -> l.contains(part), "containing '" + part + "'");
    }

    private String await(Path file, String prefix) throws IOException, InterruptedException {
        return await(file, l -> l.startsWith(prefix), "'" + prefix + "'");
    }

    private String await(Path file, Predicate<String> wanted, String what)
            throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            Optional<String> line = text.substring(0, text.lastIndexOf('\n') + 1).lines() // whole lines only
                    .filter(wanted).findFirst();
            if (line.isPresent()) {
                return line.get();
            }
            if (!process.isAlive()) {
                throw new AssertionError("ended before printing a line " + what + ": " + Files.readString(err));
            }
            Thread.sleep(50);
        }
        String text = Files.readString(err, StandardCharsets.UTF_8);
        throw new AssertionError("no line " + what + " in time; stderr ends:\n"
                + text.substring(Math.max(0, text.length() - STDERR_TAIL)));
    }

    /**
     * Reads the JSON report {@code file} while this program runs until {@code done} holds for it, and returns it:
     * the file never holds a document that does not parse (reports are written atomically).
     */
    public Map<String, Object> awaitReport(Path file, Predicate<Map<String, Object>> done)
            throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("ended while its report was read: " + Files.readString(err));
            }
            if (Files.exists(file)) {
                Map<String, Object> doc = Jremix.json(file);
                if (done.test(doc)) {
                    return doc;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no such report in " + file + " in time");
    }

    public void send(String line) throws IOException {
        OutputStream in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Waits for the end and returns what it printed. */
    public Jremix.Run finish() throws IOException, InterruptedException {
        if (!process.waitFor(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
            throw new AssertionError("did not end in time");
        }
        return new Jremix.Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @Override
    public void close() throws IOException {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
    }
}
