package io.jremix.workloads.vbd;

/**
 * Message passing: {@code data = 1; flag = 1} against {@code r1 = flag; r2 = data}. Sequential consistency forbids
 * (1, 0). x86 never reorders two stores or two loads, so only the JIT could produce it, by reordering the plain
 * accesses; HotSpot does not here, and the test cannot fail on x86 without VBD.
 */
final class MessagePassingCase extends LitmusCase<MessagePassingCase.State> {
    static final class State {
        int data;
        int flag;
        int r1;
        int r2;
    }

    MessagePassingCase() {
        super("mp", 2, "(1,0)", State::new);
    }

    @Override
    void actor(int actor, State s) {
        if (actor == 0) {
            s.data = 1;
            s.flag = 1;
        } else {
            s.r1 = s.flag;
            s.r2 = s.data;
        }
    }

    @Override
    String outcome(State s) {
        return "(" + s.r1 + "," + s.r2 + ")";
    }
}
