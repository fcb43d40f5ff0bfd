package io.jremix.bench.suite;

/**
 * One benchmark of the suite. The harness calls {@link #setUp} once, then {@link #iterate} repeatedly (every call
 * does the same fixed, deterministic work on data the workload generated itself), {@link #check}s every result,
 * and finally {@link #tearDown}. Nothing is downloaded at run time.
 */
public interface SuiteWorkload {

    /** Generates the input and starts what the iterations need (threads, servers); not timed. */
    void setUp(Size size) throws Exception;

    /** One timed iteration; returns what {@link #check} verifies. */
    Object iterate() throws Exception;

    /**
     * Verifies an iteration's result against something computed independently of the library under test, so that
     * a broken run cannot pass as a fast one.
     *
     * @throws SelfCheckException when the result is wrong
     */
    void check(Object result);

    /** Stops threads and servers and deletes files; called even when an iteration failed. */
    default void tearDown() throws Exception {
    }

    /** Fails a self-check unless {@code expected} equals {@code actual}. */
    static void expect(String what, Object expected, Object actual) {
        if (!expected.equals(actual)) {
            throw new SelfCheckException(what + ": expected " + expected + ", got " + actual);
        }
    }
}
