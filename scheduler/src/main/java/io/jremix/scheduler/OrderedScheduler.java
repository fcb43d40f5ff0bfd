package io.jremix.scheduler;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;

/**
 * Runs tasks in parallel and emits their output in ticket order, without a consumer thread: the thread that completes
 * the oldest pending ticket also emits every consecutive ticket completed after it (the order buffer of the
 * low-latency blog).
 *
 * <pre>{@code
 * OrderedScheduler scheduler = new OrderedScheduler(1024, handler);
 * long ticket = scheduler.acquire();                  // in arrival order, e.g. by the thread reading the input
 * pool.execute(() -> scheduler.run(ticket,
 *         () -> encode(frame),                        // the work: now, in this thread, in parallel with others
 *         out::write));                               // the ordered part: in ticket order
 * }</pre>
 *
 * <p><b>Tickets.</b> Tickets are consecutive longs from 0. Every ticket must reach {@link #run} or {@link #trash}
 * exactly once: the stream waits for a missing ticket for ever, and tickets behind it stay in the ring. A ticket that
 * never comes shows as {@link #oldestPendingTicket()} with completed tickets waiting behind it
 * ({@link #completedWaiting()}, {@link #toString()}), and {@link #awaitDrained} times out on it.
 *
 * <p><b>Back-pressure.</b> The ring holds {@code capacity} tickets, from the oldest not yet emitted on. While it is
 * full, {@link #tryAcquire()} returns -1 at once and {@link #acquire()} waits until the oldest ticket is emitted:
 * it spins briefly, then yields, then parks 50 µs at a time; the draining thread never wakes anyone, so the wait
 * costs the waiter, never the stream. Waiters are not served in arrival order. Waiting in the ring before the work
 * starts, rather than after it, bounds the results held in memory to {@code capacity}. A thread must not wait in
 * {@code acquire} while it holds a ticket it has not run or trashed: the ring may be full of tickets waiting for it.
 *
 * <p><b>Ordered parts.</b> They run one at a time, in ticket order, each one happening-before the next (whichever
 * threads run them), so they may write to a sink that is not thread-safe. They run in the thread that called
 * {@code run} for the oldest pending ticket, which keeps emitting while later tickets are completed: under a sustained
 * stream that thread can stay busy draining for a while, the price of having no consumer thread.
 *
 * <p><b>Failures.</b> What the work or the ordered part of a task throws goes to the {@link UncaughtTaskHandler}, in
 * ticket order; that ticket emits nothing more and the stream goes on.
 *
 * <p>All methods are thread-safe. Memory: one reference per slot; the cursors are kept 128 bytes apart so acquiring
 * threads and the draining thread do not falsely share a cache line (or an adjacent-line prefetch pair).
 */
public final class OrderedScheduler {
    /** In the slot of the next ticket to emit while no thread is draining: the thread bringing that ticket drains. */
    private static final Object TURN = new Object();
    private static final Object TRASHED = new Object();
    /** Index of the next ticket to emit (= tickets emitted) in {@link #cursors}: written by the draining thread. */
    private static final int HEAD = 16;
    /** Index of the next ticket to issue in {@link #cursors}: written by acquiring threads, 128 bytes from HEAD. */
    private static final int NEXT = 32;
    /**
     * A value HEAD had, on NEXT's line: acquiring threads check the ring against it and read HEAD (written for each
     * ticket emitted) only when it says the ring may be full, as the Disruptor caches its gating sequence.
     */
    private static final int HEAD_SEEN = 33;
    private static final int CURSOR_LONGS = 48;

    private final AtomicReferenceArray<Object> slots;
    private final int mask;
    private final AtomicLongArray cursors = new AtomicLongArray(CURSOR_LONGS);
    private final UncaughtTaskHandler handler;

    /** The work of a task failed: the handler hears of it in the ticket's turn. */
    private record Failure(Throwable error) {
    }

