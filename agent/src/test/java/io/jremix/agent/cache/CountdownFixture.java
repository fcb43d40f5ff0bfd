package io.jremix.agent.cache;

/** Methods with a known number of probed accesses, some of them in the methods they call. */
public final class CountdownFixture {
    int a;
    int b;

    /** Four accesses an iteration: {@code a}, and three in {@link #bump}. */
    public int loop(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += a + bump();
        }
        return s;
    }

    /** Reads {@code b}, writes it and reads it again. */
    int bump() {
        b++;
        return b;
    }

    /** Three accesses an iteration: two in {@link #fail}, which throws, and {@code a} in the handler. */
    public int caught(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            try {
                s += fail();
            } catch (IllegalStateException e) {
                s += a;
            }
        }
        return s;
    }

    private int fail() {
        b++;
        throw new IllegalStateException();
    }
}
