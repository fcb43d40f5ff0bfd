package io.jremix.options;

/** A bad option or value; its message is the one line the user sees before the JVM exits with code 2. */
public final class OptionException extends Exception {
    private static final long serialVersionUID = 1L;

    public OptionException(String message) {
        super(message);
    }
}