    /**
     * @param capacity tickets the ring holds, a power of two
     * @param handler  told of tasks that threw
     */
    public OrderedScheduler(int capacity, UncaughtTaskHandler handler) {
        if (capacity < 1 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two, was " + capacity);
        }
        this.slots = new AtomicReferenceArray<>(capacity);
        this.mask = capacity - 1;
        this.handler = Objects.requireNonNull(handler, "handler");
        slots.set(0, TURN);
    }

    /** A scheduler that prints failed tasks on stderr ({@link UncaughtTaskHandler#PRINT}). */
    public OrderedScheduler(int capacity) {
        this(capacity, UncaughtTaskHandler.PRINT);
    }

    public int capacity() {
        return mask + 1;
    }

    /** The next ticket, or -1 at once if the ring is full (see the class comment on back-pressure). */
    public long tryAcquire() {
        for (;;) {
            long ticket = cursors.get(NEXT);
            if (ticket - cursors.get(HEAD_SEEN) > mask) {
                long head = cursors.get(HEAD);
                cursors.lazySet(HEAD_SEEN, head);
                if (ticket - head > mask) {
                    return -1;
                }
            }
            if (cursors.compareAndSet(NEXT, ticket, ticket + 1)) {
                return ticket;
            }
        }
    }

    /**
     * The next ticket, waiting while the ring is full (see the class comment on back-pressure).
     *
     * @throws InterruptedException if interrupted while waiting; no ticket was taken
     */
    public long acquire() throws InterruptedException {
        long ticket;
        for (int round = 0; (ticket = tryAcquire()) < 0; round++) {
            Backoff.pause(round);
        }
        return ticket;
    }

    /**
     * Runs {@code work} now, in this thread, then {@code emit} with its result in the ticket's turn. If the work
     * throws, the handler gets the exception in the ticket's turn instead and the stream goes on (an
     * {@code InterruptedException} also sets this thread's interrupt status again).
     *
     * @throws IllegalArgumentException if the ticket was not acquired from this scheduler
     * @throws IllegalStateException    if the ticket was run or trashed already (when that can be seen: it was
     *                                  emitted before this call, or is still waiting for its turn)
     */
    public <T> void run(long ticket, Callable<? extends T> work, Consumer<? super T> emit) {
        Objects.requireNonNull(emit, "emit");
        Object ordered;
        try {
            T result = work.call();
            ordered = (Runnable) () -> emit.accept(result);
        } catch (Throwable e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            ordered = new Failure(e);
        }
        publish(ticket, ordered);
    }

    /**
     * Runs {@code ordered} in the ticket's turn: the form for callers that did the work themselves (the blog's
     * {@code run(ticket, runnable)}). What it throws goes to the handler.
     *
     * @throws IllegalArgumentException if the ticket was not acquired from this scheduler
     * @throws IllegalStateException    if the ticket was run or trashed already (as for the other {@code run})
     */
    public void run(long ticket, Runnable ordered) {
        publish(ticket, Objects.requireNonNull(ordered, "ordered"));
    }

    /**
     * Gives back a ticket that will produce nothing (its input was bad, its work was abandoned), so the tickets
     * after it are not held up.
     *
     * @throws IllegalArgumentException if the ticket was not acquired from this scheduler
     * @throws IllegalStateException    if the ticket was run or trashed already (as for {@code run})
     */
    public void trash(long ticket) {
        publish(ticket, TRASHED);
    }

    /** The ticket the stream is waiting for, or -1 when every ticket issued has been emitted. */
    public long oldestPendingTicket() {
        long head = cursors.get(HEAD);
        return head < cursors.get(NEXT) ? head : -1;
    }

    /**
     * How many tickets are completed and wait for an older one to come: above zero for long, a ticket was lost
     * (never run nor trashed). Exact while the stream is stalled; a snapshot while it moves.
     */
    public int completedWaiting() {
        long head = cursors.get(HEAD);
        long issued = cursors.get(NEXT);
        int waiting = 0;
        for (long t = head + 1; t < issued; t++) {
            Object slot = slots.get(index(t));
            if (slot != null && slot != TURN) {
                waiting++;
            }
        }
        return waiting;
    }

