package io.jremix.core.park;

import java.util.List;

/**
 * Park blockers and the stacks of their first park as real runs gave them, on OpenJDK 17.0.15 and Temurin 25.0.3,
 * with what {@link BlockerNames} and {@link WaitKind} should make of them.
 *
 * <p>Parks: a small program ({@code demo.FrameCapture}) made each thread block in one way and read
 * {@code LockSupport.getBlocker} and the stack from another thread, formatted as the park profiler formats its
 * origins: from the {@code LockSupport} frame outwards (JDK 17 shows lambda proxy frames, 25 does not). On JDK 25 an
 * idle {@code ForkJoinPool} worker parks through {@code Unsafe.park} directly, so its stack starts there.
 * Monitor waits: the monitor profiler's own JFR frames ({@code class.method(line:N)}) from a program
 * ({@code MonitorCapture}) with an idle {@code java.util.Timer}, an idle {@code Cleaner} and a {@code Thread.join}.
 * Each frame starts with the loader and module its class came from, as the profilers write it since they decide
 * the JDK's frames by loader ({@code java.base/} for the JDK's classes, {@code app//} for the capture programs',
 * from the class path); the captures predate that prefix, which was added to their text. The Tomcat worker's stack
 * is from the park report of the bench suite's {@code tomcat} application. The Jetty and HikariCP stacks are from
 * park reports of real runs: a Jetty 12.1.13 server whose handler takes a {@code ReentrantLock}, under 32
 * keep-alive clients, and HikariCP 5.1.0 over in-memory H2 with 3 connections for 16 threads.
 */
final class CapturedStacks {
    /**
     * @param userFrame the expected {@link BlockerNames#userFrame}, {@code null} for none
     * @param frames    one frame a line, innermost first
     */
    record Captured(String jdk, String scenario, String blockerClass, String synchronizer, WaitKind kind,
                    String userFrame, String frames) {
        List<String> stack() {
            return frames.lines().toList();
        }

        @Override
        public String toString() {
            return "JDK " + jdk + ": " + scenario;
        }
    }

    private CapturedStacks() {
    }

