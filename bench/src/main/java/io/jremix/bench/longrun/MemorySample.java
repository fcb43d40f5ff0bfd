package io.jremix.bench.longrun;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The memory of a running JVM at one moment: its resident set, its live heap and the part of that heap held by
 * jremix's own objects.
 *
 * @param seconds        since the program started
 * @param rssKb          VmRSS from /proc/&lt;pid&gt;/status
 * @param liveHeapBytes  what a class histogram (which runs a full collection first) counts on the heap
 * @param jremixObjects  instances of jremix's classes among them (io.jremix, but not the workloads measured)
 * @param jremixBytes    and their shallow size
 */
public record MemorySample(long seconds, long rssKb, long liveHeapBytes, long jremixObjects, long jremixBytes) {
    /**
     * A sample of the running JVM {@code pid} (a class histogram, which collects first, then its RSS), or
     * {@code null} if the program ended while it was taken.
     */
    public static MemorySample take(Path jcmd, long pid, long seconds) throws IOException, InterruptedException {
        return of(jcmd(jcmd, pid, "GC.class_histogram"), pid, seconds);
    }

    /** What {@code jcmd <pid> <command>} prints ({@code GC.class_histogram} runs a full collection first). */
    public static String jcmd(Path jcmd, long pid, String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return text;
    }

    /** A sample from {@code histogram}, just taken of {@code pid}, and its RSS now; {@code null} as for take. */
    public static MemorySample of(String histogram, long pid, long seconds) {
        long[] heap = histogram(histogram);
        long rss = rssKb(pid);
        return heap == null || rss < 0 ? null : new MemorySample(seconds, rss, heap[0], heap[1], heap[2]);
    }

    /** The instances of {@code className} in a class histogram; 0 without a row for it. */
    public static long instances(String histogram, String className) {
        return histogram.lines().map(MemorySample::row).filter(r -> r != null && r[3].equals(className))
                .mapToLong(r -> Long.parseLong(r[1])).findFirst().orElse(0);
    }

    /** A class's row of a histogram, {@code num: instances bytes class (module)}, split; {@code null} for others. */
    private static String[] row(String line) {
        String[] f = line.trim().split("\\s+");
        return f.length >= 4 && f[0].endsWith(":") ? f : null;
    }

    /** The resident set of {@code pid} in KB, or -1 once the process has gone. */
    static long rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException e) {
            // the process ended between two samples
        }
        return -1;
    }

    /**
     * Reads the output of {@code jcmd <pid> GC.class_histogram}: rows {@code num: instances bytes class (module)}
     * and a {@code Total instances bytes} line.
     *
     * @return {live heap bytes, io.jremix instances, io.jremix bytes}, or {@code null} if there is no total line
     */
    static long[] histogram(String output) {
        long total = -1;
        long objects = 0;
        long bytes = 0;
        for (String line : output.lines().toList()) {
            String[] f = line.trim().split("\\s+");
            String[] row = row(line);
            if (f.length >= 3 && f[0].equals("Total")) {
                total = Long.parseLong(f[2]);
            } else if (row != null && row[3].startsWith("io.jremix.") && !row[3].startsWith("io.jremix.workloads.")) {
                objects += Long.parseLong(row[1]);
                bytes += Long.parseLong(row[2]);
            }
        }
        return total < 0 ? null : new long[] {total, objects, bytes};
    }

    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seconds", seconds);
        m.put("rssKb", rssKb);
        m.put("liveHeapBytes", liveHeapBytes);
        m.put("jremixObjects", jremixObjects);
        m.put("jremixBytes", jremixBytes);
        return m;
    }
}
