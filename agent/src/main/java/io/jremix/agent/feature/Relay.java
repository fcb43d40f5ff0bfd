package io.jremix.agent.feature;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Where an attached park profiler's or detection's lines go: to the channel of the attach command waiting for them
 * ({@code dump}, {@code stop}, a detection's start), and nowhere in between, so that nothing jremix says lands on
 * the program's own stderr.
 */
public final class Relay extends OutputStream {
    private volatile PrintStream target;

    public void to(PrintStream channel) {
        target = channel;
    }

    /** Runs {@code work} with the lines going to {@code channel}, and nowhere after it. */
    public void during(PrintStream channel, Runnable work) {
        to(channel);
        try {
            work.run();
        } finally {
            to(null);
        }
    }

    @Override
    public void write(int b) {
        PrintStream t = target;
        if (t != null) {
            t.write(b);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        PrintStream t = target;
        if (t != null) {
            t.write(b, off, len);
        }
    }

    @Override
    public void flush() {
        PrintStream t = target;
        if (t != null) {
            t.flush();
        }
    }
}
