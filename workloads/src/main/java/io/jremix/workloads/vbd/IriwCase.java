package io.jremix.workloads.vbd;

/**
 * Independent reads of independent writes: {@code x = 1} and {@code y = 1} by two writers, read in opposite
 * orders by two readers. Sequential consistency forbids the readers disagreeing on the order, (1,0,1,0). x86 is
 * multi-copy atomic (a store becomes visible to all other cores at once), so this cannot fail on x86.
 */
final class IriwCase extends LitmusCase<IriwCase.State> {
    static final class State {
        int x;
        int y;
        int r1;
        int r2;
        int r3;
        int r4;
    }

    IriwCase() {
        super("iriw", 4, "(1,0,1,0)", State::new);
    }

    @Override
    void actor(int actor, State s) {
        switch (actor) {
            case 0 -> s.x = 1;
            case 1 -> s.y = 1;
            case 2 -> {
                s.r1 = s.x;
                s.r2 = s.y;
            }
            default -> {
                s.r3 = s.y;
                s.r4 = s.x;
            }
        }
    }

    @Override
    String outcome(State s) {
        return "(" + s.r1 + "," + s.r2 + "," + s.r3 + "," + s.r4 + ")";
    }
}
