package io.jremix.bench.suite;

/** A workload computed a wrong result. */
public final class SelfCheckException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SelfCheckException(String message) {
        super(message);
    }
}
