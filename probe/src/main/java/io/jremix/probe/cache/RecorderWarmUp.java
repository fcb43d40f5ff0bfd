package io.jremix.probe.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import io.jremix.probe.OwnThreads;

/**
 * Runs the recording path until the JIT compiles it, on a ring that no window drains. Without it, a program that
 * reaches the path seldom, such as one contending in short spells and traced in bursts, records through the
 * interpreter for seconds and runs that much slower while traced: bursts that fell in its spells gave a few hundred
 * samples each for the first 7 s of a window, and 4,000 to 6,000 once C2 had compiled {@code TraceRecorder.element}
 * (docs/benchmarks.md at c1677fc, "Detection floor"). The records alternate between every element type, reads and
 * writes, so that C2 does not compile the path for some of them only and go back to the interpreter at the program's
 * first other one (an uncommon trap, after which C2 compiles the path again once the program's own calls have made it
 * hot). It also takes the path's rare ways, a collection, a full ring, a fresh thread, which a program traced all the
 * time reaches only after C2 has compiled the path into its methods: each then sent them back to the interpreter, and a
 * program of 400 threads that hold both cores waited up to 19 s for C2 to compile them again (ManyThreads, JDK 17).
 * Every entry point is warmed, not only the common two: a program that updates its counters through a VarHandle, traced
 * in bursts, recorded through the interpreter and C1's code for its whole run (1.3 s), {@code TraceRecorder.varHandle}
 * never reaching C2, and sampled a median of 8,600 accesses in 5 runs (14,300 with every entry point warmed; traced all
 * the time, 90,000).
 */
public final class RecorderWarmUp {
    /**
     * Calls of each kind: eight times C2's invocation threshold (HotSpot's Tier4InvocationThreshold is 5000), which
     * HotSpot raises while its compile queue is long, as it is at start-up: at 10,000 calls, the rarer entry points
     * were not compiled by C2 within the warm-up.
     */
    static final int CALLS = 40_000;
    /** Rounds the calls come in, each followed by calls from {@link #freshThreads}. */
    static final int ROUNDS = 8;
    /** Calls each fresh thread makes. */
    private static final int FRESH_CALLS = 16;
    /**
     * Events the warm-up's ring holds: fewer than it keeps between two drains (about 4,600), so that the way of a
     * full ring is profiled too. Without it C2 left that way out, and a program whose rings filled (400 threads, the
     * agent's thread starved of CPU) went back to the interpreter there.
     */
    private static final int RING = 1024;
    /** Ended epochs checked every 1024 calls: a collection's way through the path, profiled before C2 compiles it. */
    private static final int ENDED_EPOCHS = 4;
    private static final EventBuffer.EventSink NOWHERE = (thread, time, address, offset, meta, type, site, epoch, caller) -> {
    };

    /** Fields to record: the warm-up's own. */
    private static final class Cell {
        static long total;
        long value;
    }

    /** The warm-up's sites, reads and writes, and the objects it records. */
    private static final class Records {
        private static final String CELL = Cell.class.getName().replace('.', '/');
        private static final long VALUE_OFFSET;
        /** The three shapes of VarHandle that are traced: an instance field, a static field, array elements. */
        private static final VarHandle VALUE;
        private static final VarHandle TOTAL;
        private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

