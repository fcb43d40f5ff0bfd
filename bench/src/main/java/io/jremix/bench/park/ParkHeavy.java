package io.jremix.bench.park;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Programs that do little but park and unpark, so that whatever the park profiler adds to a park shows:
 * <ul>
 *   <li>{@code pingpong}: two threads take turns, each parking on a shared blocker until the other hands it the
 *       turn with {@code LockSupport.unpark}; nearly every turn is a park.</li>
 *   <li>{@code handoff}: a producer passes numbers to a consumer through a {@link SynchronousQueue}.</li>
 *   <li>{@code lock}: four threads increment one counter under a {@link ReentrantLock}; the waiters park.</li>
 *   <li>{@code forkjoin}: one thread submits tiny tasks to a four-worker {@link ForkJoinPool} one at a time and
 *       joins each: the workers run out of work after every task and park idle (through {@code LockSupport} on
 *       JDK 17, through {@code Unsafe.park} directly on JDK 25), and the submitter parks in {@code join}.</li>
 * </ul>
 * Each checks its result: a run that lost a turn, a number or an increment fails instead of looking fast.
 *
 * <p>Args: {@code <pingpong|handoff|lock|forkjoin> <operations>}
 */
public final class ParkHeavy {
    private ParkHeavy() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: ParkHeavy <pingpong|handoff|lock|forkjoin> <operations>");
            System.exit(2);
        }
        int n = Integer.parseInt(args[1]);
        long result = switch (args[0]) {
            case "pingpong" -> pingPong(n);
            case "handoff" -> handoff(n);
            case "lock" -> lock(n);
            case "forkjoin" -> forkJoin(n);
            default -> throw new IllegalArgumentException("unknown pattern '" + args[0] + "'");
        };
        System.out.println("ParkHeavy " + args[0] + " result=" + result);
    }

    /** Whose turn it is: even for the first thread, odd for the second. Returns the number of turns taken. */
    private static long pingPong(int turns) throws InterruptedException {
        AtomicInteger turn = new AtomicInteger();
        Object blocker = new Object();
        Thread[] players = new Thread[2];
        for (int p = 0; p < 2; p++) {
            int me = p;
            players[p] = new Thread(() -> {
                for (int t = me; t < 2 * turns; t += 2) {
                    while (turn.get() != t) {
                        LockSupport.park(blocker);
                    }
                    turn.incrementAndGet();
                    LockSupport.unpark(players[1 - me]);
                }
            }, "player-" + p);
        }
        for (Thread t : players) {
            t.start();
        }
        for (Thread t : players) {
            t.join();
        }
        check(2L * turns, turn.get());
        return turn.get();
    }

    private static long handoff(int count) throws InterruptedException {
        SynchronousQueue<Integer> queue = new SynchronousQueue<>();
        long[] sum = new long[1];
        Thread consumer = new Thread(() -> {
            try {
                for (int i = 0; i < count; i++) {
                    sum[0] += queue.take();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "consumer");
        consumer.start();
        for (int i = 1; i <= count; i++) {
            queue.put(i);
        }
        consumer.join();
        check((long) count * (count + 1) / 2, sum[0]);
        return sum[0];
    }

    private static long lock(int increments) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        long[] counter = new long[1];
        Thread[] workers = new Thread[4];
        for (int w = 0; w < workers.length; w++) {
            workers[w] = new Thread(() -> {
                for (int i = 0; i < increments; i++) {
                    lock.lock();
                    try {
                        counter[0]++;
                    } finally {
                        lock.unlock();
                    }
                }
            }, "worker-" + w);
            workers[w].start();
        }
        for (Thread t : workers) {
            t.join();
        }
        check((long) increments * workers.length, counter[0]);
        return counter[0];
    }

    private static long forkJoin(int tasks) {
        ForkJoinPool pool = new ForkJoinPool(4);
        long sum = 0;
        try {
            for (int i = 1; i <= tasks; i++) {
                int value = i;
                sum += pool.submit(() -> (long) value).join();
            }
        } finally {
            pool.shutdownNow();
        }
        check((long) tasks * (tasks + 1) / 2, sum);
        return sum;
    }

    private static void check(long expected, long actual) {
        if (expected != actual) {
            throw new IllegalStateException("self-check failed: expected " + expected + ", got " + actual);
        }
    }
}
