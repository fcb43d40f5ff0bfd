package io.jremix.scheduler;

/**
 * Receives what a task threw, so that one failing task costs its own output and nothing else: the stream goes on
 * with the next ticket. The scheduler calls it in ticket order, from the thread draining the stream, one call at a
 * time, so a handler needs no locking of its own.
 */
@FunctionalInterface
public interface UncaughtTaskHandler {
    /** Prints the ticket and the stack trace on stderr, as an uncaught exception would be. */
    UncaughtTaskHandler PRINT = (ticket, error) -> {
        System.err.println("jremix: ordered scheduler: ticket " + ticket + " failed:");
        error.printStackTrace();
    };

    /**
     * Called for a task whose work or ordered part threw. If the handler itself throws, that goes to the current
     * thread's {@link Thread.UncaughtExceptionHandler} and the stream still goes on.
     */
    void uncaught(long ticket, Throwable error);
}