        static {
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                // Cell is not initialized yet: from Java 22 TOTAL is the lazily initializing wrapper that a program's
                // static handles made in its own static initializer are, so the warm-up unwraps one as they will
                VALUE = lookup.findVarHandle(Cell.class, "value", long.class);
                TOTAL = lookup.findStaticVarHandle(Cell.class, "total", long.class);
                VALUE_OFFSET = HeapAddresses.objectFieldOffset(Cell.class.getDeclaredField("value"));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final int elementWrite = site(CacheSite.Kind.ELEMENT, true, 0, null, null);
        final int elementRead = site(CacheSite.Kind.ELEMENT, false, 0, null, null);
        final int fieldWrite = site(CacheSite.Kind.FIELD, true, Long.BYTES, CELL, "value");
        final int fieldRead = site(CacheSite.Kind.FIELD, false, Long.BYTES, CELL, "value");
        final int staticWrite = site(CacheSite.Kind.STATIC, true, Long.BYTES, CELL, "total");
        final int staticRead = site(CacheSite.Kind.STATIC, false, Long.BYTES, CELL, "total");
        final int unsafeWrite = site(CacheSite.Kind.UNSAFE, true, Long.BYTES, null, null);
        final int unsafeRead = site(CacheSite.Kind.UNSAFE, false, Long.BYTES, null, null);
        final int header = site(CacheSite.Kind.HEADER, false, 0, null, null);
        final int varHandleWrite = site(CacheSite.Kind.VARHANDLE, true, 0, null, null);
        final int varHandleRead = site(CacheSite.Kind.VARHANDLE, false, 0, null, null);
        final Object[] arrays = {new long[8], new int[8], new short[8], new char[8], new byte[8], new boolean[8],
                new double[8], new float[8], new Object[8]};
        final Cell cell = new Cell();
        final long[] longs = (long[]) arrays[0];
        private final Object[] holder = new Object[1];

        private static int site(CacheSite.Kind kind, boolean write, int size, String owner, String name) {
            String where = RecorderWarmUp.class.getName() + ".run(RecorderWarmUp.java)";
            return CacheSites.register(new CacheSite(kind, write, size, owner, name, RecorderWarmUp.class.getName(),
                    where));
        }

        /** Records {@code n} accesses of every kind, reads and writes, starting at call {@code from}. */
        void record(int from, int n) {
            for (int i = from; i < from + n; i++) {
                boolean write = (i & 2) == 0;
                TraceRecorder.element(arrays[i % arrays.length], i & 7, write ? elementWrite : elementRead);
                TraceRecorder.field(cell, write ? fieldWrite : fieldRead);
                TraceRecorder.staticField(Cell.class, write ? staticWrite : staticRead);
                TraceRecorder.unsafe(cell, VALUE_OFFSET, write ? unsafeWrite : unsafeRead);
                TraceRecorder.header(cell, header);
                recordVarHandle(i, write ? varHandleWrite : varHandleRead);
            }
        }

        /** The {@code k}-th VarHandle access, of each shape in turn, with the arguments its probe passes. */
        private void recordVarHandle(int k, int site) {
            switch (k % 3) {
                case 0 -> TraceRecorder.varHandle(VALUE, cell, -1, site);
                case 1 -> TraceRecorder.varHandle(TOTAL, null, -1, site);
                default -> TraceRecorder.varHandle(LONGS, longs, k & 7, site);
            }
        }

        /** Takes the warm-up's sites out of the probes' table: the warm-up runs once, and nothing records them after. */
        void release() {
            for (int site : new int[] {elementWrite, elementRead, fieldWrite, fieldRead, staticWrite, staticRead,
                    unsafeWrite, unsafeRead, header, varHandleWrite, varHandleRead}) {
                CacheSites.put(site, null);
            }
        }

        /** Checks {@code n} ended epochs, as a collection makes the recording path do ({@link GcEpoch#ended}). */
        void endEpochs(int n) {
            for (int i = 0; i < n; i++) {
                GcEpoch.after(GcEpoch.ended(holder), holder);
            }
        }
    }

    private RecorderWarmUp() {
    }

    /**
     * Records {@value #CALLS} accesses of each kind to the warm-up's own objects from the calling thread, a quarter of
     * them after a deadline, and a few from {@link #freshThreads} after each of {@value #ROUNDS} rounds.
     * Call it with the gate open (records are made only then) and before tracing starts, with or without bursts: it
     * moves the bursts' deadline, and a record after the deadline turns tracing off for every thread. An interrupt
     * ends it early.
     */
    public static void run() {
        run(NOWHERE);
    }

    /** As {@link #run()}, handing what the warm-up's ring holds at each drain to {@code drained}. */
    static void run(EventBuffer.EventSink drained) {
        Records records = new Records();
        EventBuffer ring = EventBuffer.unlisted(RING);
        try {
            int perRound = CALLS / ROUNDS;
            for (int i = 0; i < CALLS; i++) {
                CacheProbe.warmUpDeadline((i & 3) == 0); // a record past a burst's end stops it, and is not kept
                records.record(i, 1);
                if ((i & 1023) == 0) {
                    ring.drain(drained); // as the agent's draining does
                    records.endEpochs(ENDED_EPOCHS);
                }
                if ((i + 1) % perRound == 0 && i + 1 < CALLS) { // the last round compiles what the threads sent back
                    freshThreads(records);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the window closed: no tracing to warm up for
        } finally {
            CacheProbe.endWarmUp();
            EventBuffer.forgetUnlisted();
            records.release();
        }
    }

    /**
     * A few records from two new threads that jremix ignores, so that they get no ring: one without thread-local
     * values yet, one with a value of another thread-local. The program's threads look like that at their first
     * sample, and C2, having compiled the path on the warm-up thread alone, left those ways through the inlined
     * {@code ThreadLocal.get} out: the program's first samples sent the path back to the interpreter
     * ({@code -XX:+LogCompilation}; the log is in commit dcb55c5). Here those ways are taken within the
     * warm-up: before C2 compiles the path, or else by a trap, after which the later rounds have it compiled again.
     */
    private static void freshThreads(Records records) throws InterruptedException {
        ThreadLocal<Boolean> other = new ThreadLocal<>();
        for (boolean otherValue : new boolean[] {false, true}) {
            Thread t = new Thread(() -> {
                if (otherValue) {
                    other.set(Boolean.TRUE);
                }
                records.record(0, FRESH_CALLS);
            }, "jremix-recorder-warm-up");
            t.setDaemon(true);
            OwnThreads.add(t);
            t.start();
            t.join();
        }
    }
}
