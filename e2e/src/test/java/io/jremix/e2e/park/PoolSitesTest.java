package io.jremix.e2e.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.zaxxer.hikari.HikariDataSource;
import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real connection pool (HikariCP over in-memory H2, 16 threads, 3 connections): the threads wait inside the
 * pool's code, a library's jar, and the report names the program's method that asked for a connection, with its
 * line, and the pool's frames as context.
 */
class PoolSitesTest {
    private static final String PROGRAM = "app//" + PooledOrders.class.getName() + ".";
    private static final Pattern SITE = Pattern.compile(Pattern.quote(PROGRAM) + "(find|save)\\(PooledOrders\\.java:\\d+\\)");
    private static final String HIKARI = " [HikariCP-5.1.0.jar]";

    @Test
    @SuppressWarnings("unchecked")
    void aWaitForAConnection_isTheProgramsLine_withThePoolsFramesAsContext(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("park.json");
        Jremix.Run run = Jremix.main(List.of("-XXgetparkcontention:report=" + report), classPath(),
                PooledOrders.class.getName(), "16", "40");
        assertEquals(0, run.exit(), run.stderr());
        assertEquals(List.of("served 640"), run.stdoutLines());

        List<String> table = ParkReports.textReport(run.stderrLines(), "exit");
        String all = String.join("\n", table);
        // the first row: its first line, then the lines of its cells below, which start blank
        List<String> firstRow = new ArrayList<>(List.of(table.get(ParkReports.FIRST_ROW)));
        table.subList(ParkReports.FIRST_ROW + 1, table.size()).stream().takeWhile(l -> l.startsWith(" ")).forEach(firstRow::add);
        List<String> stack = firstRow.stream().map(l -> l.trim().split(" {2,}"))
                .map(cells -> cells[cells.length == ParkReports.COLUMNS ? 1 : 0]).toList();
        assertTrue(SITE.matcher(stack.get(stack.size() - 1)).matches(),
                "the first row's site is the program's line:\n" + all);
        assertTrue(stack.stream().anyMatch(f -> f.startsWith("via app//com.zaxxer.hikari.") && f.endsWith(HIKARI)),
                "the pool's frames as context:\n" + all);
        // the first row's sites: the lines after it up to the next blocker's row, which fills every column
        List<String> sites = table.subList(ParkReports.FIRST_ROW + firstRow.size(), table.size()).stream()
                .takeWhile(l -> l.trim().split(" {2,}").length != ParkReports.COLUMNS)
                .filter(l -> l.contains("  site ") && l.contains(" of 2, ")).toList();
        assertEquals(2, sites.size(), "both program sites with their shares under the row:\n" + all);

        Map<String, Object> top = ParkReports.blockers(Jremix.json(report)).get(0);
        assertTrue(SITE.matcher((String) top.get("userFrame")).matches(), top.toString());
        List<String> via = (List<String>) top.get("via");
        assertFalse(via.isEmpty(), top.toString());
        assertTrue(via.stream().allMatch(f -> f.startsWith("app//com.zaxxer.hikari.") && f.endsWith(HIKARI)), via.toString());
        List<Map<String, Object>> jsonSites = (List<Map<String, Object>>) top.get("sites");
        assertEquals(Set.of("find", "save"), jsonSites.stream().map(s -> method((String) s.get("userFrame")))
                .collect(Collectors.toSet()), jsonSites.toString());
        double shares = jsonSites.stream().mapToDouble(s -> ((Number) s.get("parkTimeSharePct")).doubleValue()).sum();
        assertEquals(100, shares, 0.01, jsonSites.toString());
    }

    /** This test's classes (a directory: the program), the pool's, H2's and their logging API's jars. */
    private static String classPath() {
        return Jremix.classPathOf(PooledOrders.class, HikariDataSource.class, org.h2.Driver.class,
                org.slf4j.LoggerFactory.class);
    }

    private static String method(String frame) {
        var m = SITE.matcher(frame);
        return m.matches() ? m.group(1) : frame;
    }
}
