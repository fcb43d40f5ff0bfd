package io.jremix.probe.cache;

import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import jdk.internal.misc.Unsafe;
import jdk.internal.vm.annotation.ForceInline;

/**
 * Entry points that instrumented code calls before each memory access. While the gate is open and tracing is on,
 * one access in {@code ratio} (on average, with a randomised period so that loops with a fixed number of accesses
 * per iteration are not sampled at the same instruction every time) takes the recording path. Tracing is on all
 * the time a window is open, or only within short bursts that all threads share, so that the coherence model sees
 * real interleavings (after the sampling framework of "A Framework for Reducing the Cost of Instrumented Code",
 * PLDI 2001, https://doi.org/10.1145/378795.378832, and LiteRace, PLDI 2009,
 * https://doi.org/10.1145/1542476.1542491). With bursts, instrumented methods also keep a copy of their own code
 * without probes, which runs between bursts; {@link #inBurst} picks the copy at method entry and once per loop
 * iteration. The probes of a class traced in bursts also test {@link #tracing}, with a plain load, to notice that a
 * burst ended; the instrumenter marks their site ids ({@link #BURST_SITE}). The id is a constant at every probe, so
 * the compilers fold the mark and drop that test from the probes of a window traced throughout, where it cost
 * nearly a third of the JIT's compile time on tomcat (docs/benchmarks.md, "No burst test without bursts").
 *
 * <p>Why a plain load there and not an opaque or volatile one: C2 compiles both of those as a memory barrier at
 * every access, which measured 6x on SeparateLines (measured by hand; the table is in commit 5c66a99). A plain
 * load is safe in code whose recording branch C2 compiled in: the call to {@link TraceRecorder} there makes the
 * loop reload the flag; and a burst that ends unnoticed there ends at the loop's next check.
 *
 * <p>The flag comes before the switches ({@link ProbeGate#isOn(int)}): compiled code folds them and the order does
 * not matter there, but a freshly retransformed class runs interpreted until it is compiled again, and there reading
 * a switch is a call. The recording path, out of line, draws the next period and tests the gate again.
 *
 * <p>Countdown slots are indexed by thread id and spaced 128 bytes apart so the probes add no false sharing.
 * Threads whose ids agree modulo {@link #SLOTS} share a slot, and so a countdown: together they are still sampled
 * at the mean ratio, and each is traced in its own buffer ({@link EventBuffer}). The countdown is only touched while
 * the probe's switches are on. The fast path is force-inlined (this class is on the boot class path, where the JVM
 * honours {@code @ForceInline}): left to the size heuristics, a method with many probes stops inlining them and pays
 * a call per access.
 */
public final class CacheProbe {
    /** The bit of a site id that says its probe tests {@link #tracing}: set in classes traced in bursts. */
    public static final int BURST_SITE = 1 << 31;
    private static final int SLOTS = 256;
    private static final int STRIDE = 16;
    private static final long[] COUNTDOWN = new long[SLOTS * STRIDE];
    private static final Unsafe U = Unsafe.getUnsafe();
    private static final Field TRACING = tracingField();
    private static final Object TRACING_BASE = HeapAddresses.staticFieldBase(TRACING);
    private static final long TRACING_OFFSET = HeapAddresses.staticFieldOffset(TRACING);
    private static volatile int ratio = 1000;
    /** Whether a burst is on: read plainly on the fast path, written by the agent's burst thread. */
    private static boolean tracing;
    /** When the burst under way ends ({@link System#nanoTime}), if {@link #bounded}. */
    private static volatile long burstEnd;
    private static volatile boolean bounded;

    private CacheProbe() {
    }

