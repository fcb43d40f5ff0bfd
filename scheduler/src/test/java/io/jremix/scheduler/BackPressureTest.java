package io.jremix.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/** A full ring refuses tryAcquire and holds acquire until the oldest ticket is emitted, taking no ticket on interrupt. */
class BackPressureTest {
    private final OrderedScheduler scheduler = new OrderedScheduler(2);

    @Test
    void tryAcquireReturnsMinusOneWhileTheRingIsFull() {
        assertEquals(0, scheduler.tryAcquire());
        assertEquals(1, scheduler.tryAcquire());
        assertEquals(-1, scheduler.tryAcquire(), "two tickets pending in a ring of two");
        scheduler.run(1, () -> { });
        assertEquals(-1, scheduler.tryAcquire(), "ticket 1 is done but waits for 0: the ring is still full");
        scheduler.run(0, () -> { });
        assertEquals(2, scheduler.tryAcquire(), "both emitted: two slots free");
        assertEquals(3, scheduler.tryAcquire());
        assertEquals(-1, scheduler.tryAcquire());
    }

    @Test
    void acquireWaitsUntilTheOldestTicketIsEmitted() throws Exception {
        scheduler.tryAcquire();
        scheduler.tryAcquire();
        AtomicBoolean firstEmitted = new AtomicBoolean();
        AtomicBoolean sawFirstEmitted = new AtomicBoolean();
        CompletableFuture<Long> acquired = new CompletableFuture<>();
        Thread waiter = new Thread(() -> {
            try {
                long ticket = scheduler.acquire();
                sawFirstEmitted.set(firstEmitted.get());
                acquired.complete(ticket);
            } catch (InterruptedException e) {
                acquired.completeExceptionally(e);
            }
        });
        waiter.start();
        awaitParked(waiter);
        assertFalse(acquired.isDone(), "the ring is full: acquire waits");
        scheduler.run(0, () -> firstEmitted.set(true));
        assertEquals(2, acquired.get(10, TimeUnit.SECONDS));
        assertTrue(sawFirstEmitted.get(), "acquire returned only after ticket 0 was emitted");
    }

    @Test
    void anInterruptedAcquireTakesNoTicket() throws Exception {
        scheduler.tryAcquire();
        scheduler.tryAcquire();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                scheduler.acquire();
            } catch (InterruptedException e) {
                thrown.set(e);
            }
        });
        waiter.start();
        awaitParked(waiter);
        waiter.interrupt();
        waiter.join();
        assertTrue(thrown.get() instanceof InterruptedException, String.valueOf(thrown.get()));
        scheduler.trash(0);
        assertEquals(2, scheduler.tryAcquire(), "the interrupted acquire did not consume ticket 2");
    }

    @Test
    void aRingOfOneRunsTicketsOneByOne() throws Exception {
        OrderedScheduler one = new OrderedScheduler(1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            long ticket = one.acquire();
            assertEquals(-1, one.tryAcquire());
            one.run(ticket, () -> out.append(ticket));
        }
        assertEquals("01234", out.toString());
    }

    /** Waits until the thread has gone past spinning and yielding and parks (or has ended). */
    private static void awaitParked(Thread t) throws InterruptedException {
        while (t.isAlive() && t.getState() != Thread.State.TIMED_WAITING) {
            Thread.sleep(1);
        }
    }
}
