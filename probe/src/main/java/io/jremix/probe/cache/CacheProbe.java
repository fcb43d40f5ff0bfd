package io.jremix.probe.cache;

import java.lang.invoke.VarHandle;
import jdk.internal.vm.annotation.ForceInline;

/**
 * Entry points that instrumented code calls before each memory access. The fast path is a folded gate check and a
 * per-thread countdown; one access in {@code ratio} (on average, with a randomised period so that loops with a fixed
 * number of accesses per iteration are not sampled at the same instruction every time) takes the recording path.
 *
 * <p>Countdown slots are indexed by thread id and spaced 128 bytes apart so the probes add no false sharing.
 * Threads whose ids agree modulo {@link #SLOTS} share a slot, and so a countdown: together they are still sampled
 * at the mean ratio, and each is traced in its own buffer ({@link EventBuffer}); sharing costs them a contended
 * line while the window is open, not a lost trace.
 * The fast path is force-inlined (this class is on the boot class path, where the JVM honours
 * {@code @ForceInline}): left to the size heuristics, a method with many probes stops inlining them and pays a
 * call per access.
 */
public final class CacheProbe {
    private static final int SLOTS = 256;
    private static final int STRIDE = 16;
    private static final long[] COUNTDOWN = new long[SLOTS * STRIDE];
    private static volatile int ratio = 1000;

    private CacheProbe() {
    }

    /** Sets the sampling ratio: one access in {@code n} is recorded. */
    public static void samplingRatio(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("sampling ratio must be at least 1: " + n);
        }
        ratio = n;
    }

    @ForceInline
    public static void field(Object o, int site) {
        if (sample()) {
            TraceRecorder.field(o, site);
        }
    }

    @ForceInline
    public static void staticField(Class<?> owner, int site) {
        if (sample()) {
            TraceRecorder.staticField(owner, site);
        }
    }

    @ForceInline
    public static void element(Object array, int index, int site) {
        if (sample()) {
            TraceRecorder.element(array, index, site);
        }
    }

    @ForceInline
    public static void unsafe(Object base, long offset, int site) {
        if (sample()) {
            TraceRecorder.unsafe(base, offset, site);
        }
    }

    /**
     * @param first  the first argument after the VarHandle if it is a reference, else {@code null}
     * @param second the second argument if it is an int, else -1
     */
    @ForceInline
    public static void varHandle(VarHandle handle, Object first, int second, int site) {
        if (sample()) {
            TraceRecorder.varHandle(handle, first, second, site);
        }
    }

    @ForceInline
    private static boolean sample() {
        if (!ProbeGate.isOn()) {
            return false;
        }
        @SuppressWarnings("deprecation") // threadId() is JDK 19+
        int slot = ((int) Thread.currentThread().getId() & (SLOTS - 1)) * STRIDE;
        long c = COUNTDOWN[slot];
        if (c > 1) {
            COUNTDOWN[slot] = c - 1;
            return false;
        }
        COUNTDOWN[slot] = nextPeriod(slot);
        return true;
    }

    /** A period drawn uniformly from 1 to 2 * ratio - 1, so that its mean is the ratio. */
    private static long nextPeriod(int slot) {
        long x = COUNTDOWN[slot + 1];
        if (x == 0) {
            x = 0x9E3779B97F4A7C15L ^ slot;
        }
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        COUNTDOWN[slot + 1] = x;
        long r = ratio;
        return r == 1 ? 1 : 1 + Long.remainderUnsigned(x, 2 * r - 1);
    }
}