    /** Sets the sampling ratio: one access in {@code n} is recorded. */
    public static void samplingRatio(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("sampling ratio must be at least 1: " + n);
        }
        ratio = n;
    }

    /**
     * Turns the burst flag on until told otherwise, or off, ending the burst under way; only the probes of classes
     * traced in bursts read it, and they also need the gate open ({@link ProbeGate#set}).
     */
    public static void tracing(boolean on) {
        bounded = false;
        U.putBooleanOpaque(TRACING_BASE, TRACING_OFFSET, on);
    }

    /**
     * Starts a burst that the recording threads end themselves once {@code endNanos} passed: the thread that times
     * the bursts may wake late on a busy machine, and a burst that overran would slow the program and overflow the
     * buffers.
     */
    public static void traceUntil(long endNanos) {
        burstEnd = endNanos;
        bounded = true;
        U.putBooleanOpaque(TRACING_BASE, TRACING_OFFSET, true);
    }

    /**
     * For {@link RecorderWarmUp}, before the first burst (tracing off): a deadline that has {@code passed} or not, so
     * that the recording path is compiled for both.
     */
    static void warmUpDeadline(boolean passed) {
        burstEnd = System.nanoTime() + (passed ? -1_000_000_000L : 1_000_000_000L);
        bounded = true;
    }

    /** Takes the {@link #warmUpDeadline} away again: the first burst sets its own. */
    static void endWarmUp() {
        bounded = false;
    }

    /** Whether the burst under way is over at {@code nowNanos}: then tracing ends for every thread. */
    static boolean burstOver(long nowNanos) {
        if (bounded && nowNanos - burstEnd > 0) {
            U.putBooleanOpaque(TRACING_BASE, TRACING_OFFSET, false);
            return true;
        }
        return false;
    }

    /**
     * Whether a burst is on, for the checks of duplicated method bodies, which run at method entry and once per loop
     * iteration rather than at every access. The read is opaque so that C2 cannot hoist it out of a loop: a loop
     * that began between bursts still moves to its probed copy when one starts. The gate comes first so that, once it
     * has shut, compiled code folds the check away: a class that keeps its probes between windows, as one of its
     * methods was running when the last closed, then runs its own code, without an opaque load per call and per loop
     * iteration for the rest of the run.
     */
    @ForceInline
    public static boolean inBurst() {
        return ProbeGate.isOn() && U.getBooleanOpaque(TRACING_BASE, TRACING_OFFSET);
    }

    private static Field tracingField() {
        try {
            return CacheProbe.class.getDeclaredField("tracing");
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @ForceInline
    public static void field(Object o, int site) {
        if (sample(site)) {
            TraceRecorder.field(o, site & ~BURST_SITE);
        }
    }

    @ForceInline
    public static void staticField(Class<?> owner, int site) {
        if (sample(site)) {
            TraceRecorder.staticField(owner, site & ~BURST_SITE);
        }
    }

    @ForceInline
    public static void element(Object array, int index, int site) {
        if (sample(site)) {
            TraceRecorder.element(array, index, site & ~BURST_SITE);
        }
    }

    @ForceInline
    public static void unsafe(Object base, long offset, int site) {
        if (sample(site)) {
            TraceRecorder.unsafe(base, offset, site & ~BURST_SITE);
        }
    }

    /** Before an interface call on {@code receiver}: the type check of the call reads its class word. */
    @ForceInline
    public static void header(Object receiver, int site) {
        if (sample(site)) {
            TraceRecorder.header(receiver, site & ~BURST_SITE);
        }
    }

    /**
     * @param first  the first argument after the VarHandle if it is a reference, else {@code null}
     * @param second the second argument if it is an int, else -1
     */
    @ForceInline
    public static void varHandle(VarHandle handle, Object first, int second, int site) {
        if (sample(site)) {
            TraceRecorder.varHandle(handle, first, second, site & ~BURST_SITE);
        }
    }

    /**
     * Counts the access down if the probe's switches are on, and in a class traced in bursts a burst is; whether it
     * is the one in {@code ratio} to record. Its recording path draws the next period ({@link #restart}), so that the
     * probe holds one call, not two.
     */
    @ForceInline
    private static boolean sample(int site) {
        if ((site >= 0 || tracing) && ProbeGate.isOn(site & ~BURST_SITE)) {
            int slot = slot();
            long c = COUNTDOWN[slot];
            COUNTDOWN[slot] = c - 1;
            return c <= 1;
        }
        return false;
    }

    /**
     * Called first on every recording path: draws the calling thread's next period, and says whether to record,
     * that is whether the gate is open.
     */
    static boolean restart() {
        int slot = slot();
        COUNTDOWN[slot] = nextPeriod(slot);
        return ProbeGate.isOn();
    }

    /** The calling thread's countdown slot. */
    @ForceInline
    @SuppressWarnings("deprecation") // threadId() is JDK 19+
    private static int slot() {
        return ((int) Thread.currentThread().getId() & (SLOTS - 1)) * STRIDE;
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
