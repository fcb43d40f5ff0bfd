package io.jremix.workloads.vbd;

/**
 * Store buffering (Dekker) through two fields: {@code x = 1; r1 = y} against {@code y = 1; r2 = x}. Sequential
 * consistency forbids (0, 0); x86 allows it, since each store can wait in its core's store buffer while the load
 * after it reads memory.
 */
final class StoreBufferingFieldsCase extends LitmusCase<StoreBufferingFieldsCase.State> {
    static final class State {
        int x;
        int y;
        int r1;
        int r2;
    }

    StoreBufferingFieldsCase() {
        super("sb-fields", 2, "(0,0)", State::new);
    }

    @Override
    void actor(int actor, State s) {
        if (actor == 0) {
            s.x = 1;
            s.r1 = s.y;
        } else {
            s.y = 1;
            s.r2 = s.x;
        }
    }

    @Override
    String outcome(State s) {
        return "(" + s.r1 + "," + s.r2 + ")";
    }
}
