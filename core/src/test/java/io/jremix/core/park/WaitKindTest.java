package io.jremix.core.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class WaitKindTest {
    static List<CapturedStacks.Captured> captured() {
        return CapturedStacks.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captured")
    void of_keepsIdleWorkersApartFromLocksAndConditions(CapturedStacks.Captured c) {
        assertEquals(c.kind(), WaitKind.of(c.blockerClass(), c.stack()));
    }

    /** The agent ends a library's frames with its jar ({@code ProgramCode}); a stack so marked has the same kind. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("captured")
    void of_readsFramesMarkedWithTheirLibrarysJar(CapturedStacks.Captured c) {
        List<String> marked = c.stack().stream()
                .map(f -> f.startsWith("app//org.") || f.startsWith("app//com.") ? f + " [library-1.0.jar]" : f).toList();
        assertEquals(c.kind(), WaitKind.of(c.blockerClass(), marked));
    }

    @Test
    void withoutAStack_theClassDecides() {
        assertEquals(WaitKind.LOCK, WaitKind.of("java.util.concurrent.locks.ReentrantLock$NonfairSync", List.of()));
        assertEquals(WaitKind.LOCK, WaitKind.of("java.util.concurrent.ThreadPoolExecutor$Worker", List.of()));
        assertEquals(WaitKind.LOCK, WaitKind.of("com.example.Mutex$Sync", List.of()));
        assertEquals(WaitKind.CONDITION, WaitKind.of("java.util.concurrent.CountDownLatch$Sync", List.of()));
        assertEquals(WaitKind.CONDITION, WaitKind.of("com.example.Parker", List.of()));
    }

    private static final String SEMAPHORE = "java.util.concurrent.Semaphore$NonfairSync";

    /** {@code waiters} threads park on the blocker at once, {@code rounds} times; each woken one holds it if asked. */
    private static ParkSnapshot parked(String blockerClass, int waiters, int rounds, boolean heldAfterWaking) {
        ParkRecord r = new ParkRecord(blockerClass, 1, 0);
        long t = 0;
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < waiters; i++) {
                r.parking(t, new ParkSite(new ParkOrigin("worker-" + i, List.of())));
            }
            for (int i = 0; i < waiters; i++) {
                r.unparked(t += 1_000_000);
                if (heldAfterWaking) {
                    r.held(500_000);
                }
            }
        }
        return r.snapshot();
    }

    @Test
    void aSemaphoreWithOneWaiterAtATimeThatNoWaiterReleased_isASignal() {
        assertEquals(WaitKind.SIGNAL, WaitKind.of(parked(SEMAPHORE, 1, 5, false)));
        assertEquals(WaitKind.LOCK, WaitKind.of(parked(SEMAPHORE, 1, 5, true)),
                "a waiter that got it released it to the next: a permit handed on, contention");
        assertEquals(WaitKind.LOCK, WaitKind.of(parked(SEMAPHORE, 2, 5, false)), "two waiters at once");
        assertEquals(WaitKind.LOCK, WaitKind.of(parked("java.util.concurrent.locks.ReentrantLock$NonfairSync", 1, 5,
                false)), "a lock is never a signal: someone held it");
        assertEquals(WaitKind.CONDITION, WaitKind.of(parked("java.util.concurrent.CountDownLatch$Sync", 1, 1,
                false)));
    }

    @Test
    void handoffsAreSignalsAndPoolBorrowsArePools_whoeverCallsThem() {
        assertEquals(WaitKind.SIGNAL, WaitKind.of("java.util.concurrent.SynchronousQueue$TransferStack", List.of()));
        assertEquals(WaitKind.SIGNAL, WaitKind.of("java.util.concurrent.Exchanger", List.of()));
        assertEquals(WaitKind.POOL, WaitKind.of("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                List.of("java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)",
                        "java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)",
                        "app//org.apache.commons.pool2.impl.LinkedBlockingDeque.takeFirst(LinkedBlockingDeque.java:1324)",
                        "app//org.apache.commons.pool2.impl.GenericObjectPool.borrowObject(GenericObjectPool.java:306)",
                        "app//demo.Dao.find(Dao.java:12)")));
    }

    @Test
    void everyLabelStartsWithTheIdJsonAndJfrUse() {
        for (WaitKind k : WaitKind.values()) {
            assertTrue(k.label().startsWith(k.id()), k.label());
        }
        assertEquals(List.of(WaitKind.LOCK, WaitKind.POOL, WaitKind.CONDITION),
                List.of(WaitKind.values()).stream().filter(WaitKind::contention).toList());
    }
}
