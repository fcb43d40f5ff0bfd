package io.jremix.bench.scheduler;

/**
 * The output every emitter writes to, in ticket order. Not thread-safe, as an ordered output need not be; it counts
 * tickets that arrive out of order or with another ticket's value, so each benchmark run also checks its emitter.
 */
final class OrderedSink {
    private long expected;
    private long errors;

    void accept(long ticket, long value) {
        if (ticket != expected || value != Work.result(ticket)) {
            errors++;
        }
        expected = ticket + 1;
    }

    /** Fails if anything arrived out of order, or if fewer than {@code issued} tickets were emitted. */
    void verify(String emitter, long issued) {
        if (errors > 0 || expected != issued) {
            throw new IllegalStateException(emitter + ": " + errors + " tickets out of order or with a wrong value, "
                    + expected + " of " + issued + " emitted");
        }
    }
}
