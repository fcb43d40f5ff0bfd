package io.jremix.core.park;

import static org.junit.jupiter.api.Assertions.assertEquals;

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

    @Test
    void withoutAStack_theClassDecides() {
        assertEquals(WaitKind.LOCK, WaitKind.of("java.util.concurrent.locks.ReentrantLock$NonfairSync", List.of()));
        assertEquals(WaitKind.LOCK, WaitKind.of("java.util.concurrent.ThreadPoolExecutor$Worker", List.of()));
        assertEquals(WaitKind.LOCK, WaitKind.of("com.example.Mutex$Sync", List.of()));
        assertEquals(WaitKind.CONDITION, WaitKind.of("java.util.concurrent.CountDownLatch$Sync", List.of()));
        assertEquals(WaitKind.CONDITION, WaitKind.of("com.example.Parker", List.of()));
    }
}
