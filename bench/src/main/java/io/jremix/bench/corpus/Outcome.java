package io.jremix.bench.corpus;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.bench.Stats;

/** What {@code bench/run-corpus} measured on one bug; what it did not get to stays empty (or null). */
final class Outcome {
    /** The timed variants: the version before, the version after, and the version before padded by a profile. */
    enum Variant { BEFORE, FIXED, REPAIRED }

    final Bug bug;
    final List<Detection> before = new ArrayList<>();
    /** Null unless the runs beside busy loops were asked for. */
    List<Detection> loaded;
    final List<Detection> afterDefaults = new ArrayList<>();
    final List<Detection> afterTenTimes = new ArrayList<>();
    /** The classes the learning runs' merged profile pads, as {@code Class: [field] [field]}. */
    List<String> learned = List.of();
    /** The {@code repair} section of the report of a run padded from the profile, or null. */
    Object repair;
    final Map<Variant, List<Double>> times = new EnumMap<>(Variant.class);
    String error;

    Outcome(Bug bug) {
        this.bug = bug;
    }

    /** The median of a variant's JVMs, in ms per round, or NaN if it was not run. */
    double medianMs(Variant v) {
        List<Double> ms = times.get(v);
        return ms == null ? Double.NaN : Stats.median(ms);
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bug", bug.id());
        m.put("title", bug.title());
        m.put("link", bug.link());
        m.put("versions", bug.source().versions());
        m.put("driver", bug.driver().getSimpleName() + " " + bug.variant() + " " + bug.items());
        m.put("expected", bug.expected());
        m.put("before", json(before));
        m.put("loaded", loaded == null ? null : json(loaded));
        m.put("afterDefaults", json(afterDefaults));
        m.put("afterTenTimes", json(afterTenTimes));
        m.put("tenTimes", Sensitivity.tenTimes());
        m.put("learned", learned);
        m.put("repair", repair);
        times.forEach((v, ms) -> {
            String key = v.name().toLowerCase(Locale.ROOT);
            m.put(key + "Ms", Stats.median(ms));
            m.put(key + "RunsMs", ms);
        });
        m.put("error", error);
        return m;
    }

    private static List<Object> json(List<Detection> runs) {
        return runs.stream().map(d -> (Object) d.json()).toList();
    }
}