    static List<Captured> all() {
        return List.of(
            new Captured("17", "ReentrantLock.lock", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$3(FrameCapture.java:55)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:938)
                    java.base/java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:153)
                    java.base/java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322)
                    app//demo.FrameCapture.lambda$main$3(FrameCapture.java:55)
                    app//demo.FrameCapture$$Lambda$1/0x00007fb334000a08.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "ReentrantLock.lock", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$3(FrameCapture.java:55)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:790)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:1030)
                    java.base/java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:154)
                    java.base/java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:323)
                    app//demo.FrameCapture.lambda$main$3(FrameCapture.java:55)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "ReentrantLock(fair).lock", "java.util.concurrent.locks.ReentrantLock$FairSync",
                    "ReentrantLock (fair)", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$4(FrameCapture.java:57)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:938)
                    java.base/java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:153)
                    java.base/java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322)
                    app//demo.FrameCapture.lambda$main$4(FrameCapture.java:57)
                    app//demo.FrameCapture$$Lambda$6/0x00007fb334001480.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "ReentrantLock.tryLock(timeout)", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$5(FrameCapture.java:58)", """
                    java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:271)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:792)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.tryAcquireNanos(AbstractQueuedSynchronizer.java:1078)
                    java.base/java.util.concurrent.locks.ReentrantLock$Sync.tryLockNanos(ReentrantLock.java:169)
                    java.base/java.util.concurrent.locks.ReentrantLock.tryLock(ReentrantLock.java:480)
                    app//demo.FrameCapture.lambda$main$5(FrameCapture.java:58)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "ReentrantLock.lockInterruptibly", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$6(FrameCapture.java:59)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireInterruptibly(AbstractQueuedSynchronizer.java:958)
                    java.base/java.util.concurrent.locks.ReentrantLock$Sync.lockInterruptibly(ReentrantLock.java:161)
                    java.base/java.util.concurrent.locks.ReentrantLock.lockInterruptibly(ReentrantLock.java:372)
                    app//demo.FrameCapture.lambda$main$6(FrameCapture.java:59)
                    app//demo.FrameCapture$$Lambda$8/0x00007fb334009228.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("17", "RRWL.writeLock.lock", "java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync",
                    "ReentrantReadWriteLock (write)", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$7(FrameCapture.java:61)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:938)
                    java.base/java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock.lock(ReentrantReadWriteLock.java:959)
                    app//demo.FrameCapture.lambda$main$7(FrameCapture.java:61)
                    app//demo.FrameCapture$$Lambda$9/0x00007fb334009450.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "RRWL.writeLock.lock", "java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync",
                    "ReentrantReadWriteLock (write)", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$7(FrameCapture.java:61)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.base/java.util.concurrent.locks.AbstractQueuedLongSynchronizer.acquire(AbstractQueuedLongSynchronizer.java:410)
                    java.base/java.util.concurrent.locks.AbstractQueuedLongSynchronizer.acquire(AbstractQueuedLongSynchronizer.java:650)
                    java.base/java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock.lock(ReentrantReadWriteLock.java:966)
                    app//demo.FrameCapture.lambda$main$7(FrameCapture.java:61)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "RRWL.readLock.lock", "java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync",
                    "ReentrantReadWriteLock (read)", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$8(FrameCapture.java:63)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireShared(AbstractQueuedSynchronizer.java:1027)
                    java.base/java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock.lock(ReentrantReadWriteLock.java:738)
                    app//demo.FrameCapture.lambda$main$8(FrameCapture.java:63)
                    app//demo.FrameCapture$$Lambda$10/0x00007fb334009678.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "RRWL(fair).readLock.lock", "java.util.concurrent.locks.ReentrantReadWriteLock$FairSync",
                    "ReentrantReadWriteLock (fair, read)", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$9(FrameCapture.java:65)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.base/java.util.concurrent.locks.AbstractQueuedLongSynchronizer.acquire(AbstractQueuedLongSynchronizer.java:410)
                    java.base/java.util.concurrent.locks.AbstractQueuedLongSynchronizer.acquireShared(AbstractQueuedLongSynchronizer.java:739)
                    java.base/java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock.lock(ReentrantReadWriteLock.java:744)
                    app//demo.FrameCapture.lambda$main$9(FrameCapture.java:65)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "Semaphore.acquire", "java.util.concurrent.Semaphore$NonfairSync",
                    "Semaphore", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$10(FrameCapture.java:66)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly(AbstractQueuedSynchronizer.java:1047)
                    java.base/java.util.concurrent.Semaphore.acquire(Semaphore.java:318)
                    app//demo.FrameCapture.lambda$main$10(FrameCapture.java:66)
                    app//demo.FrameCapture$$Lambda$12/0x00007fb334009ac8.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "Semaphore(fair).acquire", "java.util.concurrent.Semaphore$FairSync",
                    "Semaphore (fair)", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$11(FrameCapture.java:67)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:790)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly(AbstractQueuedSynchronizer.java:1139)
                    java.base/java.util.concurrent.Semaphore.acquire(Semaphore.java:318)
                    app//demo.FrameCapture.lambda$main$11(FrameCapture.java:67)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "CountDownLatch.await", "java.util.concurrent.CountDownLatch$Sync",
                    "CountDownLatch", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$12(FrameCapture.java:68)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly(AbstractQueuedSynchronizer.java:1047)
                    java.base/java.util.concurrent.CountDownLatch.await(CountDownLatch.java:230)
                    app//demo.FrameCapture.lambda$main$12(FrameCapture.java:68)
                    app//demo.FrameCapture$$Lambda$14/0x00007fb33400a000.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "CountDownLatch.await", "java.util.concurrent.CountDownLatch$Sync",
                    "CountDownLatch", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$12(FrameCapture.java:68)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:790)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly(AbstractQueuedSynchronizer.java:1139)
                    java.base/java.util.concurrent.CountDownLatch.await(CountDownLatch.java:230)
                    app//demo.FrameCapture.lambda$main$12(FrameCapture.java:68)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "Condition.await", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$13(FrameCapture.java:71)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:506)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)
                    app//demo.FrameCapture.lambda$main$13(FrameCapture.java:71)
                    app//demo.FrameCapture$$Lambda$15/0x00007fb33400a220.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "Condition.await", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$13(FrameCapture.java:71)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:520)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1752)
                    app//demo.FrameCapture.lambda$main$13(FrameCapture.java:71)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("25", "LinkedBlockingQueue.take (user)", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of LinkedBlockingQueue", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$14(FrameCapture.java:72)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:520)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1752)
                    java.base/java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)
                    app//demo.FrameCapture.lambda$main$14(FrameCapture.java:72)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "ArrayBlockingQueue.take (user)", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of ArrayBlockingQueue", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$15(FrameCapture.java:73)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:506)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)
                    java.base/java.util.concurrent.ArrayBlockingQueue.take(ArrayBlockingQueue.java:420)
                    app//demo.FrameCapture.lambda$main$15(FrameCapture.java:73)
                    app//demo.FrameCapture$$Lambda$17/0x00007fb33400a668.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("17", "SynchronousQueue.take (user)", "java.util.concurrent.SynchronousQueue$TransferStack",
                    "SynchronousQueue", WaitKind.SIGNAL, "app//demo.FrameCapture.lambda$main$16(FrameCapture.java:74)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.base/java.util.concurrent.SynchronousQueue$TransferStack$SNode.block(SynchronousQueue.java:288)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.base/java.util.concurrent.SynchronousQueue$TransferStack.transfer(SynchronousQueue.java:397)
                    java.base/java.util.concurrent.SynchronousQueue.take(SynchronousQueue.java:886)
                    app//demo.FrameCapture.lambda$main$16(FrameCapture.java:74)
                    app//demo.FrameCapture$$Lambda$18/0x00007fb33400a888.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "SynchronousQueue.take (user)", "java.util.concurrent.SynchronousQueue$Transferer",
                    "SynchronousQueue", WaitKind.SIGNAL, "app//demo.FrameCapture.lambda$main$16(FrameCapture.java:74)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.base/java.util.concurrent.LinkedTransferQueue$DualNode.await(LinkedTransferQueue.java:458)
                    java.base/java.util.concurrent.SynchronousQueue$Transferer.xferLifo(SynchronousQueue.java:194)
                    java.base/java.util.concurrent.SynchronousQueue.xfer(SynchronousQueue.java:235)
                    java.base/java.util.concurrent.SynchronousQueue.take(SynchronousQueue.java:318)
                    app//demo.FrameCapture.lambda$main$16(FrameCapture.java:74)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "CompletableFuture.get", "java.util.concurrent.CompletableFuture$Signaller",
                    "CompletableFuture", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$17(FrameCapture.java:75)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.base/java.util.concurrent.CompletableFuture$Signaller.block(CompletableFuture.java:1864)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.base/java.util.concurrent.CompletableFuture.waitingGet(CompletableFuture.java:1898)
                    java.base/java.util.concurrent.CompletableFuture.get(CompletableFuture.java:2072)
                    app//demo.FrameCapture.lambda$main$17(FrameCapture.java:75)
                    app//demo.FrameCapture$$Lambda$19/0x00007fb33400aaa8.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "FutureTask.get", "java.util.concurrent.FutureTask",
                    "FutureTask", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$20(FrameCapture.java:77)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.base/java.util.concurrent.FutureTask.awaitDone(FutureTask.java:511)
                    java.base/java.util.concurrent.FutureTask.get(FutureTask.java:192)
                    app//demo.FrameCapture.lambda$main$20(FrameCapture.java:77)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "CyclicBarrier.await", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of CyclicBarrier", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$21(FrameCapture.java:79)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:506)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)
                    java.base/java.util.concurrent.CyclicBarrier.dowait(CyclicBarrier.java:236)
                    java.base/java.util.concurrent.CyclicBarrier.await(CyclicBarrier.java:364)
                    app//demo.FrameCapture.lambda$main$21(FrameCapture.java:79)
                    app//demo.FrameCapture$$Lambda$23/0x00007fb33400b328.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "Phaser.arriveAndAwaitAdvance", "java.util.concurrent.Phaser$QNode",
                    "Phaser", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$22(FrameCapture.java:80)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.base/java.util.concurrent.Phaser$QNode.block(Phaser.java:1135)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.base/java.util.concurrent.Phaser.internalAwaitAdvance(Phaser.java:1065)
                    java.base/java.util.concurrent.Phaser.arriveAndAwaitAdvance(Phaser.java:687)
                    app//demo.FrameCapture.lambda$main$22(FrameCapture.java:80)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "Exchanger.exchange", "java.util.concurrent.Exchanger",
                    "Exchanger", WaitKind.SIGNAL, "app//demo.FrameCapture.lambda$main$23(FrameCapture.java:81)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.base/java.util.concurrent.Exchanger.slotExchange(Exchanger.java:503)
                    java.base/java.util.concurrent.Exchanger.exchange(Exchanger.java:566)
                    app//demo.FrameCapture.lambda$main$23(FrameCapture.java:81)
                    app//demo.FrameCapture$$Lambda$25/0x00007fb33400b770.call(Unknown Source)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    app//demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "StampedLock.writeLock", "java.util.concurrent.locks.StampedLock",
                    "StampedLock", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$24(FrameCapture.java:83)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.base/java.util.concurrent.locks.StampedLock.acquireWrite(StampedLock.java:1262)
                    java.base/java.util.concurrent.locks.StampedLock.writeLock(StampedLock.java:481)
                    app//demo.FrameCapture.lambda$main$24(FrameCapture.java:83)
                    app//demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "idle Tomcat connector worker (its own ThreadPoolExecutor and TaskQueue)",
                    "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of LinkedBlockingQueue", WaitKind.IDLE,
                    "app//org.apache.tomcat.util.threads.TaskQueue.take(TaskQueue.java:117)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:506)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)
                    java.base/java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)
                    app//org.apache.tomcat.util.threads.TaskQueue.take(TaskQueue.java:117)
                    app//org.apache.tomcat.util.threads.TaskQueue.take(TaskQueue.java:33)
                    app//org.apache.tomcat.util.threads.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1114)
                    app//org.apache.tomcat.util.threads.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1175)
                    """),
            new Captured("17", "idle newFixedThreadPool worker", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of LinkedBlockingQueue", WaitKind.IDLE, null, """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:506)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)
                    java.base/java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)
                    java.base/java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1062)
                    java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1122)
                    java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:635)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "idle newFixedThreadPool worker", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of LinkedBlockingQueue", WaitKind.IDLE, null, """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:520)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1752)
                    java.base/java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)
                    java.base/java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1016)
                    java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1076)
                    java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:614)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "idle newCachedThreadPool worker", "java.util.concurrent.SynchronousQueue$TransferStack",
                    "SynchronousQueue", WaitKind.IDLE, null, """
                    java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:252)
                    java.base/java.util.concurrent.SynchronousQueue$TransferStack.transfer(SynchronousQueue.java:401)
                    java.base/java.util.concurrent.SynchronousQueue.poll(SynchronousQueue.java:903)
                    java.base/java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1061)
                    java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1122)
                    java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:635)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "idle newCachedThreadPool worker", "java.util.concurrent.SynchronousQueue$Transferer",
                    "SynchronousQueue", WaitKind.IDLE, null, """
                    java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:408)
                    java.base/java.util.concurrent.LinkedTransferQueue$DualNode.await(LinkedTransferQueue.java:452)
                    java.base/java.util.concurrent.SynchronousQueue$Transferer.xferLifo(SynchronousQueue.java:194)
                    java.base/java.util.concurrent.SynchronousQueue.xfer(SynchronousQueue.java:235)
                    java.base/java.util.concurrent.SynchronousQueue.poll(SynchronousQueue.java:338)
                    java.base/java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1015)
                    java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1076)
                    java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:614)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "idle newScheduledThreadPool worker (task pending in 1 h)", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of ScheduledThreadPoolExecutor$DelayedWorkQueue", WaitKind.IDLE, null, """
                    java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:252)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1679)
                    java.base/java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:1182)
                    java.base/java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:899)
                    java.base/java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1062)
                    java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1122)
                    java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:635)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "idle newScheduledThreadPool worker (no task)", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of ScheduledThreadPoolExecutor$DelayedWorkQueue", WaitKind.IDLE, null, """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:520)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1752)
                    java.base/java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:1154)
                    java.base/java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:883)
                    java.base/java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1016)
                    java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1076)
                    java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:614)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "idle ForkJoinPool worker", "java.util.concurrent.ForkJoinPool",
                    "ForkJoinPool", WaitKind.IDLE, null, """
                    java.base/java.util.concurrent.locks.LockSupport.parkUntil(LockSupport.java:410)
                    java.base/java.util.concurrent.ForkJoinPool.awaitWork(ForkJoinPool.java:1726)
                    java.base/java.util.concurrent.ForkJoinPool.runWorker(ForkJoinPool.java:1623)
                    java.base/java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:165)
                    """),
            new Captured("25", "idle ForkJoinPool worker", "java.util.concurrent.ForkJoinPool",
                    "ForkJoinPool", WaitKind.IDLE, null, """
                    java.base/jdk.internal.misc.Unsafe.park(Unsafe.java)
                    java.base/java.util.concurrent.ForkJoinPool.awaitWork(ForkJoinPool.java:2109)
                    java.base/java.util.concurrent.ForkJoinPool.deactivate(ForkJoinPool.java:2063)
                    java.base/java.util.concurrent.ForkJoinPool.runWorker(ForkJoinPool.java:2027)
                    java.base/java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:187)
                    """),
            new Captured("17", "pool task taking from its own LinkedBlockingQueue", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of LinkedBlockingQueue", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$36(FrameCapture.java:104)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:506)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)
                    java.base/java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)
                    app//demo.FrameCapture.lambda$main$36(FrameCapture.java:104)
                    app//demo.FrameCapture$$Lambda$38/0x00007fb33400d320.call(Unknown Source)
                    java.base/java.util.concurrent.FutureTask.run(FutureTask.java:264)
                    java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1136)
                    java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:635)
                    java.base/java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "pool task taking from its own LinkedBlockingQueue", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of LinkedBlockingQueue", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$36(FrameCapture.java:104)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:520)
                    java.base/java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1752)
                    java.base/java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)
                    app//demo.FrameCapture.lambda$main$36(FrameCapture.java:104)
                    java.base/java.util.concurrent.FutureTask.run(FutureTask.java:328)
                    java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1090)
                    java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:614)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "ForkJoinPool task joining a CompletableFuture", "java.util.concurrent.CompletableFuture$Signaller",
                    "CompletableFuture", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$37(FrameCapture.java:108)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.base/java.util.concurrent.CompletableFuture$Signaller.block(CompletableFuture.java:1864)
                    java.base/java.util.concurrent.ForkJoinPool.compensatedBlock(ForkJoinPool.java:3451)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3434)
                    java.base/java.util.concurrent.CompletableFuture.waitingGet(CompletableFuture.java:1898)
                    java.base/java.util.concurrent.CompletableFuture.join(CompletableFuture.java:2117)
                    app//demo.FrameCapture.lambda$main$37(FrameCapture.java:108)
                    app//demo.FrameCapture$$Lambda$39/0x00007fb33400d548.call(Unknown Source)
                    java.base/java.util.concurrent.ForkJoinTask$AdaptedCallable.exec(ForkJoinTask.java:1428)
                    java.base/java.util.concurrent.ForkJoinTask.doExec(ForkJoinTask.java:373)
                    java.base/java.util.concurrent.ForkJoinPool$WorkQueue.topLevelExec(ForkJoinPool.java:1182)
                    java.base/java.util.concurrent.ForkJoinPool.scan(ForkJoinPool.java:1655)
                    java.base/java.util.concurrent.ForkJoinPool.runWorker(ForkJoinPool.java:1622)
                    java.base/java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:165)
                    """),
            new Captured("25", "ForkJoinPool task joining a CompletableFuture", "java.util.concurrent.CompletableFuture$Signaller",
                    "CompletableFuture", WaitKind.CONDITION, "app//demo.FrameCapture.lambda$main$37(FrameCapture.java:108)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.base/java.util.concurrent.CompletableFuture$Signaller.block(CompletableFuture.java:1885)
                    java.base/java.util.concurrent.ForkJoinPool.compensatedBlock(ForkJoinPool.java:4326)
                    java.base/java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4308)
                    java.base/java.util.concurrent.CompletableFuture.waitingGet(CompletableFuture.java:1919)
                    java.base/java.util.concurrent.CompletableFuture.join(CompletableFuture.java:2138)
                    app//demo.FrameCapture.lambda$main$37(FrameCapture.java:108)
                    java.base/java.util.concurrent.ForkJoinTask$AdaptedInterruptibleCallable.compute(ForkJoinTask.java:1718)
                    java.base/java.util.concurrent.ForkJoinTask$InterruptibleTask.exec(ForkJoinTask.java:1662)
                    java.base/java.util.concurrent.ForkJoinTask.doExec(ForkJoinTask.java:511)
                    java.base/java.util.concurrent.ForkJoinPool$WorkQueue.topLevelExec(ForkJoinPool.java:1450)
                    java.base/java.util.concurrent.ForkJoinPool.runWorker(ForkJoinPool.java:2019)
                    java.base/java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:187)
                    """),
            new Captured("25", "pool task blocked on a ReentrantLock", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "app//demo.FrameCapture.lambda$main$39(FrameCapture.java:112)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:790)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:1030)
                    java.base/java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:154)
                    java.base/java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:323)
                    app//demo.FrameCapture.lambda$main$39(FrameCapture.java:112)
                    java.base/java.util.concurrent.FutureTask.run(FutureTask.java:328)
                    java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1090)
                    java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:614)
                    java.base/java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "idle TaskQueue thread (monitor wait)", "java.util.TaskQueue",
                    "TaskQueue", WaitKind.IDLE, null, """
                    java.base/java.lang.Object.wait(Native Method)
                    java.base/java.lang.Object.wait(line:338)
                    java.base/java.util.TimerThread.mainLoop(line:537)
                    java.base/java.util.TimerThread.run(line:516)
                    """),
            new Captured("25", "idle TaskQueue thread (monitor wait)", "java.util.TaskQueue",
                    "TaskQueue", WaitKind.IDLE, null, """
                    java.base/java.lang.Object.wait0(Native Method)
                    java.base/java.lang.Object.wait(line:389)
                    java.base/java.util.TimerThread.mainLoop(line:569)
                    java.base/java.util.TimerThread.run(line:522)
                    """),
            new Captured("17", "idle ReferenceQueue$Lock thread (monitor wait)", "java.lang.ref.ReferenceQueue$Lock",
                    "ReferenceQueue", WaitKind.IDLE, null, """
                    java.base/java.lang.Object.wait(Native Method)
                    java.base/java.lang.ref.ReferenceQueue.remove(line:155)
                    java.base/jdk.internal.ref.CleanerImpl.run(line:140)
                    java.base/java.lang.Thread.run(line:840)
                    java.base/jdk.internal.misc.InnocuousThread.run(line:162)
                    """),
            new Captured("25", "idle ReferenceQueue$Lock thread (monitor wait)", "java.lang.ref.ReferenceQueue$Lock",
                    "ReferenceQueue", WaitKind.IDLE, null, """
                    java.base/java.lang.Object.wait0(Native Method)
                    java.base/java.lang.Object.wait(line:389)
                    java.base/java.lang.ref.ReferenceQueue.remove0(line:123)
                    java.base/java.lang.ref.ReferenceQueue.remove(line:201)
                    java.base/jdk.internal.ref.CleanerImpl.run(line:146)
                    java.base/java.lang.Thread.runWith(line:1487)
                    java.base/java.lang.Thread.run(line:1474)
                    java.base/jdk.internal.misc.InnocuousThread.run(line:148)
                    """),
            new Captured("17", "Jetty 12.1 idle QueuedThreadPool thread", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition", WaitKind.IDLE, "app//org.eclipse.jetty.util.thread.AutoLock$WithCondition.awaitNanos(AutoLock.java:194)", """
                    java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:249)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1679)
                    app//org.eclipse.jetty.util.thread.AutoLock$WithCondition.awaitNanos(AutoLock.java:194)
                    app//org.eclipse.jetty.util.BlockingArrayQueue.poll(BlockingArrayQueue.java:273)
                    app//org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.idleJobPoll(QueuedThreadPool.java:1169)
                    app//org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.run(QueuedThreadPool.java:1186)
                    """),
            new Captured("17", "Jetty 12.1 reserved thread (a semaphore of its own)", "java.util.concurrent.Semaphore$NonfairSync",
                    "Semaphore", WaitKind.IDLE, "app//org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread.waitForTask(ReservedThreadExecutor.java:357)", """
                    java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:249)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:717)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.tryAcquireSharedNanos(AbstractQueuedSynchronizer.java:1074)
                    java.base/java.util.concurrent.Semaphore.tryAcquire(Semaphore.java:415)
                    app//org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread.waitForTask(ReservedThreadExecutor.java:357)
                    app//org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread.run(ReservedThreadExecutor.java:296)
                    """),
            new Captured("17", "the program's lock in a Jetty 12.1 handler", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "app//JettyLock.count(JettyLock.java:25)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:209)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:938)
                    java.base/java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:153)
                    java.base/java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322)
                    app//JettyLock.count(JettyLock.java:25)
                    app//JettyLock$1.handle(JettyLock.java:15)
                    """),
            new Captured("25", "Jetty 12.1 idle QueuedThreadPool thread", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition", WaitKind.IDLE, "app//org.eclipse.jetty.util.thread.AutoLock$WithCondition.awaitNanos(AutoLock.java:194)", """
                    java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:264)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1803)
                    app//org.eclipse.jetty.util.thread.AutoLock$WithCondition.awaitNanos(AutoLock.java:194)
                    app//org.eclipse.jetty.util.BlockingArrayQueue.poll(BlockingArrayQueue.java:273)
                    app//org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.idleJobPoll(QueuedThreadPool.java:1169)
                    app//org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.run(QueuedThreadPool.java:1186)
                    """),
            new Captured("25", "Jetty 12.1 reserved thread (a semaphore of its own)", "java.util.concurrent.Semaphore$NonfairSync",
                    "Semaphore", WaitKind.IDLE, "app//org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread.waitForTask(ReservedThreadExecutor.java:357)", """
                    java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:264)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:792)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.tryAcquireSharedNanos(AbstractQueuedSynchronizer.java:1166)
                    java.base/java.util.concurrent.Semaphore.tryAcquire(Semaphore.java:415)
                    app//org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread.waitForTask(ReservedThreadExecutor.java:357)
                    app//org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread.run(ReservedThreadExecutor.java:296)
                    """),
            new Captured("25", "the program's lock in a Jetty 12.1 handler", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "app//JettyLock.count(JettyLock.java:25)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:217)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:790)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:1030)
                    java.base/java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:154)
                    java.base/java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:323)
                    app//JettyLock.count(JettyLock.java:25)
                    app//JettyLock$1.handle(JettyLock.java:15)
                    """),
            new Captured("17", "Jetty 12.1 idle thread taking its queue's lock back", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.IDLE, "app//org.eclipse.jetty.util.thread.AutoLock$WithCondition.awaitNanos(AutoLock.java:194)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:209)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1682)
                    app//org.eclipse.jetty.util.thread.AutoLock$WithCondition.awaitNanos(AutoLock.java:194)
                    app//org.eclipse.jetty.util.BlockingArrayQueue.poll(BlockingArrayQueue.java:273)
                    app//org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.idleJobPoll(QueuedThreadPool.java:1169)
                    app//org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.run(QueuedThreadPool.java:1186)
                    """),
            new Captured("17", "Jetty 12.1 AutoLock taken by QueuedThreadPool.execute", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "app//org.eclipse.jetty.util.thread.AutoLock.lock(AutoLock.java:47)", """
                    java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:209)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:938)
                    java.base/java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:153)
                    java.base/java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322)
                    app//org.eclipse.jetty.util.thread.AutoLock.lock(AutoLock.java:47)
                    app//org.eclipse.jetty.util.thread.AutoLock$WithCondition.lock(AutoLock.java:134)
                    app//org.eclipse.jetty.util.BlockingArrayQueue.offer(BlockingArrayQueue.java:414)
                    app//org.eclipse.jetty.util.thread.QueuedThreadPool.execute(QueuedThreadPool.java:820)
                    app//org.eclipse.jetty.util.thread.strategy.AdaptiveExecutionStrategy.execute(AdaptiveExecutionStrategy.java:528)
                    """),
            new Captured("17", "HikariCP 5.1 getConnection, pool exhausted", "java.util.concurrent.SynchronousQueue$TransferQueue",
                    "SynchronousQueue", WaitKind.POOL, "app//com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:151)", """
                    java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:249)
                    java.base/java.util.concurrent.SynchronousQueue$TransferQueue.transfer(SynchronousQueue.java:704)
                    java.base/java.util.concurrent.SynchronousQueue.poll(SynchronousQueue.java:903)
                    app//com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:151)
                    app//com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:162)
                    """),
            new Captured("25", "HikariCP 5.1 getConnection, pool exhausted", "java.util.concurrent.SynchronousQueue$Transferer",
                    "SynchronousQueue", WaitKind.POOL, "app//com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:151)", """
                    java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:404)
                    java.base/java.util.concurrent.LinkedTransferQueue$DualNode.await(LinkedTransferQueue.java:452)
                    java.base/java.util.concurrent.LinkedTransferQueue.xfer(LinkedTransferQueue.java:613)
                    java.base/java.util.concurrent.SynchronousQueue.xfer(SynchronousQueue.java:235)
                    java.base/java.util.concurrent.SynchronousQueue.poll(SynchronousQueue.java:338)
                    app//com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:151)
                    app//com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:162)
                    """),
            new Captured("17", "Thread.join", "java.lang.Thread",
                    "Thread", WaitKind.CONDITION, "app//MonitorCapture.main(line:20)", """
                    java.base/java.lang.Object.wait(Native Method)
                    java.base/java.lang.Thread.join(line:1313)
                    java.base/java.lang.Thread.join(line:1381)
                    app//MonitorCapture.main(line:20)
                    """),
            new Captured("25", "Thread.join", "java.lang.Thread",
                    "Thread", WaitKind.CONDITION, "app//MonitorCapture.main(line:20)", """
                    java.base/java.lang.Object.wait0(Native Method)
                    java.base/java.lang.Object.wait(line:389)
                    java.base/java.lang.Thread.join(line:1887)
                    java.base/java.lang.Thread.join(line:1963)
                    app//MonitorCapture.main(line:20)
                    """),
            new Captured("25", "Object.wait", "java.lang.Object",
                    "Object", WaitKind.CONDITION, "app//MonitorCapture.main(line:22)", """
                    java.base/java.lang.Object.wait0(Native Method)
                    java.base/java.lang.Object.wait(line:389)
                    app//MonitorCapture.main(line:22)
                    """)
        );
    }
}
