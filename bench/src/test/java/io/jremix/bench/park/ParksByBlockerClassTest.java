package io.jremix.bench.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.jremix.report.Json;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The three tools' outputs read into parks per blocker class. */
class ParksByBlockerClassTest {

    @Test
    void jremixRowsOfOneClassAreSummedAndParksWithoutARecordAreApart() throws Json.MalformedJsonException {
        Object report = Json.parse("""
                {"nullBlockerParks": 3, "untrackedParks": 2, "blockers": [
                  {"className": "a.Lock", "timesParked": 5},
                  {"className": "b.Queue", "timesParked": 1},
                  {"className": "a.Lock", "timesParked": 7}]}""");
        ParksByBlockerClass c = ParksByBlockerClass.ofJremixReport(report);
        assertEquals(Map.of("a.Lock", 12L, "b.Queue", 1L, ParksByBlockerClass.UNTRACKED, 2L), c.byBlockerClass());
        assertEquals(3, c.withoutBlocker());
        assertEquals(15, c.withBlocker());
        assertEquals(18, c.total());
    }

    @Test
    void jfrThreadParkEventsAreCountedByParkedClass(@TempDir Path dir) throws Exception {
        Path jfr = dir.resolve("park.jfr");
        TimedParks parks = new TimedParks();
        try (Recording r = new Recording()) {
            r.enable("jdk.ThreadPark").withThreshold(java.time.Duration.ZERO);
            r.start();
            parks.check(parks.iterate());
            parks.check(parks.iterate());
            r.stop();
            r.dump(jfr);
        }
        ParksByBlockerClass c = ParksByBlockerClass.ofJfr(jfr);
        assertEquals(2L * TimedParks.ON_BLOCKER, c.byBlockerClass().get(TimedParks.Blocker.class.getName()),
                c.toString());
        assertTrue(c.withoutBlocker() >= 2L * TimedParks.WITHOUT_BLOCKER, c.toString());
    }

    @Test
    void asyncProfilerLockEventsAreCountedByTheClassInTheirTopFrame(@TempDir Path dir) throws Exception {
        Path collapsed = Files.writeString(dir.resolve("locks.txt"), """
                java/lang/Thread.run;a/Worker.run;java/util/concurrent/locks/ReentrantLock.lock;java.util.concurrent.locks.ReentrantLock$NonfairSync_[i] 4
                java/lang/Thread.run;a/Worker.count;int[]_[i] 2
                java/lang/Thread.run;a/Other.run;java/util/concurrent/locks/ReentrantLock.lock;java.util.concurrent.locks.ReentrantLock$NonfairSync_[i] 1
                """);
        ParksByBlockerClass c = ParksByBlockerClass.ofAsyncProfilerLocks(collapsed);
        assertEquals(Map.of("java.util.concurrent.locks.ReentrantLock$NonfairSync", 5L, "int[]", 2L),
                c.byBlockerClass());
        assertEquals(7, c.total());
    }
}
