package io.jremix.bench.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.jremix.bench.RoundsPlan;
import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.Suite;
import io.jremix.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness end to end on a workload whose parks are known: one JVM per profiler, real child JVMs. */
class ParkJfrTest {
    private static final Path HOME = Path.of(System.getProperty("jremix.home", "..")).toAbsolutePath().normalize();

    @Test
    @SuppressWarnings("unchecked")
    void tableHasEachToolsParksOfTheWorkloadAndEveryProfilersTimes(@TempDir Path dir) throws Exception {
        Suite.Entry workload = Suite.named(TimedParks.class.getName());
        RoundsPlan plan = new RoundsPlan(1, 2, 1);
        ParkJfr.Settings settings = ParkJfr.settings(HOME, Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), List.of(workload), plan, Size.TINY, dir);
        assertEquals(List.of(Profiler.PLAIN, Profiler.JREMIX, Profiler.JFR, Profiler.ASYNC_PROFILER),
                settings.profilers(), "async-profiler's library for this platform is in its jar: " + settings.notes());
        Path out = dir.resolve("park-jfr.md");
        ParkJfr.run(settings, dir, out);

        long parksOnBlocker = (long) plan.rounds() * TimedParks.ON_BLOCKER;
        String md = Files.readString(out);
        assertTrue(md.contains("| `" + TimedParks.Blocker.class.getName() + "` | " + parksOnBlocker + " | "
                + parksOnBlocker + " | 0 |"), md);
        assertTrue(md.contains("| " + workload.name() + " |"), md);

        Map<String, Object> json = (Map<String, Object>) Json.parse(Files.readString(dir.resolve("park-jfr.json")));
        Map<String, Object> row = ((List<Map<String, Object>>) json.get("rows")).get(0);
        Map<String, Object> parks = (Map<String, Object>) row.get("parks");
        for (String tool : List.of("jremix", "jfr")) {
            Map<String, Object> counts = (Map<String, Object>) parks.get(tool);
            assertEquals(parksOnBlocker, ((Number) ((Map<String, Object>) counts.get("byBlockerClass"))
                    .get(TimedParks.Blocker.class.getName())).longValue(), tool + ": " + counts);
            assertTrue(((Number) counts.get("withoutBlocker")).longValue()
                    >= (long) plan.rounds() * TimedParks.WITHOUT_BLOCKER, tool + ": " + counts);
        }
        Map<String, Object> overhead = (Map<String, Object>) row.get("overhead");
        for (Profiler p : Profiler.values()) {
            Map<String, Object> cell = (Map<String, Object>) overhead.get(p.label());
            assertNull(cell.get("error"), p + ": " + cell);
            assertEquals(plan.runs(), ((List<?>) cell.get("runsMs")).size(), p + ": " + cell);
        }
        for (Profiler p : List.of(Profiler.JREMIX, Profiler.JFR)) {
            double events = ((Number) ((Map<String, Object>) overhead.get(p.label())).get("eventsMedian")).doubleValue();
            assertTrue(events >= parksOnBlocker, p + " recorded " + events + " parks");
        }
        assertTrue(((Map<String, Object>) json.get("machine")).containsKey("loadAverageBefore"));
    }
}
