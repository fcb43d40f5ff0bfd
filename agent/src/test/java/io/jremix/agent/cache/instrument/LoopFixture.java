package io.jremix.agent.cache.instrument;

/** Loops that call back at a chosen iteration, so that a test can start or end a burst part way through them. */
public class LoopFixture {
    int total;
    final int[] cells = new int[8];

    /** A constructor whose loop writes the object's own array. */
    public LoopFixture(int n) {
        for (int i = 0; i < n; i++) {
            cells[i & 7] += i;
        }
    }

    /** Adds one to {@code total} {@code n} times, calling {@code hook} after the addition of iteration {@code at}. */
    public int count(int n, int at, Runnable hook) {
        for (int i = 0; i < n; i++) {
            total++;
            if (i == at) {
                hook.run();
            }
        }
        return total;
    }

    /** Like {@link #count}, in a loop whose test reads a field: the loop's check stays at its header. */
    public int countUp(int n, int at, Runnable hook) {
        while (total < n) {
            if (total++ == at) {
                hook.run();
            }
        }
        return total;
    }

    /** The same on {@code cells}, in a do-while whose body has a try-catch; a hook that throws is counted. */
    public int countGuarded(int n, int at, Runnable hook) {
        int i = 0;
        int thrown = 0;
        do {
            try {
                cells[i & 7]++;
                if (i == at) {
                    hook.run();
                }
            } catch (IllegalStateException e) {
                thrown++;
            }
        } while (++i < n);
        return cells[0] + cells[7] + thrown;
    }
}
