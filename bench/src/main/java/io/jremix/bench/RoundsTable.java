package io.jremix.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;


/**
 * The results of a benchmark measured in {@link Rounds}: the Markdown table at {@code out} and, next to it, the same
 * rows as JSON with the machine and the method ({@code runs} JVMs of {@code rounds} rounds, {@code warmup} dropped).
 */
public final class RoundsTable {
    private RoundsTable() {
    }

    public static void write(Path out, String markdown, Map<String, Object> machine, RoundsPlan plan,
                             List<Map<String, Object>> rows) throws IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("runs", plan.runs());
        json.put("rounds", plan.rounds());
        json.put("warmup", plan.warmup());
        json.put("rows", rows);
        ResultFiles.write(out, markdown, json);
    }
}
