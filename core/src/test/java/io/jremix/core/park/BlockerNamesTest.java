package io.jremix.core.park;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlockerNamesTest {
    private static final String LOCKS = "java.util.concurrent.locks.";

    static List<CapturedStacks.Captured> captured() {
        return CapturedStacks.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captured")
    void synchronizer_namesWhatTheProgramUsed(CapturedStacks.Captured c) {
        assertEquals(c.synchronizer(), BlockerNames.synchronizer(c.blockerClass(), c.stack()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captured")
    void userFrame_isTheProgramsFirstFrame(CapturedStacks.Captured c) {
        assertEquals(Optional.ofNullable(c.userFrame()), BlockerNames.userFrame(c.stack()));
    }

    @Test
    void synchronizer_withoutAStack_fallsBackOnTheBlockerClass() {
        assertEquals("ReentrantLock (fair)", BlockerNames.synchronizer(LOCKS + "ReentrantLock$FairSync", List.of()));
        assertEquals("ReentrantReadWriteLock",
                BlockerNames.synchronizer(LOCKS + "ReentrantReadWriteLock$NonfairSync", List.of()));
        assertEquals("Condition",
                BlockerNames.synchronizer(LOCKS + "AbstractQueuedSynchronizer$ConditionObject", List.of()));
        assertEquals("Condition",
                BlockerNames.synchronizer(LOCKS + "AbstractQueuedLongSynchronizer$ConditionObject", List.of()));
    }

    @Test
    void synchronizer_ofAProgramsOwnClasses_isTheOutermostSimpleName() {
        assertEquals("Gate", BlockerNames.synchronizer("com.example.Gate$Sync",
                List.of("app//com.example.Gate.pass(Gate.java:9)")));
        assertEquals("Gate (fair)", BlockerNames.synchronizer("com.example.Gate$FairSync", List.of()));
        assertEquals("Parker", BlockerNames.synchronizer("Parker", List.of()));
        assertEquals("Barrier", BlockerNames.synchronizer("com.example.Barrier$ConditionObject", List.of()),
                "only the JDK's queued synchronizers make a Condition");
    }

    @Test
    void jremixHooksAreNotTheProgram() {
        List<String> stack = List.of(
                "io.jremix.probe.park.ParkHooks.beforePark(ParkHooks.java:49)",
                "java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)",
                "java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)",
                "java.base/java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock.lock(ReentrantReadWriteLock.java:959)",
                "app//com.example.Cache.put(Cache.java:40)",
                "app//io.jremix.workloads.park.Demo.run(Demo.java:12)");

        assertEquals("ReentrantReadWriteLock (write)",
                BlockerNames.synchronizer(LOCKS + "ReentrantReadWriteLock$NonfairSync", stack));
        assertEquals(Optional.of("app//com.example.Cache.put(Cache.java:40)"), BlockerNames.userFrame(stack));
        assertEquals(Optional.of("app//io.jremix.workloads.park.Demo.run(Demo.java:12)"),
                BlockerNames.userFrame(List.of(stack.get(0), stack.get(5))), "jremix's workloads are programs");
    }

    /** A connection pool's wait as the agent writes it: HikariCP's frames carry their jar, the program's none. */
    private static final List<String> POOL_WAIT = List.of(
            "java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:252)",
            "java.base/java.util.concurrent.SynchronousQueue$TransferStack.transfer(SynchronousQueue.java:401)",
            "java.base/java.util.concurrent.SynchronousQueue.poll(SynchronousQueue.java:903)",
            "app//com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:151) [HikariCP-5.1.0.jar]",
            "app//com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:181) [HikariCP-5.1.0.jar]",
            "app//com.zaxxer.hikari.HikariDataSource.getConnection(HikariDataSource.java:128) [HikariCP-5.1.0.jar]",
            "app//com.example.Orders.find(Orders.java:40)",
            "app//com.example.Orders.lambda$serve$0(Orders.java:22)");

    @Test
    void aLibrarysFrames_leadToTheProgramsFrame() {
        assertEquals(Optional.of(POOL_WAIT.get(6)), BlockerNames.userFrame(POOL_WAIT));
        assertEquals(POOL_WAIT.subList(3, 6), BlockerNames.via(POOL_WAIT));
        assertEquals(POOL_WAIT.subList(6, 8), SiteSnapshot.whereOf(POOL_WAIT));
        assertTrue(BlockerNames.endsSite(POOL_WAIT.get(6)));
        assertFalse(BlockerNames.endsSite(POOL_WAIT.get(3)), "a library's frame");
        assertTrue(BlockerNames.endsLibrarySite(POOL_WAIT.get(3)));
        assertFalse(BlockerNames.endsLibrarySite(POOL_WAIT.get(1)), "the JDK's");
    }

    @Test
    void withoutTheProgram_theLibrarysFirstFrameIsTheSite() {
        List<String> housekeeper = List.of(
                "java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:252)",
                "app//org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.idleJobPoll(QueuedThreadPool.java:1136)"
                        + " [jetty-util-12.0.16.jar]",
                "app//org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.run(QueuedThreadPool.java:1150)"
                        + " [jetty-util-12.0.16.jar]");
        assertEquals(Optional.of(housekeeper.get(1)), BlockerNames.userFrame(housekeeper));
        assertEquals(List.of(), BlockerNames.via(housekeeper));
        assertEquals(housekeeper.subList(1, 3), SiteSnapshot.whereOf(housekeeper));
        assertEquals(List.of(), BlockerNames.via(POOL_WAIT.subList(0, 3)), "the JDK's frames only");
    }

    @Test
    void isJremixRuntime_coversWhatRunsInsideTheProgram_notTheWorkloads() {
        assertTrue(BlockerNames.isJremixRuntime("io.jremix.agent.park.ParkProfiler"));
        assertTrue(BlockerNames.isJremixRuntime("io.jremix.probe.park.ParkHooks"));
        assertTrue(BlockerNames.isJremixRuntime("io.jremix.core.park.MonitorTable"));
        assertTrue(BlockerNames.isJremixRuntime("io.jremix.report.park.ParkTextReport"));
        assertTrue(BlockerNames.isJremixRuntime("io.jremix.options.CacheContentionOptions"));
        assertFalse(BlockerNames.isJremixRuntime("io.jremix.workloads.park.LargeSynchronizedSection"));
        assertFalse(BlockerNames.isJremixRuntime("io.jremixer.App"));
    }

    @Test
    void profilerOverhead_isJremixsThreadsJremixsCodeAndJfr() {
        assertFalse(BlockerNames.isProfilerOverhead("main", "com.example.Account", "com.example.Account"));
        assertFalse(BlockerNames.isProfilerOverhead("pool-1-thread-2", "java.lang.Thread",
                "io.jremix.workloads.park.Hot"), "jremix's workloads are programs");
        assertTrue(BlockerNames.isProfilerOverhead("jremix-trace-start", "java.lang.Thread", null));
        assertTrue(BlockerNames.isProfilerOverhead("main", "java.lang.ClassLoader", "io.jremix.agent.Agent"),
                "the agent starting in main");
        assertTrue(BlockerNames.isProfilerOverhead("JFR Periodic Tasks", "jdk.jfr.internal.PlatformRecorder", null));
        assertFalse(BlockerNames.isProfilerOverhead(null, "com.example.Cache", "com.example.Cache"),
                "the program calling JFR blocks for itself");
    }

    @Test
    void profilerOverhead_readFromAParksStack() {
        List<String> agentStart = List.of(
                "java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)",
                "java.base/java.util.concurrent.CountDownLatch.await(CountDownLatch.java:230)",
                "app//io.jremix.agent.park.MonitorProfiler.start(MonitorProfiler.java:40)",
                "app//io.jremix.agent.Agent.premain(Agent.java:60)");
        List<String> program = List.of(agentStart.get(0), agentStart.get(1), "app//demo.Main.main(Main.java:9)");
        assertTrue(BlockerNames.isProfilerOverhead("main", agentStart));
        assertFalse(BlockerNames.isProfilerOverhead("main", program));
        assertTrue(BlockerNames.isProfilerOverhead("jremix-park-interval", program));
        assertTrue(BlockerNames.isProfilerOverhead("JFR Event Stream", List.of(agentStart.get(0),
                "java.base/jdk.jfr.internal.consumer.EventDirectoryStream.processRecursionSafe(EventDirectoryStream.java:120)")));
    }

    @Test
    void aLibrarysLockWaitDoesNotEndASite_itsCallerSaysWhatTheWaitIs() {
        assertFalse(BlockerNames.endsSite("app//org.eclipse.jetty.util.thread.AutoLock$WithCondition.awaitNanos(AutoLock.java:194)"));
        assertFalse(BlockerNames.endsSite("app//org.eclipse.jetty.util.thread.AutoLock.lock(AutoLock.java:47)"));
        assertFalse(BlockerNames.endsSite("app//org.eclipse.jetty.util.BlockingArrayQueue.poll(BlockingArrayQueue.java:273)"));
        assertTrue(BlockerNames.endsSite("app//org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.idleJobPoll(QueuedThreadPool.java:1169)"));
        assertTrue(BlockerNames.endsSite("app//io.jremix.workloads.park.FrequentlyAcquiredLock.lambda$main$0(FrequentlyAcquiredLock.java:30)"),
                "a class named ...Lock is no lock wrapper outside its lock methods");
    }
}
