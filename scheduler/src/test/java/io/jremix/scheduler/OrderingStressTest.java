package io.jremix.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/**
 * Many threads, more than the cores, so tasks complete out of order and the drain moves between threads: every
 * ticket is emitted exactly once and in order. The emitted log is a plain array written without locks by whichever
 * thread drains, so these tests also check that each ordered part happens-before the next.
 */
class OrderingStressTest {
    private static final int THREADS = 8;
    private static final int PER_THREAD = 100_000;

    @Test
    void eightThreadsEmitEveryTicketOnceInOrder() throws Exception {
        int total = THREADS * PER_THREAD;
        OrderedScheduler scheduler = new OrderedScheduler(1024);
        Log log = new Log(total);
        runThreads(() -> {
            for (int i = 0; i < PER_THREAD; i++) {
                long ticket = scheduler.acquire();
                if ((ticket & 63) == 0) {
                    Thread.yield();
                }
                scheduler.run(ticket, () -> log.add(ticket));
            }
        });
        assertEquals(total, log.size, "no ticket lost or emitted twice");
        assertArrayEquals(ticketsInOrder(total), log.entries, "emitted in ticket order");
        assertEquals(-1, scheduler.oldestPendingTicket());
    }

    /**
     * A ring of 8 for 8 threads: acquire waits often, slots are reused every 8 tickets. Tickets are run with
     * results, run with ordered parts, trashed, fail in their work, or fail in their ordered part, by ticket number.
     */
    @Test
    void aSmallRingWithTrashAndFailuresKeepsExactOrder() throws Exception {
        int total = THREADS * PER_THREAD / 2;
        Log log = new Log(total);
        OrderedScheduler scheduler = new OrderedScheduler(8, (ticket, error) -> log.add(-1 - ticket));
        runThreads(() -> {
            for (int i = 0; i < PER_THREAD / 2; i++) {
                long ticket = scheduler.acquire();
                switch ((int) (ticket % 5)) {
                    case 0 -> scheduler.run(ticket, () -> ticket, log::add);
                    case 1 -> scheduler.run(ticket, () -> log.add(ticket));
                    case 2 -> scheduler.trash(ticket);
                    case 3 -> scheduler.run(ticket, () -> {
                        throw new IllegalStateException("work of " + ticket);
                    }, log::add);
                    default -> scheduler.run(ticket, () -> {
                        throw new IllegalStateException("ordered part of " + ticket);
                    });
                }
            }
        });
        List<Long> expected = new ArrayList<>();
        for (long t = 0; t < total; t++) {
            switch ((int) (t % 5)) {
                case 0, 1 -> expected.add(t);
                case 2 -> { }
                default -> expected.add(-1 - t);
            }
        }
        assertEquals(expected.size(), log.size);
        assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(),
                Arrays.copyOf(log.entries, log.size), "outputs and failures in ticket order");
        assertEquals(-1, scheduler.oldestPendingTicket());
    }

    /** The blog's pattern: one thread takes tickets in input order and hands the work to a pool. */
    @Test
    void oneDispatcherAndAPoolEmitInDispatchOrder() throws Exception {
        int total = 200_000;
        OrderedScheduler scheduler = new OrderedScheduler(256);
        Log log = new Log(total);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int i = 0; i < total; i++) {
                long input = i * 3L;
                long ticket = scheduler.acquire();
                pool.execute(() -> scheduler.run(ticket, () -> input / 3, log::add));
            }
            assertTrue(scheduler.awaitDrained(1, TimeUnit.MINUTES), scheduler.toString());
        } finally {
            pool.shutdown();
        }
        assertEquals(total, log.size);
        assertArrayEquals(ticketsInOrder(total), log.entries);
    }

    /** Written only by ordered parts, without synchronisation. */
    private static final class Log {
        final long[] entries;
        int size;

        Log(int capacity) {
            entries = new long[capacity];
        }

        void add(long entry) {
            entries[size++] = entry;
        }
    }

    private interface Body {
        void run() throws Exception;
    }

    private static void runThreads(Body body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            Thread t = new Thread(() -> {
                try {
                    body.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "stress-" + i);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("a stress thread failed", failure.get());
        }
    }

    private static long[] ticketsInOrder(int n) {
        long[] tickets = new long[n];
        Arrays.setAll(tickets, i -> i);
        return tickets;
    }
}
