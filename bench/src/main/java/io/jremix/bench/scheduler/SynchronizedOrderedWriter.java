package io.jremix.bench.scheduler;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The baseline most code starts with: tickets from a counter; a thread with a result takes one lock, parks the result
 * in a map if it is early, or writes it and every parked result that follows.
 */
final class SynchronizedOrderedWriter {
    private final AtomicLong tickets = new AtomicLong();
    private final Map<Long, Long> completed = new HashMap<>();
    private final OrderedSink sink;
    private long next;

    SynchronizedOrderedWriter(OrderedSink sink) {
        this.sink = sink;
    }

    long acquire() {
        return tickets.getAndIncrement();
    }

    long issued() {
        return tickets.get();
    }

    synchronized void complete(long ticket, long value) {
        if (ticket != next) {
            completed.put(ticket, value);
            return;
        }
        sink.accept(ticket, value);
        Long parked;
        while ((parked = completed.remove(++next)) != null) {
            sink.accept(next, parked);
        }
    }
}
