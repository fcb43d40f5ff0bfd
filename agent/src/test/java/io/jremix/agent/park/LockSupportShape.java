package io.jremix.agent.park;

/**
 * The six park methods and {@code unpark} of {@code LockSupport} with bodies that can be run outside java.base: each records what
 * it was called with, and a blocker equal to {@code "throw"} makes it throw, to test the exceptional exit. Tests
 * load a rewritten copy in a class loader of its own, so each copy has its own {@link #CALLS}.
 */
public final class LockSupportShape {
    public static final StringBuilder CALLS = new StringBuilder();

    private LockSupportShape() {
    }

    public static void park(Object blocker) {
        body("park", blocker);
    }

    public static void parkNanos(Object blocker, long nanos) {
        if (nanos > 0) {
            body("parkNanos", blocker);
        }
    }

    public static void parkUntil(Object blocker, long deadline) {
        body("parkUntil", blocker);
    }

    public static void park() {
        body("park", null);
    }

    public static void parkNanos(long nanos) {
        if (nanos > 0) {
            body("parkNanos", null);
        }
    }

    public static void parkUntil(long deadline) {
        body("parkUntil", null);
    }

    public static void unpark(Thread thread) {
        CALLS.append("unpark(").append(thread.getName()).append(") ");
    }

    private static void body(String method, Object blocker) {
        CALLS.append(method).append('(').append(blocker).append(") ");
        if ("throw".equals(blocker)) {
            throw new IllegalStateException("thrown inside park");
        }
    }
}
