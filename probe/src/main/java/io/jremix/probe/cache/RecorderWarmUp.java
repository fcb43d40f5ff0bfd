package io.jremix.probe.cache;

/**
 * Runs the recording path until the JIT compiles it, on a ring that no window drains. Without it, a program that
 * reaches the path seldom, such as one contending in short spells and traced in bursts, records through the
 * interpreter for seconds and runs that much slower while traced: bursts that fell in its spells gave a few hundred
 * samples each for the first 7 s of a window, and 4,000 to 6,000 once C2 had compiled {@code TraceRecorder.element}
 * (docs/benchmarks.md, "Detection floor"). The arrays cover every element type and the records alternate between
 * them, so that C2 does not compile the path for one type only and go back to the interpreter at the program's first
 * other one.
 */
public final class RecorderWarmUp {
    /** Calls of each kind: past C2's invocation threshold (HotSpot's Tier4InvocationThreshold is 5000). */
    static final int CALLS = 20_000;
    private static final EventBuffer.EventSink NOWHERE = (thread, time, address, offset, meta, type, site, epoch) -> {
    };

    /** A field to record: the warm-up's own. */
    private static final class Cell {
        long value;
    }

    private RecorderWarmUp() {
    }

    /**
     * Records {@value #CALLS} element and field accesses of the warm-up's own objects from the calling thread, a
     * quarter of them after a deadline. Call it before the first burst, with tracing off: it moves the bursts'
     * deadline, and a record after the deadline turns tracing off for every thread.
     */
    public static void run() {
        String where = RecorderWarmUp.class.getName() + ".run(RecorderWarmUp.java)";
        int element = CacheSites.register(new CacheSite(CacheSite.Kind.ELEMENT, true, 0, null, null,
                RecorderWarmUp.class.getName(), where));
        int field = CacheSites.register(new CacheSite(CacheSite.Kind.FIELD, true, Long.BYTES,
                Cell.class.getName().replace('.', '/'), "value", RecorderWarmUp.class.getName(), where));
        Object[] arrays = {new long[8], new int[8], new short[8], new char[8], new byte[8], new boolean[8],
                new double[8], new float[8], new Object[8]};
        Cell cell = new Cell();
        EventBuffer ring = EventBuffer.unlisted();
        try {
            for (int i = 0; i < CALLS; i++) {
                CacheProbe.warmUpDeadline((i & 3) == 0); // a record past a burst's end stops it, and is not kept
                TraceRecorder.element(arrays[i % arrays.length], i & 7, element);
                TraceRecorder.field(cell, field);
                if ((i & 1023) == 0) {
                    ring.drain(NOWHERE); // keeps the ring from filling, as the agent's draining does
                }
            }
        } finally {
            CacheProbe.endWarmUp();
            EventBuffer.forgetUnlisted();
        }
    }
}
