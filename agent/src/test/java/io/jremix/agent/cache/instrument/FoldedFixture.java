package io.jremix.agent.cache.instrument;

/**
 * Reads that compiled code makes, and reads it does not (constants, class words checked once before a loop); each
 * method's name says which. Every method returns a value that depends on its reads.
 */
public class FoldedFixture {
    static final Sink CONSTANT = new Adder();
    static final long[] FINAL_ARRAY = new long[4];
    static final Pair ORIGIN = new Pair(3, 4);
    static long plainStatic = 5;
    static volatile Sink changing = CONSTANT;
    final Sink finalSink;
    final Sink[] sinks;

    public FoldedFixture() {
        finalSink = new Adder();
        sinks = new Sink[] {finalSink, new Adder()};
    }

    /** What the loops call: an interface, so that each call checks its receiver's class. */
    public interface Sink {
        long put(long v);
    }

    public static final class Adder implements Sink {
        long sum;

        @Override
        public long put(long v) {
            return sum += v;
        }
    }

    /** A record: C2 trusts its final fields, and folds them where it holds the record as a constant. */
    public record Pair(long left, long right) {
    }

    public static long invariantParameter(Sink s, int n) {
        long r = 0;
        for (int i = 0; i < n; i++) {
            r += s.put(i);
        }
        return r;
    }

    public static long invariantLocal(Sink[] all, int n) {
        Sink s = all[0];
        long r = 0;
        for (int i = 0; i < n; i++) {
            r += s.put(i);
        }
        return r;
    }

    /** Invariant in the inner loop, though the outer one changes it. */
    public long invariantInInnerLoop(int n) {
        long r = 0;
        for (Sink s : sinks) {
            for (int i = 0; i < n; i++) {
                r += s.put(i);
            }
        }
        return r;
    }

    public static long constantReceiver() {
        return CONSTANT.put(1);
    }

    public static long elementReceiver(Sink[] all, int n) {
        long r = 0;
        for (int i = 0; i < n; i++) {
            r += all[i & 1].put(i);
        }
        return r;
    }

    /** A field read in the loop, final or not, may be read again each time (a volatile access in the loop). */
    public long fieldReceiver(int n) {
        long r = 0;
        for (int i = 0; i < n; i++) {
            r += finalSink.put(i);
        }
        return r;
    }

    public static long volatileStaticReceiver(int n) {
        long r = 0;
        for (int i = 0; i < n; i++) {
            r += changing.put(i);
        }
        return r;
    }

    public static long storedInLoop(Sink[] all, int n) {
        Sink s = all[0];
        long r = 0;
        for (int i = 0; i < n; i++) {
            r += s.put(i);
            s = all[(i + 1) & 1];
        }
        return r;
    }

    public static long callOutsideLoop(Sink s) {
        return s.put(2);
    }

    public static long staticFinals() {
        return FINAL_ARRAY.length + (Boolean.TRUE ? 1 : 0);
    }

    public static long staticNotFinal() {
        System.out.flush(); // System.out is final, but setOut changes it: C2 does not fold it
        return plainStatic;
    }

    public static long trustedFinalOfConstant() {
        return ORIGIN.left;
    }

    public static long trustedFinalOfParameter(Pair p) {
        return p.right;
    }

    public long run() {
        Sink[] all = {new Adder(), new Adder()};
        return invariantParameter(all[0], 4) + invariantLocal(all, 4) + invariantInInnerLoop(4) + constantReceiver()
                + elementReceiver(all, 4) + fieldReceiver(4) + volatileStaticReceiver(4) + storedInLoop(all, 4)
                + callOutsideLoop(all[1]) + staticFinals() + staticNotFinal() + trustedFinalOfConstant()
                + trustedFinalOfParameter(new Pair(5, 6));
    }
}
