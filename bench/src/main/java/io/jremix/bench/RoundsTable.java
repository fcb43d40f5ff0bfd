package io.jremix.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jremix.report.AtomicFiles;
import io.jremix.report.Json;

/**
 * The results of a benchmark measured in {@link Rounds}: the Markdown table at {@code out} and, next to it, the same
 * rows as JSON with the machine and the method ({@code runs} JVMs of {@code rounds} rounds, {@code warmup} dropped).
 */
public final class RoundsTable {
    private RoundsTable() {
    }

    public static void write(Path out, String markdown, Map<String, Object> machine, RoundsPlan plan,
                             List<Map<String, Object>> rows) throws IOException {
        Files.createDirectories(out.toAbsolutePath().getParent());
        AtomicFiles.write(out, markdown);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("runs", plan.runs());
        json.put("rounds", plan.rounds());
        json.put("warmup", plan.warmup());
        json.put("rows", rows);
        AtomicFiles.write(Path.of(out.toString().replaceFirst("\\.md$", "") + ".json"), Json.write(json));
        System.err.println("wrote " + out);
    }
}
