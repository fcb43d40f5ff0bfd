package io.jremix.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** Tickets completed in any order are emitted in ticket order; trashed and failed tickets never hold the stream. */
class OrderedSchedulerTest {
    private final List<String> out = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();
    private final OrderedScheduler scheduler = new OrderedScheduler(8,
            (ticket, error) -> failures.add(ticket + ":" + error.getMessage()));

    @Test
    void emitsInTicketOrderWhateverOrderTasksComplete() throws Exception {
        long t0 = scheduler.acquire();
        long t1 = scheduler.acquire();
        long t2 = scheduler.acquire();
        scheduler.run(t2, () -> out.add("c"));
        scheduler.run(t1, () -> "b", out::add);
        assertEquals(List.of(), out, "nothing before ticket 0");
        assertEquals(2, scheduler.completedWaiting());
        scheduler.run(t0, () -> out.add("a"));
        assertEquals(List.of("a", "b", "c"), out, "the thread completing ticket 0 drains 1 and 2 too");
        assertEquals(-1, scheduler.oldestPendingTicket());
    }

    @Test
    void theThreadCompletingTheOldestTicketEmitsTheOthers() throws Exception {
        List<String> emitters = new CopyOnWriteArrayList<>();
        long first = scheduler.acquire();
        long second = scheduler.acquire();
        Thread other = new Thread(() -> scheduler.run(second, () -> emitters.add(Thread.currentThread().getName())),
                "second");
        other.start();
        other.join();
        assertEquals(List.of(), emitters, "ticket 1 waits for ticket 0");
        scheduler.run(first, () -> emitters.add(Thread.currentThread().getName()));
        String me = Thread.currentThread().getName();
        assertEquals(List.of(me, me), emitters, "no consumer thread: ticket 0's thread emitted both");
    }

    @Test
    void workRunsAtOnceInTheCallingThreadOrderedPartWaitsForItsTurn() throws Exception {
        long t0 = scheduler.acquire();
        long t1 = scheduler.acquire();
        CountDownLatch workDone = new CountDownLatch(1);
        Thread worker = new Thread(() -> scheduler.run(t1, () -> {
            workDone.countDown();
            return "worker:" + Thread.currentThread().getName();
        }, out::add), "w");
        worker.start();
        assertTrue(workDone.await(10, TimeUnit.SECONDS), "the work ran while ticket 0 was still pending");
        worker.join();
        assertEquals(List.of(), out);
        scheduler.trash(t0);
        assertEquals(List.of("worker:w"), out, "the result was computed by the worker, emitted after ticket 0");
    }

    @Test
    void trashedTicketsEmitNothingAndReleaseTheStream() throws Exception {
        long t0 = scheduler.acquire();
        long t1 = scheduler.acquire();
        long t2 = scheduler.acquire();
        scheduler.run(t2, () -> out.add("two"));
        scheduler.trash(t1);
        scheduler.trash(t0);
        assertEquals(List.of("two"), out);
        assertEquals(-1, scheduler.oldestPendingTicket());
    }

    @Test
    void failuresGoToTheHandlerInTicketOrderAndTheStreamGoesOn() throws Exception {
        long t0 = scheduler.acquire();
        long t1 = scheduler.acquire();
        long t2 = scheduler.acquire();
        long t3 = scheduler.acquire();
        scheduler.run(t3, () -> out.add("three"));
        scheduler.run(t2, () -> {
            throw new IllegalStateException("ordered part");
        });
        scheduler.<String>run(t1, () -> {
            throw new IOException("work");
        }, out::add);
        assertEquals(List.of(), failures, "reported in the ticket's turn, not when thrown");
        scheduler.run(t0, () -> out.add("zero"));
        assertEquals(List.of("zero", "three"), out);
        assertEquals(List.of("1:work", "2:ordered part"), failures);
    }

    @Test
    void aHandlerThatThrowsDoesNotStallTheStream() throws Exception {
        List<Throwable> uncaught = new ArrayList<>();
        OrderedScheduler s = new OrderedScheduler(4, (ticket, error) -> {
            throw new IllegalArgumentException("handler broke");
        });
        Thread.UncaughtExceptionHandler saved = Thread.currentThread().getUncaughtExceptionHandler();
        Thread.currentThread().setUncaughtExceptionHandler((thread, e) -> uncaught.add(e));
        try {
            s.run(s.acquire(), () -> {
                throw new IllegalStateException("task broke");
            });
            s.run(s.acquire(), () -> out.add("after"));
        } finally {
            Thread.currentThread().setUncaughtExceptionHandler(saved);
        }
        assertEquals(List.of("after"), out);
        assertEquals(1, uncaught.size());
        assertEquals("handler broke", uncaught.get(0).getMessage());
    }

    @Test
    void interruptedWorkKeepsTheInterruptStatus() throws Exception {
        scheduler.<String>run(scheduler.acquire(), () -> {
            throw new InterruptedException("stop");
        }, out::add);
        assertTrue(Thread.interrupted(), "the interrupt status is set again, and cleared here");
        assertEquals(List.of("0:stop"), failures);
    }

    @Test
    void aTicketRunTwiceOrNeverAcquiredIsRefused() throws Exception {
        long t0 = scheduler.acquire();
        long t1 = scheduler.acquire();
        scheduler.run(t1, () -> out.add("one"));
        IllegalStateException waiting = assertThrows(IllegalStateException.class, () -> scheduler.trash(t1));
        assertTrue(waiting.getMessage().contains("ticket 1 was run or trashed already"), waiting.getMessage());
        scheduler.run(t0, () -> out.add("zero"));
        IllegalStateException emitted = assertThrows(IllegalStateException.class, () -> scheduler.run(t0, () -> { }));
        assertTrue(emitted.getMessage().contains("ticket 0 was emitted already"), emitted.getMessage());
        assertThrows(IllegalArgumentException.class, () -> scheduler.run(2, () -> { }), "not issued yet");
        assertThrows(IllegalArgumentException.class, () -> scheduler.trash(-1), "tryAcquire's 'full'");
        assertEquals(List.of("zero", "one"), out, "the refused calls changed nothing");
    }

    @Test
    void capacityMustBeAPowerOfTwo() {
        for (int bad : new int[] {0, -4, 3, 1000}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new OrderedScheduler(bad));
            assertTrue(e.getMessage().contains("power of two"), e.getMessage());
        }
        assertEquals(1, new OrderedScheduler(1).capacity());
        assertEquals(1024, new OrderedScheduler(1024).capacity());
    }

    @Test
    void theDefaultHandlerPrintsTheTicket() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            OrderedScheduler s = new OrderedScheduler(2);
            s.run(s.tryAcquire(), () -> {
                throw new IllegalStateException("boom");
            });
        } finally {
            System.setErr(saved);
        }
        String printed = err.toString(StandardCharsets.UTF_8);
        assertTrue(printed.startsWith("jremix: ordered scheduler: ticket 0 failed:"), printed);
        assertTrue(printed.contains("IllegalStateException: boom"), printed);
    }
}
