package io.jremix.core.cache;

/**
 * A traced thread as reports name it: the name it had when it was first sampled (a thread renamed later keeps that
 * name here) and its {@link Thread#getId() id}, shown as jstack and JFR show a thread: {@code "worker-1" #23}.
 *
 * @param id   the thread's id, -1 when it is not known
 * @param name the thread's name, empty for an unnamed virtual thread
 */
public record TracedThread(long id, String name) {

    /** A thread whose name was not kept ({@link ThreadNames}): its index in the trace is all that is known. */
    public static TracedThread unknown(int index) {
        return new TracedThread(-1, "traced thread " + index);
    }

    /** {@code "name" #id}, or only the placeholder name of an {@link #unknown} thread. */
    public String label() {
        return id < 0 ? name : "\"" + name + "\" #" + id;
    }
}
