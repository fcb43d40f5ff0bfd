package io.jremix.agent.cache.instrument;

import java.util.function.LongSupplier;

/**
 * Objects that stay in the method that allocates them, and objects that leave it in each way a method can let one
 * out; each method's name says which. Every method returns a value that depends on its accesses.
 */
public class UnsharedFixture {
    static Object last;
    State shared = new State();

    public static class State {
        public long a;
        public long b;
    }

    /** A constructor that publishes the object it builds. */
    public static class Leaky {
        public long x;

        public Leaky() {
            last = this;
        }
    }

    /** Publishes through its superclass's constructor. */
    public static class LeakySub extends Leaky {
    }

    public long staysInLoop(int n) {
        State s = new State();
        long[] cells = new long[8];
        for (int i = 0; i < n; i++) {
            s.a += i;
            s.b = s.a + 1;
            cells[i & 7] += s.b;
        }
        return s.b + cells[3];
    }

    public long staysWhenNullOnOtherPaths(boolean make) {
        State s = null;
        if (make) {
            s = new State();
        }
        if (s != null) {
            s.a = 5;
            return s.a;
        }
        return 0;
    }

    public long staysInLocalArray() {
        Object[] box = new Object[1];
        State s = new State();
        box[0] = s; // s leaves through the array's element; the array itself stays
        ((State) box[0]).a = 7;
        return s.a;
    }

    public long leavesThroughField() {
        State s = new State();
        shared = s;
        s.a = 1;
        return s.a;
    }

    public long leavesThroughStatic() {
        long[] cells = new long[2];
        last = cells;
        cells[1] = 2;
        return cells[1];
    }

    public long leavesThroughCall() {
        long[] cells = new long[2];
        cells[0] = 3;
        return sum(cells);
    }

    private static long sum(long[] cells) {
        return cells[0] + cells[1];
    }

    public long leavesThroughLambda() {
        long[] cells = new long[1];
        cells[0] = 4;
        LongSupplier read = () -> cells[0];
        return read.getAsLong();
    }

    public State leavesThroughReturn() {
        State s = new State();
        s.b = 6;
        return s;
    }

    public long leavesThroughConstructor() {
        Leaky l = new Leaky();
        l.x = 8;
        return l.x;
    }

    public long leavesThroughSuperConstructor() {
        LeakySub l = new LeakySub();
        l.x = 9;
        return l.x;
    }

    public long comesFromParameter(State s) {
        s.a = 10;
        return s.a;
    }

    public long mayBeShared(boolean fresh) {
        State s = fresh ? new State() : shared;
        s.b = 11;
        return s.b;
    }

    public long mayBeParameter(State p, boolean fresh) {
        State s = p;
        if (fresh) {
            s = new State();
        }
        s.a = 12;
        return s.a;
    }

    /** Calls every method, so that instrumented and plain copies can be compared. */
    public long run() {
        return staysInLoop(100) + staysWhenNullOnOtherPaths(true) + staysInLocalArray() + leavesThroughField()
                + leavesThroughStatic() + leavesThroughCall() + leavesThroughLambda() + leavesThroughReturn().b
                + leavesThroughConstructor() + leavesThroughSuperConstructor() + comesFromParameter(new State())
                + mayBeShared(false) + mayBeShared(true) + mayBeParameter(shared, false) + mayBeParameter(shared, true);
    }
}
