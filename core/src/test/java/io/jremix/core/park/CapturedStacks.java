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
                    "ReentrantLock", WaitKind.LOCK, "demo.FrameCapture.lambda$main$3(FrameCapture.java:55)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:938)
                    java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:153)
                    java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322)
                    demo.FrameCapture.lambda$main$3(FrameCapture.java:55)
                    demo.FrameCapture$$Lambda$1/0x00007fb334000a08.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "ReentrantLock.lock", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "demo.FrameCapture.lambda$main$3(FrameCapture.java:55)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:790)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:1030)
                    java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:154)
                    java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:323)
                    demo.FrameCapture.lambda$main$3(FrameCapture.java:55)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "ReentrantLock(fair).lock", "java.util.concurrent.locks.ReentrantLock$FairSync",
                    "ReentrantLock (fair)", WaitKind.LOCK, "demo.FrameCapture.lambda$main$4(FrameCapture.java:57)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:938)
                    java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:153)
                    java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322)
                    demo.FrameCapture.lambda$main$4(FrameCapture.java:57)
                    demo.FrameCapture$$Lambda$6/0x00007fb334001480.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "ReentrantLock.tryLock(timeout)", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "demo.FrameCapture.lambda$main$5(FrameCapture.java:58)", """
                    java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:271)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:792)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.tryAcquireNanos(AbstractQueuedSynchronizer.java:1078)
                    java.util.concurrent.locks.ReentrantLock$Sync.tryLockNanos(ReentrantLock.java:169)
                    java.util.concurrent.locks.ReentrantLock.tryLock(ReentrantLock.java:480)
                    demo.FrameCapture.lambda$main$5(FrameCapture.java:58)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "ReentrantLock.lockInterruptibly", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "demo.FrameCapture.lambda$main$6(FrameCapture.java:59)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireInterruptibly(AbstractQueuedSynchronizer.java:958)
                    java.util.concurrent.locks.ReentrantLock$Sync.lockInterruptibly(ReentrantLock.java:161)
                    java.util.concurrent.locks.ReentrantLock.lockInterruptibly(ReentrantLock.java:372)
                    demo.FrameCapture.lambda$main$6(FrameCapture.java:59)
                    demo.FrameCapture$$Lambda$8/0x00007fb334009228.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("17", "RRWL.writeLock.lock", "java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync",
                    "ReentrantReadWriteLock (write)", WaitKind.LOCK, "demo.FrameCapture.lambda$main$7(FrameCapture.java:61)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:938)
                    java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock.lock(ReentrantReadWriteLock.java:959)
                    demo.FrameCapture.lambda$main$7(FrameCapture.java:61)
                    demo.FrameCapture$$Lambda$9/0x00007fb334009450.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "RRWL.writeLock.lock", "java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync",
                    "ReentrantReadWriteLock (write)", WaitKind.LOCK, "demo.FrameCapture.lambda$main$7(FrameCapture.java:61)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.util.concurrent.locks.AbstractQueuedLongSynchronizer.acquire(AbstractQueuedLongSynchronizer.java:410)
                    java.util.concurrent.locks.AbstractQueuedLongSynchronizer.acquire(AbstractQueuedLongSynchronizer.java:650)
                    java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock.lock(ReentrantReadWriteLock.java:966)
                    demo.FrameCapture.lambda$main$7(FrameCapture.java:61)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "RRWL.readLock.lock", "java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync",
                    "ReentrantReadWriteLock (read)", WaitKind.LOCK, "demo.FrameCapture.lambda$main$8(FrameCapture.java:63)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireShared(AbstractQueuedSynchronizer.java:1027)
                    java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock.lock(ReentrantReadWriteLock.java:738)
                    demo.FrameCapture.lambda$main$8(FrameCapture.java:63)
                    demo.FrameCapture$$Lambda$10/0x00007fb334009678.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "RRWL(fair).readLock.lock", "java.util.concurrent.locks.ReentrantReadWriteLock$FairSync",
                    "ReentrantReadWriteLock (fair, read)", WaitKind.LOCK, "demo.FrameCapture.lambda$main$9(FrameCapture.java:65)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.util.concurrent.locks.AbstractQueuedLongSynchronizer.acquire(AbstractQueuedLongSynchronizer.java:410)
                    java.util.concurrent.locks.AbstractQueuedLongSynchronizer.acquireShared(AbstractQueuedLongSynchronizer.java:739)
                    java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock.lock(ReentrantReadWriteLock.java:744)
                    demo.FrameCapture.lambda$main$9(FrameCapture.java:65)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "Semaphore.acquire", "java.util.concurrent.Semaphore$NonfairSync",
                    "Semaphore", WaitKind.LOCK, "demo.FrameCapture.lambda$main$10(FrameCapture.java:66)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly(AbstractQueuedSynchronizer.java:1047)
                    java.util.concurrent.Semaphore.acquire(Semaphore.java:318)
                    demo.FrameCapture.lambda$main$10(FrameCapture.java:66)
                    demo.FrameCapture$$Lambda$12/0x00007fb334009ac8.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "Semaphore(fair).acquire", "java.util.concurrent.Semaphore$FairSync",
                    "Semaphore (fair)", WaitKind.LOCK, "demo.FrameCapture.lambda$main$11(FrameCapture.java:67)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:790)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly(AbstractQueuedSynchronizer.java:1139)
                    java.util.concurrent.Semaphore.acquire(Semaphore.java:318)
                    demo.FrameCapture.lambda$main$11(FrameCapture.java:67)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "CountDownLatch.await", "java.util.concurrent.CountDownLatch$Sync",
                    "CountDownLatch", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$12(FrameCapture.java:68)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:715)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly(AbstractQueuedSynchronizer.java:1047)
                    java.util.concurrent.CountDownLatch.await(CountDownLatch.java:230)
                    demo.FrameCapture.lambda$main$12(FrameCapture.java:68)
                    demo.FrameCapture$$Lambda$14/0x00007fb33400a000.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "CountDownLatch.await", "java.util.concurrent.CountDownLatch$Sync",
                    "CountDownLatch", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$12(FrameCapture.java:68)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:790)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly(AbstractQueuedSynchronizer.java:1139)
                    java.util.concurrent.CountDownLatch.await(CountDownLatch.java:230)
                    demo.FrameCapture.lambda$main$12(FrameCapture.java:68)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "Condition.await", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$13(FrameCapture.java:71)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:506)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)
                    demo.FrameCapture.lambda$main$13(FrameCapture.java:71)
                    demo.FrameCapture$$Lambda$15/0x00007fb33400a220.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "Condition.await", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$13(FrameCapture.java:71)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:520)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1752)
                    demo.FrameCapture.lambda$main$13(FrameCapture.java:71)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("25", "LinkedBlockingQueue.take (user)", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of LinkedBlockingQueue", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$14(FrameCapture.java:72)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:520)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1752)
                    java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)
                    demo.FrameCapture.lambda$main$14(FrameCapture.java:72)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "ArrayBlockingQueue.take (user)", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of ArrayBlockingQueue", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$15(FrameCapture.java:73)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:506)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)
                    java.util.concurrent.ArrayBlockingQueue.take(ArrayBlockingQueue.java:420)
                    demo.FrameCapture.lambda$main$15(FrameCapture.java:73)
                    demo.FrameCapture$$Lambda$17/0x00007fb33400a668.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("17", "SynchronousQueue.take (user)", "java.util.concurrent.SynchronousQueue$TransferStack",
                    "SynchronousQueue", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$16(FrameCapture.java:74)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.util.concurrent.SynchronousQueue$TransferStack$SNode.block(SynchronousQueue.java:288)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.util.concurrent.SynchronousQueue$TransferStack.transfer(SynchronousQueue.java:397)
                    java.util.concurrent.SynchronousQueue.take(SynchronousQueue.java:886)
                    demo.FrameCapture.lambda$main$16(FrameCapture.java:74)
                    demo.FrameCapture$$Lambda$18/0x00007fb33400a888.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "SynchronousQueue.take (user)", "java.util.concurrent.SynchronousQueue$Transferer",
                    "SynchronousQueue", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$16(FrameCapture.java:74)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.util.concurrent.LinkedTransferQueue$DualNode.await(LinkedTransferQueue.java:458)
                    java.util.concurrent.SynchronousQueue$Transferer.xferLifo(SynchronousQueue.java:194)
                    java.util.concurrent.SynchronousQueue.xfer(SynchronousQueue.java:235)
                    java.util.concurrent.SynchronousQueue.take(SynchronousQueue.java:318)
                    demo.FrameCapture.lambda$main$16(FrameCapture.java:74)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "CompletableFuture.get", "java.util.concurrent.CompletableFuture$Signaller",
                    "CompletableFuture", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$17(FrameCapture.java:75)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.util.concurrent.CompletableFuture$Signaller.block(CompletableFuture.java:1864)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.util.concurrent.CompletableFuture.waitingGet(CompletableFuture.java:1898)
                    java.util.concurrent.CompletableFuture.get(CompletableFuture.java:2072)
                    demo.FrameCapture.lambda$main$17(FrameCapture.java:75)
                    demo.FrameCapture$$Lambda$19/0x00007fb33400aaa8.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "FutureTask.get", "java.util.concurrent.FutureTask",
                    "FutureTask", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$20(FrameCapture.java:77)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.util.concurrent.FutureTask.awaitDone(FutureTask.java:511)
                    java.util.concurrent.FutureTask.get(FutureTask.java:192)
                    demo.FrameCapture.lambda$main$20(FrameCapture.java:77)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "CyclicBarrier.await", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of CyclicBarrier", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$21(FrameCapture.java:79)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:506)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)
                    java.util.concurrent.CyclicBarrier.dowait(CyclicBarrier.java:236)
                    java.util.concurrent.CyclicBarrier.await(CyclicBarrier.java:364)
                    demo.FrameCapture.lambda$main$21(FrameCapture.java:79)
                    demo.FrameCapture$$Lambda$23/0x00007fb33400b328.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "Phaser.arriveAndAwaitAdvance", "java.util.concurrent.Phaser$QNode",
                    "Phaser", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$22(FrameCapture.java:80)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.util.concurrent.Phaser$QNode.block(Phaser.java:1135)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.util.concurrent.Phaser.internalAwaitAdvance(Phaser.java:1065)
                    java.util.concurrent.Phaser.arriveAndAwaitAdvance(Phaser.java:687)
                    demo.FrameCapture.lambda$main$22(FrameCapture.java:80)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "Exchanger.exchange", "java.util.concurrent.Exchanger",
                    "Exchanger", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$23(FrameCapture.java:81)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.util.concurrent.Exchanger.slotExchange(Exchanger.java:503)
                    java.util.concurrent.Exchanger.exchange(Exchanger.java:566)
                    demo.FrameCapture.lambda$main$23(FrameCapture.java:81)
                    demo.FrameCapture$$Lambda$25/0x00007fb33400b770.call(Unknown Source)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    demo.FrameCapture$$Lambda$2/0x00007fb334000c30.run(Unknown Source)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "StampedLock.writeLock", "java.util.concurrent.locks.StampedLock",
                    "StampedLock", WaitKind.LOCK, "demo.FrameCapture.lambda$main$24(FrameCapture.java:83)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.util.concurrent.locks.StampedLock.acquireWrite(StampedLock.java:1262)
                    java.util.concurrent.locks.StampedLock.writeLock(StampedLock.java:481)
                    demo.FrameCapture.lambda$main$24(FrameCapture.java:83)
                    demo.FrameCapture.lambda$start$2(FrameCapture.java:42)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "idle newFixedThreadPool worker", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of LinkedBlockingQueue", WaitKind.IDLE, null, """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:506)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)
                    java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)
                    java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1062)
                    java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1122)
                    java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:635)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "idle newFixedThreadPool worker", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of LinkedBlockingQueue", WaitKind.IDLE, null, """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:520)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1752)
                    java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)
                    java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1016)
                    java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1076)
                    java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:614)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "idle newCachedThreadPool worker", "java.util.concurrent.SynchronousQueue$TransferStack",
                    "SynchronousQueue", WaitKind.IDLE, null, """
                    java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:252)
                    java.util.concurrent.SynchronousQueue$TransferStack.transfer(SynchronousQueue.java:401)
                    java.util.concurrent.SynchronousQueue.poll(SynchronousQueue.java:903)
                    java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1061)
                    java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1122)
                    java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:635)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "idle newCachedThreadPool worker", "java.util.concurrent.SynchronousQueue$Transferer",
                    "SynchronousQueue", WaitKind.IDLE, null, """
                    java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:408)
                    java.util.concurrent.LinkedTransferQueue$DualNode.await(LinkedTransferQueue.java:452)
                    java.util.concurrent.SynchronousQueue$Transferer.xferLifo(SynchronousQueue.java:194)
                    java.util.concurrent.SynchronousQueue.xfer(SynchronousQueue.java:235)
                    java.util.concurrent.SynchronousQueue.poll(SynchronousQueue.java:338)
                    java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1015)
                    java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1076)
                    java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:614)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "idle newScheduledThreadPool worker (task pending in 1 h)", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of ScheduledThreadPoolExecutor$DelayedWorkQueue", WaitKind.IDLE, null, """
                    java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:252)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1679)
                    java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:1182)
                    java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:899)
                    java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1062)
                    java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1122)
                    java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:635)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "idle newScheduledThreadPool worker (no task)", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of ScheduledThreadPoolExecutor$DelayedWorkQueue", WaitKind.IDLE, null, """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:520)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1752)
                    java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:1154)
                    java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:883)
                    java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1016)
                    java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1076)
                    java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:614)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "idle ForkJoinPool worker", "java.util.concurrent.ForkJoinPool",
                    "ForkJoinPool", WaitKind.IDLE, null, """
                    java.util.concurrent.locks.LockSupport.parkUntil(LockSupport.java:410)
                    java.util.concurrent.ForkJoinPool.awaitWork(ForkJoinPool.java:1726)
                    java.util.concurrent.ForkJoinPool.runWorker(ForkJoinPool.java:1623)
                    java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:165)
                    """),
            new Captured("25", "idle ForkJoinPool worker", "java.util.concurrent.ForkJoinPool",
                    "ForkJoinPool", WaitKind.IDLE, null, """
                    jdk.internal.misc.Unsafe.park(Unsafe.java)
                    java.util.concurrent.ForkJoinPool.awaitWork(ForkJoinPool.java:2109)
                    java.util.concurrent.ForkJoinPool.deactivate(ForkJoinPool.java:2063)
                    java.util.concurrent.ForkJoinPool.runWorker(ForkJoinPool.java:2027)
                    java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:187)
                    """),
            new Captured("17", "pool task taking from its own LinkedBlockingQueue", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of LinkedBlockingQueue", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$36(FrameCapture.java:104)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:341)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:506)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:3465)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3436)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1630)
                    java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)
                    demo.FrameCapture.lambda$main$36(FrameCapture.java:104)
                    demo.FrameCapture$$Lambda$38/0x00007fb33400d320.call(Unknown Source)
                    java.util.concurrent.FutureTask.run(FutureTask.java:264)
                    java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1136)
                    java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:635)
                    java.lang.Thread.run(Thread.java:840)
                    """),
            new Captured("25", "pool task taking from its own LinkedBlockingQueue", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                    "Condition of LinkedBlockingQueue", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$36(FrameCapture.java:104)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:369)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block(AbstractQueuedSynchronizer.java:520)
                    java.util.concurrent.ForkJoinPool.unmanagedBlock(ForkJoinPool.java:4364)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4310)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await(AbstractQueuedSynchronizer.java:1752)
                    java.util.concurrent.LinkedBlockingQueue.take(LinkedBlockingQueue.java:435)
                    demo.FrameCapture.lambda$main$36(FrameCapture.java:104)
                    java.util.concurrent.FutureTask.run(FutureTask.java:328)
                    java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1090)
                    java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:614)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "ForkJoinPool task joining a CompletableFuture", "java.util.concurrent.CompletableFuture$Signaller",
                    "CompletableFuture", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$37(FrameCapture.java:108)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)
                    java.util.concurrent.CompletableFuture$Signaller.block(CompletableFuture.java:1864)
                    java.util.concurrent.ForkJoinPool.compensatedBlock(ForkJoinPool.java:3451)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:3434)
                    java.util.concurrent.CompletableFuture.waitingGet(CompletableFuture.java:1898)
                    java.util.concurrent.CompletableFuture.join(CompletableFuture.java:2117)
                    demo.FrameCapture.lambda$main$37(FrameCapture.java:108)
                    demo.FrameCapture$$Lambda$39/0x00007fb33400d548.call(Unknown Source)
                    java.util.concurrent.ForkJoinTask$AdaptedCallable.exec(ForkJoinTask.java:1428)
                    java.util.concurrent.ForkJoinTask.doExec(ForkJoinTask.java:373)
                    java.util.concurrent.ForkJoinPool$WorkQueue.topLevelExec(ForkJoinPool.java:1182)
                    java.util.concurrent.ForkJoinPool.scan(ForkJoinPool.java:1655)
                    java.util.concurrent.ForkJoinPool.runWorker(ForkJoinPool.java:1622)
                    java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:165)
                    """),
            new Captured("25", "ForkJoinPool task joining a CompletableFuture", "java.util.concurrent.CompletableFuture$Signaller",
                    "CompletableFuture", WaitKind.CONDITION, "demo.FrameCapture.lambda$main$37(FrameCapture.java:108)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.util.concurrent.CompletableFuture$Signaller.block(CompletableFuture.java:1885)
                    java.util.concurrent.ForkJoinPool.compensatedBlock(ForkJoinPool.java:4326)
                    java.util.concurrent.ForkJoinPool.managedBlock(ForkJoinPool.java:4308)
                    java.util.concurrent.CompletableFuture.waitingGet(CompletableFuture.java:1919)
                    java.util.concurrent.CompletableFuture.join(CompletableFuture.java:2138)
                    demo.FrameCapture.lambda$main$37(FrameCapture.java:108)
                    java.util.concurrent.ForkJoinTask$AdaptedInterruptibleCallable.compute(ForkJoinTask.java:1718)
                    java.util.concurrent.ForkJoinTask$InterruptibleTask.exec(ForkJoinTask.java:1662)
                    java.util.concurrent.ForkJoinTask.doExec(ForkJoinTask.java:511)
                    java.util.concurrent.ForkJoinPool$WorkQueue.topLevelExec(ForkJoinPool.java:1450)
                    java.util.concurrent.ForkJoinPool.runWorker(ForkJoinPool.java:2019)
                    java.util.concurrent.ForkJoinWorkerThread.run(ForkJoinWorkerThread.java:187)
                    """),
            new Captured("25", "pool task blocked on a ReentrantLock", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
                    "ReentrantLock", WaitKind.LOCK, "demo.FrameCapture.lambda$main$39(FrameCapture.java:112)", """
                    java.util.concurrent.locks.LockSupport.park(LockSupport.java:223)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:790)
                    java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(AbstractQueuedSynchronizer.java:1030)
                    java.util.concurrent.locks.ReentrantLock$Sync.lock(ReentrantLock.java:154)
                    java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:323)
                    demo.FrameCapture.lambda$main$39(FrameCapture.java:112)
                    java.util.concurrent.FutureTask.run(FutureTask.java:328)
                    java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1090)
                    java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:614)
                    java.lang.Thread.run(Thread.java:1474)
                    """),
            new Captured("17", "idle TaskQueue thread (monitor wait)", "java.util.TaskQueue",
                    "TaskQueue", WaitKind.IDLE, null, """
                    java.lang.Object.wait(Native Method)
                    java.lang.Object.wait(line:338)
                    java.util.TimerThread.mainLoop(line:537)
                    java.util.TimerThread.run(line:516)
                    """),
            new Captured("25", "idle TaskQueue thread (monitor wait)", "java.util.TaskQueue",
                    "TaskQueue", WaitKind.IDLE, null, """
                    java.lang.Object.wait0(Native Method)
                    java.lang.Object.wait(line:389)
                    java.util.TimerThread.mainLoop(line:569)
                    java.util.TimerThread.run(line:522)
                    """),
            new Captured("17", "idle ReferenceQueue$Lock thread (monitor wait)", "java.lang.ref.ReferenceQueue$Lock",
                    "ReferenceQueue", WaitKind.IDLE, null, """
                    java.lang.Object.wait(Native Method)
                    java.lang.ref.ReferenceQueue.remove(line:155)
                    jdk.internal.ref.CleanerImpl.run(line:140)
                    java.lang.Thread.run(line:840)
                    jdk.internal.misc.InnocuousThread.run(line:162)
                    """),
            new Captured("25", "idle ReferenceQueue$Lock thread (monitor wait)", "java.lang.ref.ReferenceQueue$Lock",
                    "ReferenceQueue", WaitKind.IDLE, null, """
                    java.lang.Object.wait0(Native Method)
                    java.lang.Object.wait(line:389)
                    java.lang.ref.ReferenceQueue.remove0(line:123)
                    java.lang.ref.ReferenceQueue.remove(line:201)
                    jdk.internal.ref.CleanerImpl.run(line:146)
                    java.lang.Thread.runWith(line:1487)
                    java.lang.Thread.run(line:1474)
                    jdk.internal.misc.InnocuousThread.run(line:148)
                    """),
            new Captured("17", "Thread.join", "java.lang.Thread",
                    "Thread", WaitKind.CONDITION, "MonitorCapture.main(line:20)", """
                    java.lang.Object.wait(Native Method)
                    java.lang.Thread.join(line:1313)
                    java.lang.Thread.join(line:1381)
                    MonitorCapture.main(line:20)
                    """),
            new Captured("25", "Thread.join", "java.lang.Thread",
                    "Thread", WaitKind.CONDITION, "MonitorCapture.main(line:20)", """
                    java.lang.Object.wait0(Native Method)
                    java.lang.Object.wait(line:389)
                    java.lang.Thread.join(line:1887)
                    java.lang.Thread.join(line:1963)
                    MonitorCapture.main(line:20)
                    """),
            new Captured("25", "Object.wait", "java.lang.Object",
                    "Object", WaitKind.CONDITION, "MonitorCapture.main(line:22)", """
                    java.lang.Object.wait0(Native Method)
                    java.lang.Object.wait(line:389)
                    MonitorCapture.main(line:22)
                    """)
        );
    }
}
