package io.jremix.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Where a result came from: CPU, cores, kernel and the JDK of the measured JVMs. */
public final class Machine {
    private Machine() {
    }

    public static Map<String, Object> describe(Path java) throws IOException, InterruptedException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpu", cpuModel());
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        Command.Result version = new Command(List.of(java.toString(), "-version")).run().orThrow();
        m.put("jdk", version.stderr().lines().skip(1).findFirst().orElse("?").trim());
        m.put("java", java.toString());
        return m;
    }

    /** A result's first words: {@code Measured 2026-12-07 on <cpu> (2 cores), <jdk>}. */
    public static String measured(Map<String, Object> machine) {
        return measured(LocalDate.now(), machine);
    }

    public static String measured(LocalDate date, Map<String, Object> machine) {
        return String.format(Locale.ROOT, "Measured %s on %s (%s cores), %s", date, machine.get("cpu"),
                machine.get("cores"), machine.get("jdk"));
    }

    /** The 1-minute load average, or {@code null} where {@code /proc/loadavg} is not there. */
    public static Double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String cpuModel() throws IOException {
        Path info = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(info)) {
            return System.getProperty("os.arch");
        }
        return Files.readAllLines(info).stream().filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(System.getProperty("os.arch"));
    }
}
