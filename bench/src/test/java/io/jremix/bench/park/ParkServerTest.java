package io.jremix.bench.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.jremix.bench.Command;
import org.junit.jupiter.api.Test;

/** How the server bench reads {@code wrk} and what its table says; the servers themselves run in the bench only. */
class ParkServerTest {
    /** wrk 4.1's output on this machine, loading OrderBookServer with 8 connections for 2 s. */
    private static final String WRK = """
            Running 2s test @ http://127.0.0.1:35311/order
              2 threads and 8 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency    14.94ms   39.63ms 250.71ms   91.10%
                Req/Sec     2.47k     1.41k    5.17k    51.28%
              9883 requests in 2.23s, 1.16MB read
            Requests/sec:   4430.91
            Transfer/sec:    532.53KB
            """;

    @Test
    void readsTheRequestsPerSecond() throws IOException {
        assertEquals(4430.91, ParkServer.requestsPerSecond(new Command.Result(0, WRK, "")));
    }

    @Test
    void refusesARunWithErrors() {
        String failed = WRK.replace("  9883 requests", "  Non-2xx or 3xx responses: 4713\n  9883 requests");
        IOException e = assertThrows(IOException.class,
                () -> ParkServer.requestsPerSecond(new Command.Result(0, failed, "")));
        assertTrue(e.getMessage().contains("Non-2xx or 3xx responses: 4713"), e.getMessage());
        assertThrows(IOException.class, () -> ParkServer.requestsPerSecond(new Command.Result(1, "", "")));
    }

    @Test
    void tableGivesEachProfilersMedianAgainstPlainsAndPlainsSpread() {
        Map<Profiler, ParkServer.Cell> cells = new EnumMap<>(Profiler.class);
        cells.put(Profiler.PLAIN, new ParkServer.Cell(List.of(1000.0, 900.0, 1100.0), List.of(500.0, 400.0, 600.0),
                List.of(), null));
        cells.put(Profiler.JREMIX, new ParkServer.Cell(List.of(950.0, 990.0, 970.0), List.of(400.0, 450.0, 350.0),
                List.of(5L, 7L, 6L), null));
        cells.put(Profiler.JFR, new ParkServer.Cell(List.of(), List.of(), List.of(),
                "the server did not start (exit 1)"));
        String md = ParkServerTable.markdown(Map.of("cpu", "cpu", "cores", 2, "jdk", "jdk"),
                new ParkServer.Load(1, 2, 8), 3, List.of(), cells);
        assertTrue(md.contains("| plain | 1000 (900–1100) | – | – | – |"), md);
        assertTrue(md.contains("| jremix | 970 (950–990) | 0.97× | 0.80× | 6 |"), md);
        assertTrue(md.contains("| JFR | error | – | – | – |"), md);
        assertTrue(md.contains("from 0.90× to 1.10× of their median"), md);
        assertTrue(md.contains("- Error under JFR: the server did not start (exit 1)"), md);
    }
}
