package io.jremix.e2e.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.jremix.e2e.Jremix;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real server (embedded Tomcat, {@link LockedServer}) whose servlet holds one lock: the text report's first row
 * is the program's lock with the servlet's line, Tomcat's workers waiting for requests are labelled idle and come
 * after every other row, and the lock's parks equal JFR's {@code jdk.ThreadPark} events in the servlet. (Tomcat's
 * own locks are parked on by its workers and by {@code main} as it stops, so its classes' counts are not compared
 * per thread.)
 */
class ServerRowsTest {
    private static final String LOCK = "java.util.concurrent.locks.ReentrantLock$NonfairSync";
    private static final String SERVLET = "app//" + LockedServer.Orders.class.getName() + ".doGet(LockedServer.java:";
    private static final String WORKERS = "http-nio-";

    @Test
    void theProgramsLockFirst_idleWorkersLast_parksAsJfrs(@TempDir Path dir) throws Exception {
        ParkOracle.Result r = ParkOracle.runMain(dir, "threadpark-stacks.jfc", WORKERS, classPath(), LockedServer.class.getName(),
                dir.resolve("tomcat").toString(), "8", "30");
        assertTrue(r.run().stdoutLines().contains("served 240"), r.run().stdout()); // after JFR's start-up lines
        long servletParks = ParkReports.blockers(Jremix.json(dir.resolve("park.json"))).stream()
                .filter(b -> b.get("className").equals(LOCK) && ((String) b.get("userFrame")).startsWith(SERVLET))
                .mapToLong(b -> ParkReports.ended(b)).sum();
        assertTrue(servletParks > 0, r.describe());
        assertEquals(ParkOracle.jfrParksIn(dir.resolve("park.jfr"), LockedServer.Orders.class.getName(), "doGet"),
                servletParks, "the servlet lock's parks, JFR's and jremix's:\n" + r.describe());

        List<String> table = ParkReports.textReport(r.run().stderrLines(), "exit");
        String all = String.join("\n", table);
        List<List<String>> rows = rowsWithTheirLines(table);
        List<String> first = rows.get(0);
        assertTrue(first.get(0).contains(LOCK) && first.stream().anyMatch(l -> l.contains("= ReentrantLock, lock contention")),
                "the first row is the servlet's lock:\n" + all);
        assertTrue(first.stream().anyMatch(l -> l.contains(SERVLET)), "with the servlet's line:\n" + all);
        List<Boolean> idle = rows.stream().map(row -> row.stream().anyMatch(l -> l.contains(", idle"))).toList();
        assertTrue(rows.stream().anyMatch(row -> row.get(0).contains(WORKERS) && row.stream().anyMatch(l -> l.contains(", idle"))),
                "Tomcat's workers waiting for requests are idle:\n" + all);
        assertEquals(idle.stream().sorted().toList(), idle, "idle rows after every other:\n" + all);
    }

    /** Each blocker row's lines: its first line, then the lines of its cells and its sites below it. */
    private static List<List<String>> rowsWithTheirLines(List<String> table) {
        List<List<String>> rows = new ArrayList<>();
        for (String line : table.subList(ParkReports.FIRST_ROW, table.size())) {
            if (line.startsWith("Parks without a blocker")) {
                break;
            }
            if (ParkReports.cells(line).size() == ParkReports.COLUMNS) {
                rows.add(new ArrayList<>());
            }
            if (!rows.isEmpty()) {
                rows.get(rows.size() - 1).add(line);
            }
        }
        return rows;
    }

    /** This test's classes (a directory: the program), Tomcat's jar and the annotations it reads. */
    private static String classPath() {
        return Jremix.classPathOf(LockedServer.class, Tomcat.class, jakarta.annotation.Resource.class);
    }
}
