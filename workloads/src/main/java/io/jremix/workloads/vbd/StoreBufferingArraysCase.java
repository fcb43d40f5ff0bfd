package io.jremix.workloads.vbd;

/**
 * Store buffering through the two elements of an {@code int[]}: {@code a[0] = 1; r1 = a[1]} against
 * {@code a[1] = 1; r2 = a[0]}. Arrays have no volatile elements in Java, so only the rewriting of the element
 * accesses can forbid (0, 0) here.
 */
final class StoreBufferingArraysCase extends LitmusCase<StoreBufferingArraysCase.State> {
    static final class State {
        final int[] a = new int[2];
        int r1;
        int r2;
    }

    StoreBufferingArraysCase() {
        super("sb-arrays", 2, "(0,0)", State::new);
    }

    @Override
    void actor(int actor, State s) {
        int[] a = s.a;
        if (actor == 0) {
            a[0] = 1;
            s.r1 = a[1];
        } else {
            a[1] = 1;
            s.r2 = a[0];
        }
    }

    @Override
    String outcome(State s) {
        return "(" + s.r1 + "," + s.r2 + ")";
    }
}
