package io.jremix.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** A ticket that never comes is named, with what waits behind it, and trashing it releases the stream. */
class StallTest {
    private final OrderedScheduler scheduler = new OrderedScheduler(16);
    private final List<Long> out = new ArrayList<>();

    @Test
    void aLostTicketIsNamedAndReleasingItDrainsTheRest() throws Exception {
        long lost = scheduler.acquire();
        for (int i = 0; i < 9; i++) {
            long ticket = scheduler.acquire();
            scheduler.run(ticket, () -> out.add(ticket));
        }
        assertFalse(scheduler.awaitDrained(20, TimeUnit.MILLISECONDS), "ticket 0 never came");
        assertEquals(List.of(), out);
        assertEquals(lost, scheduler.oldestPendingTicket());
        assertEquals(9, scheduler.completedWaiting());
        assertEquals("OrderedScheduler[capacity 16, 10 tickets issued, 0 emitted; waiting for ticket 0, 9 completed"
                + " behind it]", scheduler.toString());

        scheduler.trash(lost);
        assertTrue(scheduler.awaitDrained(0, TimeUnit.SECONDS));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), out);
        assertEquals(-1, scheduler.oldestPendingTicket());
        assertEquals(0, scheduler.completedWaiting());
        assertEquals("OrderedScheduler[capacity 16, 10 tickets issued, all emitted]", scheduler.toString());
    }

    @Test
    void aTicketInWorkIsPendingWithNothingBehindIt() throws Exception {
        long first = scheduler.acquire();
        scheduler.run(first, () -> out.add(first));
        long inWork = scheduler.acquire();
        assertEquals(inWork, scheduler.oldestPendingTicket());
        assertEquals(0, scheduler.completedWaiting(), "nothing completed after it: slow, not stuck");
        assertFalse(scheduler.awaitDrained(0, TimeUnit.SECONDS));
    }

    @Test
    void awaitDrainedWaitsOnlyForTicketsIssuedBeforeTheCall() throws Exception {
        long done = scheduler.acquire();
        Thread late = new Thread(() -> scheduler.run(done, () -> out.add(done)));
        late.start();
        assertTrue(scheduler.awaitDrained(1, TimeUnit.MINUTES), "ticket 0 is run by the other thread");
        late.join();
        assertEquals(List.of(0L), out);
        assertEquals(-1, scheduler.oldestPendingTicket());
    }
}
