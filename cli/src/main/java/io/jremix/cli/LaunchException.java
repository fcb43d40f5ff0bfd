package io.jremix.cli;

/** A command line jremix cannot run: {@link Main} prints its message on one line and exits with code 2. */
public final class LaunchException extends Exception {
    private static final long serialVersionUID = 1L;

    public LaunchException(String message) {
        super(message);
    }
}