    /**
     * Waits until every ticket issued before this call has been emitted (waiting as {@link #acquire()} does).
     *
     * @return false if the time ran out first: then {@link #oldestPendingTicket()} names the ticket that did not come
     */
    public boolean awaitDrained(long timeout, TimeUnit unit) throws InterruptedException {
        long issued = cursors.get(NEXT);
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (int round = 0; cursors.get(HEAD) < issued; round++) {
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            Backoff.pause(round);
        }
        return true;
    }

    /** Where the stream stands, for logs and stall reports: the ticket it waits for and what waits behind it. */
    @Override
    public String toString() {
        long head = cursors.get(HEAD);
        long issued = cursors.get(NEXT);
        if (head >= issued) {
            return "OrderedScheduler[capacity " + capacity() + ", " + issued + " tickets issued, all emitted]";
        }
        return "OrderedScheduler[capacity " + capacity() + ", " + issued + " tickets issued, " + head
                + " emitted; waiting for ticket " + head + ", " + completedWaiting() + " completed behind it]";
    }

    /**
     * Stores the ordered part in the ticket's slot, or, if the slot holds the turn, emits it and drains. The slot is
     * the only place two threads meet for a ticket: its thread and the drainer that reached it race to put the ordered
     * part and the turn there, and the compare-and-set lets exactly one of them win.
     */
    private void publish(long ticket, Object ordered) {
        if (ticket < 0) {
            throw notAcquired(ticket);
        }
        int i = index(ticket);
        for (;;) {
            long head = cursors.get(HEAD);
            Object slot = slots.get(i);
            if (ticket < head) {
                throw new IllegalStateException("ticket " + ticket + " was emitted already: run or trash a ticket once");
            }
            if (ticket >= cursors.get(NEXT)) {
                throw notAcquired(ticket);
            }
            if (slot == TURN && ticket == head) {
                drain(ticket, ordered);
                return;
            }
            if (slot != null && slot != TURN) {
                throw new IllegalStateException("ticket " + ticket + " was run or trashed already: run or trash a"
                        + " ticket once");
            }
            // TURN with an older head read: read the head again, it is this ticket now
            if (slot == null && slots.compareAndSet(i, null, ordered)) {
                return;
            }
        }
    }

    private static IllegalArgumentException notAcquired(long ticket) {
        return new IllegalArgumentException("ticket " + ticket + " was not acquired from this scheduler");
    }

    /**
     * Emits {@code ordered} for {@code ticket}, then each next ticket already completed; at the first one not yet
     * there, leaves the turn in its slot. The slot is cleared before the head moves past it, so a ticket acquired
     * for that slot (which needs the head past it) always finds it empty.
     */
    private void drain(long ticket, Object ordered) {
        long t = ticket;
        Object next = ordered;
        for (;;) {
            emit(t, next);
            slots.lazySet(index(t), null);
            cursors.lazySet(HEAD, ++t);
            int i = index(t);
            while ((next = slots.get(i)) == null) {
                if (slots.compareAndSet(i, null, TURN)) {
                    return;
                }
            }
        }
    }

    private void emit(long ticket, Object ordered) {
        if (ordered instanceof Runnable r) {
            try {
                r.run();
            } catch (Throwable e) {
                report(ticket, e);
            }
        } else if (ordered instanceof Failure f) {
            report(ticket, f.error());
        }
    }

    private void report(long ticket, Throwable error) {
        try {
            handler.uncaught(ticket, error);
        } catch (Throwable e) {
            Thread current = Thread.currentThread();
            current.getUncaughtExceptionHandler().uncaughtException(current, e);
        }
    }

    private int index(long ticket) {
        return (int) ticket & mask;
    }
}
