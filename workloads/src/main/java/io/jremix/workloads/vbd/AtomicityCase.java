package io.jremix.workloads.vbd;

/**
 * AtomicityCase of 64-bit values: a writer stores a {@code long}, a {@code double} and a {@code long[]} element whose
 * halves are both non-zero, a reader reads them. The Java memory model lets plain {@code long}/{@code double}
 * accesses split into two 32-bit halves (JLS 17.7); volatile ones never do. A reader seeing one half of the new
 * value is "torn". 64-bit HotSpot on x86-64 moves them whole, so this cannot fail here without VBD.
 */
final class AtomicityCase extends LitmusCase<AtomicityCase.State> {
    static final long BITS = 0x4010_0000_0000_0001L;
    static final double VALUE = Double.longBitsToDouble(BITS);

    static final class State {
        long l;
        double d;
        final long[] a = new long[1];
        long rl;
        long rd;
        long ra;
    }

    AtomicityCase() {
        super("atomicity", 2, "any torn", State::new);
    }

    @Override
    void actor(int actor, State s) {
        if (actor == 0) {
            s.l = BITS;
            s.d = VALUE;
            s.a[0] = BITS;
        } else {
            s.rl = s.l;
            s.rd = Double.doubleToRawLongBits(s.d);
            s.ra = s.a[0];
        }
    }

    @Override
    String outcome(State s) {
        return word(s.rl) + "," + word(s.rd) + "," + word(s.ra);
    }

    private static String word(long v) {
        return v == 0 ? "old" : v == BITS ? "new" : "torn";
    }

    @Override
    boolean isForbidden(String outcome) {
        return outcome.contains("torn");
    }
}
