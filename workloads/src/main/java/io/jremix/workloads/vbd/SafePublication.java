package io.jremix.workloads.vbd;

/**
 * Publication without a lock: {@code s.ref = new Data()} against a reader that reads {@code s.ref} and, if it is
 * not null, the two fields the constructor set. The Java memory model lets the reader see the reference before the
 * constructor's stores (its fields are not final), and so see 0 in them; VBD's fields and constructor fence forbid
 * that. x86 keeps stores in order and HotSpot does not move the constructor's stores after the publication, so
 * this cannot fail here without VBD.
 */
final class SafePublication extends LitmusCase<SafePublication.State> {
    static final class Data {
        int a;
        int b;

        Data() {
            a = 1;
            b = 1;
        }
    }

    static final class State {
        Data ref;
        int seen;
    }

    SafePublication() {
        super("publication", 2, "partial", State::new);
    }

    @Override
    void actor(int actor, State s) {
        if (actor == 0) {
            s.ref = new Data();
        } else {
            Data d = s.ref;
            s.seen = d == null ? -1 : d.a + d.b;
        }
    }

    @Override
    String outcome(State s) {
        return s.seen == -1 ? "null" : s.seen == 2 ? "constructed" : "partial";
    }
}
