package io.jremix.report.park;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.core.park.IntervalFeed;
import io.jremix.core.park.MonitorSnapshot;
import io.jremix.core.park.ParkOrigin;
import io.jremix.core.park.ParkRecord;
import io.jremix.core.park.ParkSite;
import io.jremix.report.Json;
import io.jremix.report.html.SameEitherRoute;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParkReportTest {
    private static final long MS = 1_000_000;
    private static final List<String> STACK = List.of(
            "java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)",
            "java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)",
            "java.base/java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322)",
            "app//demo.Work.section3(Work.java:42)",
            "java.base/java.lang.Thread.run(Thread.java:833)");

    /** {@code threads} park at once at 0 and leave one per {@code hold} ms; parked {@code rounds} times each. */
    private static ParkRun.Blocker lock(String cls, int hash, int threads, long hold, long threshold) {
        ParkRecord r = new ParkRecord(cls, hash, threshold);
        for (int i = 0; i < threads; i++) {
            r.parking(0, new ParkSite(new ParkOrigin("worker-1", STACK)));
        }
        for (int i = 1; i <= threads; i++) {
            r.unparked(i * hold * MS);
            r.held(hold * MS);
        }
        return new ParkRun.Blocker(r.snapshot(), false);
    }

    private static ParkRun run(long printThreshold, ParkRun.Blocker... blockers) {
        return new ParkRun("exit", 0, 1000 * MS, new ParkRun.Settings(0, printThreshold, true, 0, 0), List.of(blockers), 7, 0,
                100_000, 2, List.of());
    }

    private static final ParkRun.Blocker BOTTLENECK = lock("a.Lock$Sync", 0xabc, 4, 64, 0);
    private static final ParkRun.Blocker SMALL = lock("a.Lock$Sync", 0x1f, 2, 4, 0);
    private static final ParkRun.Blocker UNCOLLECTED = lock("a.Sem", 0x2, 2, 4, 5);

    @Test
    void theHtmlPageIsTheSameDirectOrThroughJson() throws Json.MalformedJsonException {
        String page = SameEitherRoute.assertSame(ParkJsonReport.document(run(0, SMALL, BOTTLENECK, UNCOLLECTED), "t"));
        assertTrue(page.contains("worker-1"), page);
    }

    @Test
    void shown_filtersByPrintThresholdAndSortsByThreadTime() {
        assertEquals(List.of(BOTTLENECK, SMALL, UNCOLLECTED), run(0, SMALL, UNCOLLECTED, BOTTLENECK).shown());
        assertEquals(List.of(BOTTLENECK), run(3, SMALL, UNCOLLECTED, BOTTLENECK).shown());
    }

    @Test
    void table_hasTheFigureColumnsAndOneRowPerBlocker() {
        List<String> lines = ParkTextReport.lines(run(0, SMALL, BOTTLENECK, UNCOLLECTED));
        assertTrue(lines.get(0).startsWith("Park contention at exit after 1000.00 ms: 3 blockers recorded, 3 shown"),
                lines.get(0));
        for (String h : ParkTextReport.HEADERS) {
            assertTrue(lines.get(2).contains(h), h);
        }
        List<List<String>> rows = rows(lines);
        assertEquals(3, rows.size());
        List<String> top = rows.get(0);
        assertEquals(List.of("worker-1", "java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)",
                "a.Lock$Sync", "abc", "4", "4", "640.00", "256.00", "160.00", "64.00", "0", "25.60", "64.00", "100.00",
                "250.00"), top);
        assertEquals(List.of("-", "-", "a.Sem", "2", "2", "-", "-", "-", "-", "-", "0", "-", "-", "-", "-"), rows.get(2),
                "a record below the collection threshold has no time metrics");
    }

    @Test
    void table_stackIsAbbreviatedToTheParkAndTheProgramFrame() {
        List<String> lines = ParkTextReport.lines(run(0, BOTTLENECK));
        int row = 3;
        assertTrue(lines.get(row + 1).trim().startsWith(ParkTextReport.ELIDED + " "), lines.get(row + 1));
        assertTrue(lines.get(row + 1).trim().endsWith("= Lock, lock contention"), lines.get(row + 1));
        assertTrue(lines.get(row + 2).trim().equals("app//demo.Work.section3(Work.java:42)"), lines.get(row + 2));
    }

    @Test
    void abbreviate_choosesTheFirstFrameOutsideTheJdk() {
        assertEquals(List.of(STACK.get(0), "[...]", STACK.get(3)), ParkTextReport.abbreviate(STACK));
        assertEquals(List.of("app//a.B.c(B.java:1)"), ParkTextReport.abbreviate(List.of("app//a.B.c(B.java:1)")));
        assertEquals(List.of(STACK.get(0), "app//x.Y.z(Y.java:2)"),
                ParkTextReport.abbreviate(List.of(STACK.get(0), "app//x.Y.z(Y.java:2)")));
        List<String> jdkOnly = List.of(STACK.get(0), STACK.get(1), STACK.get(4));
        assertEquals(List.of(STACK.get(0), "[...]", STACK.get(4)), ParkTextReport.abbreviate(jdkOnly));
        assertEquals(List.of("-"), ParkTextReport.abbreviate(List.of()));
    }

    @Test
    void summary_saysNullBlockerParksAndFreedRecords() {
        List<String> lines = ParkTextReport.lines(run(0, SMALL));
        assertTrue(lines.contains("Parks without a blocker (not in the table): 7."), lines.toString());
        assertTrue(lines.contains("freeOnPrint: dropped the records of 2 collected blockers after this report."));
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("Warning")));
        ParkRun full = new ParkRun("dump", 0, MS, new ParkRun.Settings(0, 0, false, 0, 0), List.of(), 0, 12, 100_000, 0, List.of());
        List<String> fullLines = ParkTextReport.lines(full);
        assertTrue(fullLines.get(0).startsWith("Park contention at dump"));
        assertTrue(fullLines.stream().anyMatch(l -> l.startsWith("Warning: the 100000-record limit was reached; 12 parks")),
                fullLines.toString());
        assertFalse(fullLines.stream().anyMatch(l -> l.startsWith("freeOnPrint")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void json_hasTheDesignKeysAndAgreesWithTheTable() throws Json.MalformedJsonException {
        ParkRun run = run(2, SMALL, UNCOLLECTED, BOTTLENECK);
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(ParkJsonReport.document(run, "t")));
        assertEquals("park-contention", doc.get("report"));
        assertEquals(3L, doc.get("blockersRecorded"));
        assertEquals(3L, doc.get("blockersShown"));
        assertEquals(7L, doc.get("nullBlockerParks"));
        assertEquals(2L, doc.get("droppedRecords"));
        assertEquals(1000L, doc.get("totalExecutionMs"));
        List<Map<String, Object>> blockers = (List<Map<String, Object>>) doc.get("blockers");
        for (String key : List.of("className", "identityHash", "threadName", "stackTrace", "timesParked", "parkedNow",
                "peakParked", "parkThreadTimeMs", "parkRealTimeMs", "avgParkTimeMs", "avgHoldTimeMs", "realTimeUtilPct",
                "threadTimeUtilPct", "realLifeTimeUtilPct", "threadLifeTimeUtilPct")) {
            assertTrue(blockers.get(0).containsKey(key), key);
        }
        assertEquals(STACK, blockers.get(0).get("stackTrace"));
        List<List<String>> rows = rows(ParkTextReport.lines(run));
        assertEquals(rows.size(), blockers.size());
        String[] keys = {"threadName", null, "className", "identityHash", "timesParked", "peakParked",
            "parkThreadTimeMs", "parkRealTimeMs", "avgParkTimeMs", "avgHoldTimeMs", "parkedNow", "realTimeUtilPct",
            "threadTimeUtilPct", "realLifeTimeUtilPct", "threadLifeTimeUtilPct"};
        for (int i = 0; i < rows.size(); i++) {
            Map<String, Object> b = blockers.get(i);
            for (int col = 0; col < keys.length; col++) {
                String cell = rows.get(i).get(col);
                if (keys[col] == null || cell.equals("-")) {
                    continue;
                }
                Object v = b.get(keys[col]);
                if (v instanceof Number n) {
                    assertEquals(Double.parseDouble(cell), n.doubleValue(), 0.006, keys[col]);
                } else {
                    assertEquals(cell, v, keys[col]);
                }
            }
        }
        assertEquals(false, blockers.get(2).get("collecting"));
        assertEquals(null, blockers.get(2).get("threadName"));
        assertEquals(0L, blockers.get(2).get("parkThreadTimeMs"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void json_timelineAddsUpToTheRowsThreadTimeAndPeak() throws Json.MalformedJsonException {
        ParkRun run = run(0, SMALL, UNCOLLECTED, BOTTLENECK);
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(ParkJsonReport.document(run, "t")));
        List<Map<String, Object>> blockers = (List<Map<String, Object>>) doc.get("blockers");
        Map<String, Object> bottleneck = blockers.get(0);
        Map<String, Object> t = (Map<String, Object>) bottleneck.get("timeline");
        List<Number> peaks = (List<Number>) t.get("peakParked");
        List<Number> means = (List<Number>) t.get("meanParked");
        double bucketMs = ((Number) t.get("bucketMs")).doubleValue();
        // four threads park at 0 and leave at 64, 128, 192 and 256 ms: 256 ms in at most 120 buckets
        assertEquals(0.0, ((Number) t.get("startMs")).doubleValue());
        assertEquals(256 / bucketMs, peaks.size() - 1, 1);
        assertTrue(peaks.size() <= 120, "buckets " + peaks.size());
        assertEquals(means.size(), peaks.size());
        assertEquals(4L, peaks.get(0));
        assertEquals(bottleneck.get("peakParked"), peaks.stream().mapToLong(Number::longValue).max().getAsLong());
        double threadMs = means.stream().mapToDouble(Number::doubleValue).sum() * bucketMs;
        assertEquals(((Number) bottleneck.get("parkThreadTimeMs")).doubleValue(), threadMs, 0.001 * bucketMs * 120);
        Map<String, Object> none = (Map<String, Object>) blockers.get(2).get("timeline");
        assertEquals(false, blockers.get(2).get("collecting"));
        assertEquals(List.of(), none.get("peakParked"));
    }

    /** The first line of each blocker's row, cut into its 15 cells (cells hold no double spaces). */
    static List<List<String>> rows(List<String> lines) {
        List<List<String>> rows = new ArrayList<>();
        for (String line : lines.subList(3, lines.size())) {
            String[] cells = line.trim().split(" {2,}");
            if (cells.length == ParkTextReport.HEADERS.size()) {
                rows.add(List.of(cells));
            }
        }
        return rows;
    }

    private static final List<String> IDLE_STACK = List.of(
            "java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)",
            "java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)",
            "java.base/java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)",
            "java.base/java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1062)",
            "java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1122)",
            "java.base/java.lang.Thread.run(Thread.java:840)");

    /** Two pool threads idle for a long time: more thread-time than any lock, yet listed after them. */
    private static ParkRun.Blocker idlePool() {
        ParkRecord r = new ParkRecord("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", 0x5, 0);
        r.parking(0, new ParkSite(new ParkOrigin("pool-1-thread-1", IDLE_STACK)));
        r.parking(0, new ParkSite(new ParkOrigin("pool-1-thread-2", IDLE_STACK)));
        r.unparked(900 * MS);
        r.unparked(900 * MS);
        return new ParkRun.Blocker(r.snapshot(), false);
    }

    @Test
    @SuppressWarnings("unchecked")
    void idlePoolThreadsComeLastAndEveryBlockerIsNamedAsTheProgramKnowsIt() throws Json.MalformedJsonException {
        ParkRun.Blocker idle = idlePool();
        ParkRun run = run(0, idle, SMALL, BOTTLENECK);
        assertEquals(List.of(BOTTLENECK, SMALL, idle), run.shown());
        List<String> lines = ParkTextReport.lines(run);
        assertTrue(lines.stream().anyMatch(l -> l.contains("= Condition of LinkedBlockingQueue, idle: pool thread waiting for work")),
                lines.toString());
        assertEquals(1, lines.stream().filter(l -> l.contains("idle: pool thread")).count());
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(ParkJsonReport.document(run, "t")));
        List<Map<String, Object>> blockers = (List<Map<String, Object>>) doc.get("blockers");
        assertEquals("idle", blockers.get(2).get("waitKind"));
        assertEquals("Condition of LinkedBlockingQueue", blockers.get(2).get("synchronizer"));
        assertEquals(null, blockers.get(2).get("userFrame"));
        assertEquals("lock", blockers.get(0).get("waitKind"));
        assertEquals("app//demo.Work.section3(Work.java:42)", blockers.get(0).get("userFrame"));
    }

    /** A future parked on once at {@code site}, collected or not. */
    private static ParkRun.Blocker future(int hash, String site, boolean collected) {
        return future(hash, new ParkSite(new ParkOrigin("exec-" + hash, List.of(
                "java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)", site))), collected);
    }

    private static ParkRun.Blocker future(int hash, ParkSite site, boolean collected) {
        ParkRecord r = new ParkRecord("java.util.concurrent.CompletableFuture$Signaller", hash, 0);
        r.addSite(site);
        site.parking();
        r.parking(0, site);
        r.unparked(2 * MS);
        site.unparked(2 * MS);
        return new ParkRun.Blocker(r.snapshot(), collected);
    }

    @Test
    @SuppressWarnings("unchecked")
    void parksPutAtASiteWithoutAWalkAreMarkedAsEstimates_inTheTextAndTheJson() throws Json.MalformedJsonException {
        ParkOrigin handler = new ParkOrigin("exec-1", List.of(
                "java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)",
                "app//demo.Handler.serve(Handler.java:20)"));
        // one future walked there, two put there over the thread's walk budget: one row, exact in count
        ParkRun run = run(0, BOTTLENECK, future(1, new ParkSite(handler), true),
                future(2, new ParkSite(handler, true), true), future(3, new ParkSite(handler, true), false));
        List<String> lines = ParkTextReport.lines(run);
        int row = lines.indexOf(lines.stream().filter(l -> l.contains(" 3 blockers ")).findFirst().orElseThrow());
        assertTrue(lines.get(row).matches(".* 3 blockers +3 .*"), lines.get(row));
        assertTrue(lines.get(row + 1).contains("(2 est.)"), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("est.: parks on new blockers whose stack was not walked")),
                String.join("\n", lines));
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(ParkJsonReport.document(run, "t")));
        Map<String, Object> futures = ((List<Map<String, Object>>) doc.get("blockers")).stream()
                .filter(b -> b.get("identityHash") == null).findFirst().orElseThrow();
        List<Map<String, Object>> sites = (List<Map<String, Object>>) futures.get("sites");
        assertEquals(1, sites.size(), sites.toString());
        assertEquals(3L, sites.get(0).get("timesParked"));
        assertEquals(2L, sites.get(0).get("estimatedParks"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void smallBlockersOfOneClassAndSiteShareARowWithExactCounts() throws Json.MalformedJsonException {
        String handler = "app//demo.Handler.serve(Handler.java:20)";
        String other = "app//demo.Other.call(Other.java:5)";
        ParkRun run = run(0, BOTTLENECK, future(1, handler, true), future(2, handler, false), future(3, handler, true),
                future(4, other, false));
        List<ParkRun.Blocker> rows = run.shown();
        assertEquals(3, rows.size(), rows.toString());
        ParkRun.Blocker served = rows.stream().filter(ParkRun.Blocker::aggregated).findFirst().orElseThrow();
        assertEquals(3, served.blockers());
        assertEquals(2, served.collectedBlockers());
        assertEquals(3, served.stats().timesParked());
        assertEquals(6 * MS, served.stats().parkThreadTimeNanos());
        List<String> lines = ParkTextReport.lines(run);
        assertTrue(lines.get(0).contains("5 blockers recorded, 5 shown (parked at least 0 times) in 3 rows"), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.contains(" 3 blockers ")), String.join("\n", lines));
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(ParkJsonReport.document(run, "t")));
        List<Map<String, Object>> blockers = (List<Map<String, Object>>) doc.get("blockers");
        assertEquals(5L, doc.get("blockersShown"));
        assertEquals(3L, doc.get("rowsShown"));
        long futures = blockers.stream().filter(b -> b.get("className").equals(served.stats().className()))
                .mapToLong(b -> (Long) b.get("timesParked")).sum();
        assertEquals(4, futures, "per class, the parks add up exactly");
        Map<String, Object> row = blockers.stream().filter(b -> b.get("identityHash") == null).findFirst().orElseThrow();
        assertEquals(3L, row.get("blockers"));
        assertEquals(2L, row.get("collectedBlockers"));
        assertEquals(null, row.get("avgHoldTimeMs"), "no hold measured");
    }

    /** A blocker parked on {@code parks} times for 5 ms each, 10 ms apart: at {@code first} once, then at {@code rest}. */
    private static ParkRun.Blocker parkedFrom(String cls, ParkSite first, ParkSite rest, int parks) {
        ParkRecord r = new ParkRecord(cls, 0xabc, 0);
        r.addSite(first);
        r.addSite(rest);
        for (int i = 0; i < parks; i++) {
            ParkSite site = i == 0 ? first : rest;
            site.parking();
            r.parking(i * 10 * MS, site);
            r.unparked(i * 10 * MS + 5 * MS);
            site.unparked(5 * MS);
        }
        return new ParkRun.Blocker(r.snapshot(), false);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aBlockerParkedOnFromSeveralSitesListsEachUnderItsRow() throws Json.MalformedJsonException {
        ParkSite consume = new ParkSite(new ParkOrigin("consumer", List.of(STACK.get(0), "app//demo.Queue.consume(Queue.java:9)")));
        ParkSite produce = new ParkSite(new ParkOrigin("producer-1", List.of(STACK.get(0), "app//demo.Queue.produce(Queue.java:4)")));
        ParkRun run = run(0, parkedFrom("java.util.concurrent.locks.ReentrantLock$NonfairSync", consume, produce, 3));
        List<String> lines = ParkTextReport.lines(run);
        int row = lines.indexOf(lines.stream().filter(l -> l.startsWith("consumer ")).findFirst().orElseThrow());
        List<String> sites = lines.subList(row + 2, row + 4).stream().map(l -> String.join("|", l.trim().split(" {2,}"))).toList();
        // the sites' stacks end at the program's frame here: one line each
        assertEquals(List.of("producer-1|app//demo.Queue.produce(Queue.java:4)|site 1 of 2, 66.67% of park time|2|10.00",
                "consumer|app//demo.Queue.consume(Queue.java:9)|site 2 of 2, 33.33% of park time|1|5.00"), sites);
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(ParkJsonReport.document(run, "t")));
        List<Map<String, Object>> jsonSites = (List<Map<String, Object>>) ((List<Map<String, Object>>) doc.get("blockers")).get(0).get("sites");
        assertEquals(List.of(2L, 1L), jsonSites.stream().map(j -> j.get("timesParked")).toList());
        assertEquals("app//demo.Queue.produce(Queue.java:4)", jsonSites.get(0).get("userFrame"));
        assertEquals(List.of(66.667, 33.333), jsonSites.stream().map(j -> j.get("parkTimeSharePct")).toList());
    }

    /** HikariCP's frames as the agent marks them, between the JDK's queue and two methods of the program's. */
    private static List<String> poolWait(String programFrame) {
        return List.of("java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:252)",
                "java.base/java.util.concurrent.SynchronousQueue.poll(SynchronousQueue.java:903)",
                "app//com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:151) [HikariCP-5.1.0.jar]",
                "app//com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:181) [HikariCP-5.1.0.jar]",
                "app//com.zaxxer.hikari.HikariDataSource.getConnection(HikariDataSource.java:128) [HikariCP-5.1.0.jar]",
                programFrame, "app//demo.Orders.run(Orders.java:12)");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aWaitInALibrary_isTheProgramsSite_withTheLibraryAsContext() throws Json.MalformedJsonException {
        ParkSite find = new ParkSite(new ParkOrigin("orders-1", poolWait("app//demo.Orders.find(Orders.java:40)")));
        ParkSite save = new ParkSite(new ParkOrigin("orders-2", poolWait("app//demo.Orders.save(Orders.java:55)")));
        ParkRun run = run(0, parkedFrom("java.util.concurrent.SynchronousQueue$TransferStack", save, find, 4));
        List<String> lines = ParkTextReport.lines(run);
        int row = lines.indexOf(lines.stream().filter(l -> l.startsWith("orders-")).findFirst().orElseThrow());
        List<String> stack = List.of("java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:252)",
                "[...]",
                "via app//com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:151) [HikariCP-5.1.0.jar]",
                "via [...]",
                "via app//com.zaxxer.hikari.HikariDataSource.getConnection(HikariDataSource.java:128) [HikariCP-5.1.0.jar]",
                "app//demo.Orders.save(Orders.java:55)");
        for (int i = 0; i < stack.size(); i++) {
            assertTrue(lines.get(row + i).contains("  " + stack.get(i) + "  ") || lines.get(row + i).endsWith(stack.get(i)),
                    "the row's site, line " + i + ": " + String.join("\n", lines));
        }
        assertTrue(lines.stream().anyMatch(l -> l.contains("site 1 of 2, 75.00% of park time")), lines.toString());
        int site = lines.indexOf(lines.stream().filter(l -> l.contains("site 1 of 2")).findFirst().orElseThrow());
        assertTrue(lines.get(site).contains("via app//com.zaxxer.hikari.HikariDataSource.getConnection("), lines.get(site));
        assertTrue(lines.get(site + 1).trim().startsWith("app//demo.Orders.find(Orders.java:40)"), lines.get(site + 1));

        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(ParkJsonReport.document(run, "t")));
        Map<String, Object> blocker = ((List<Map<String, Object>>) doc.get("blockers")).get(0);
        assertEquals("app//demo.Orders.save(Orders.java:55)", blocker.get("userFrame"));
        assertEquals(poolWait("").subList(2, 5), blocker.get("via"));
        List<Map<String, Object>> jsonSites = (List<Map<String, Object>>) blocker.get("sites");
        assertEquals(List.of("app//demo.Orders.find(Orders.java:40)", "app//demo.Orders.save(Orders.java:55)"),
                jsonSites.stream().map(j -> j.get("userFrame")).toList());
        assertEquals(List.of(75.0, 25.0),
                jsonSites.stream().map(j -> ((Number) j.get("parkTimeSharePct")).doubleValue()).toList());
        assertEquals(poolWait("").subList(2, 5), jsonSites.get(0).get("via"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void monitorsHaveTheirOwnTableAndJsonWithWaitsApart() throws Json.MalformedJsonException {
        IntervalFeed enters = new IntervalFeed(new ParkRecord("demo.Account", 0, 0));
        List<String> stack = List.of("app//demo.Account.transfer(line:12)", "app//demo.Bank.run(line:40)");
        enters.add(0, 20 * MS, () -> new ParkOrigin("teller-2", stack));
        enters.add(10 * MS, 40 * MS, () -> new ParkOrigin("teller-3", stack));
        enters.applyAll();
        ParkRecord waits = new ParkRecord("demo.Account", 0, 0);
        MonitorSnapshot account = new MonitorSnapshot("demo.Account", 0x7f00beefL, enters.snapshot(), waits.snapshot(), 0);
        ParkRun run = new ParkRun("exit", 0, 1000 * MS, new ParkRun.Settings(0, 0, false, 0, 0), List.of(), 0, 0, 100_000, 0,
                List.of(account));
        List<String> lines = ParkTextReport.lines(run);
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("Monitor contention")).findFirst().orElseThrow());
        assertTrue(lines.get(header).contains("1 monitor recorded, 1 shown in 1 rows"), lines.get(header));
        for (String h : ParkTextReport.MONITOR_HEADERS) {
            assertTrue(lines.get(header + 1).contains(h), h);
        }
        assertEquals(List.of("teller-2", "app//demo.Account.transfer(line:12)", "demo.Account", "7f00beef", "2", "2",
                "50.00", "40.00", "20.00", "4.00", "5.00", "0", "0.00", "-"), List.of(lines.get(header + 2).trim().split(" {2,}")));
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(ParkJsonReport.document(run, "t")));
        Map<String, Object> m = ((List<Map<String, Object>>) doc.get("monitors")).get(0);
        assertEquals("7f00beef", m.get("monitorAddress"));
        assertEquals(2L, m.get("contendedEnters"));
        assertEquals(20.0, ((Number) m.get("avgHoldTimeMs")).doubleValue());
        assertEquals(0L, m.get("waits"));
        assertEquals("app//demo.Account.transfer(line:12)", m.get("userFrame"));
        List<Number> blocked = (List<Number>) ((Map<String, Object>) m.get("blockedTimeline")).get("peakParked");
        assertEquals(2L, blocked.stream().mapToLong(Number::longValue).max().getAsLong()); // both at 10 to 20 ms
        assertEquals(List.of(), ((Map<String, Object>) m.get("waitTimeline")).get("peakParked"));
    }

    /** A monitor contended {@code enters} times in {@code frame}, reached from {@code caller}. */
    private static MonitorSnapshot monitor(long address, String frame, String caller, int enters) {
        IntervalFeed feed = new IntervalFeed(new ParkRecord("java.lang.Object", 0, 0));
        for (int i = 0; i < enters; i++) {
            feed.add(i * 10 * MS, i * 10 * MS + 5 * MS, () -> new ParkOrigin("loader", List.of(frame, caller)));
        }
        feed.applyAll();
        return new MonitorSnapshot("java.lang.Object", address, feed.snapshot(),
                new ParkRecord("java.lang.Object", 0, 0).snapshot(), 0);
    }

    @Test
    @SuppressWarnings("unchecked")
    void littleContendedMonitorsOfOneClassBlockedInOneMethodShareARow() throws Json.MalformedJsonException {
        String loading = "java.base/jdk.internal.loader.BuiltinClassLoader.loadClassOrNull(line:651)";
        ParkRun run = new ParkRun("exit", 0, 1000 * MS, new ParkRun.Settings(0, 0, false, 0, 0), List.of(), 0, 0, 100_000, 0,
                List.of(monitor(1, loading, "app//demo.A.run(line:1)", 2), monitor(2, loading, "app//demo.B.run(line:2)", 1),
                        monitor(3, loading, "app//demo.C.run(line:3)", 2),
                        monitor(4, "app//demo.Bank.run(line:40)", "app//demo.Main.main(line:9)", 3)));
        List<ParkRun.MonitorRow> rows = run.shownMonitors();
        assertEquals(List.of(3, 1), rows.stream().map(ParkRun.MonitorRow::monitors).toList(), "25 ms blocked, then 15");
        assertEquals(5, rows.get(0).stats().enters().timesParked());
        List<String> lines = ParkTextReport.lines(run);
        assertTrue(lines.stream().anyMatch(l -> l.contains("4 monitors recorded, 4 shown in 2 rows")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains(" 3 monitors ")), lines.toString());
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(ParkJsonReport.document(run, "t")));
        Map<String, Object> shared = ((List<Map<String, Object>>) doc.get("monitors")).get(0);
        assertEquals(null, shared.get("monitorAddress"));
        assertEquals(3L, shared.get("monitors"));
        assertEquals(5L, shared.get("contendedEnters"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void tablesListTheirFirstRowsAndAddUpTheRestWhichTheJsonLists() throws Json.MalformedJsonException {
        String loading = "java.base/jdk.internal.loader.BuiltinClassLoader.loadClassOrNull(line:651)";
        ParkRun run = new ParkRun("exit", 0, 1000 * MS, new ParkRun.Settings(0, 0, false, 1, 0),
                List.of(SMALL, BOTTLENECK, UNCOLLECTED), 0, 0, 100_000, 0,
                List.of(monitor(1, loading, "app//demo.A.run(line:1)", 2),
                        monitor(4, "app//demo.Bank.run(line:40)", "app//demo.Main.main(line:9)", 3)));
        List<String> lines = ParkTextReport.lines(run);
        String rest = "2 more rows below these 1 (2 blockers, 4 parks, " + String.format(java.util.Locale.ROOT, "%.2f",
                (SMALL.stats().parkThreadTimeNanos() + UNCOLLECTED.stats().parkThreadTimeNanos()) / 1e6)
                + " ms thread-time): rows=0 lists them all, and the JSON report (report=<file>) has every row.";
        assertTrue(lines.contains(rest), lines.toString());
        assertEquals(1, lines.stream().filter(l -> l.contains(" a.Lock$Sync ") || l.contains(" a.Sem ")).count(),
                "the bottleneck's row alone: " + lines);
        assertTrue(lines.stream().anyMatch(l -> l.contains(" abc ")), lines.toString());
        assertTrue(lines.contains("1 more row below these 1 (1 monitor, 2 blocked enters, 10.00 ms blocked"
                + " thread-time): rows=0 lists them all, and the JSON report (report=<file>) has every row."),
                lines.toString());
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(ParkJsonReport.document(run, "t")));
        assertEquals(3, ((List<Object>) doc.get("blockers")).size());
        assertEquals(2, ((List<Object>) doc.get("monitors")).size());
        ParkRun all = new ParkRun("exit", 0, 1000 * MS, new ParkRun.Settings(0, 0, false, 0, 0), run.blockers(), 0, 0,
                100_000, 0, run.monitors());
        assertTrue(ParkTextReport.lines(all).stream().noneMatch(l -> l.contains(" more row")));
    }

    /**
     * A zero-permit semaphore used as an event: one waiter, parked {@code rounds} times for 300 ms each, released by a
     * thread that never waits on it. More thread-time than any lock here.
     */
    private static ParkRun.Blocker signal(String thread, List<String> stack) {
        ParkRecord r = new ParkRecord("java.util.concurrent.Semaphore$NonfairSync", 0x7, 0);
        for (int i = 0; i < 3; i++) {
            r.parking(i * 300 * MS, new ParkSite(new ParkOrigin(thread, stack)));
            r.unparked((i + 1) * 300 * MS);
        }
        return new ParkRun.Blocker(r.snapshot(), false);
    }

    @Test
    @SuppressWarnings("unchecked")
    void idleAndSignalRowsComeLastAndStayOutOfTheContentionHeadline() throws Json.MalformedJsonException {
        ParkRun.Blocker idle = idlePool();
        ParkRun.Blocker signal = signal("reactor-1", STACK);
        ParkRun run = run(0, idle, signal, SMALL, BOTTLENECK);
        assertEquals(List.of(BOTTLENECK, SMALL, idle, signal), run.shown());
        long lockNanos = BOTTLENECK.stats().parkThreadTimeNanos() + SMALL.stats().parkThreadTimeNanos();
        assertEquals(new ParkRun.Totals(2, 6, lockNanos, 1000 * MS), run.totals(run.shown(), true));
        assertEquals(new ParkRun.Totals(2, 5, 2700 * MS, 1000 * MS), run.totals(run.shown(), false));

        List<String> lines = ParkTextReport.lines(run);
        assertEquals(String.format(Locale.ROOT, "Contention (lock, pool and condition waits): 2 rows, 6 parks,"
                + " %.2f ms parked thread-time, %.2f%% thread-time util. Not contention, listed last: 2 rows of idle and"
                + " signal waits, 5 parks, 2700.00 ms thread-time.", lockNanos / 1e6, 100.0 * lockNanos / (1000 * MS)),
                lines.get(1));
        assertTrue(lines.stream().anyMatch(l -> l.contains("= Semaphore, signal: one waiter at a time")), lines.toString());
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(ParkJsonReport.document(run, "t")));
        assertEquals(2L, ((Map<String, Object>) doc.get("contention")).get("rows"));
        assertEquals(2700L, ((Map<String, Object>) doc.get("idleAndSignals")).get("parkThreadTimeMs"));
        List<Map<String, Object>> blockers = (List<Map<String, Object>>) doc.get("blockers");
        assertEquals(List.of("lock", "lock", "idle", "signal"), blockers.stream().map(b -> b.get("waitKind")).toList());
    }

    @Test
    void jremixsOwnParksAreInNoTable() {
        List<String> agentStart = List.of(STACK.get(0), "app//io.jremix.agent.park.MonitorProfiler.start(MonitorProfiler.java:40)");
        ParkRun run = run(0, BOTTLENECK, signal("jremix-park-interval", STACK), signal("main", agentStart));
        assertEquals(List.of(BOTTLENECK), run.shown());
        assertEquals(3, run.blockers().size(), "recorded, as every park is");
    }
}
