package io.jremix.probe.cache;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import io.jremix.probe.OwnThreads;
import jdk.internal.misc.Unsafe;
import jdk.internal.vm.annotation.DontInline;

/**
 * A bounded single-producer, single-consumer ring of sampled accesses owned by one thread. The owning thread
 * appends on the sampling path; the agent's analysis thread drains. When the ring is full, events are dropped and
 * counted rather than blocking the program.
 *
 * <p>A thread gets its buffer on its first sampled access, inside a probe, which may run in the JDK's own atomics
 * under the virtual-thread scheduler (the unblocker thread, a carrier submitting a task). So handing out buffers
 * takes no monitor: a virtual thread that blocked on one would be woken by the unblocker thread, and if that thread
 * waited on the same monitor in a probe, nothing would wake either. Probes the thread reaches while its buffer is
 * made see {@link #NONE}, so making it may use the instrumented atomics.
 *
 * <p>At most {@link #MAX_BUFFERS} threads hold a buffer at once. The buffer of a thread that ended goes to the next
 * thread that needs one (up to {@link #MAX_SPARE} wait), so a program that starts a thread per task allocates no
 * buffers for new threads while old ones end. A thread refused a buffer asks again on its later sampled accesses once one is free; it is
 * counted once, in {@link #refusedThreads}, which the report prints.
 *
 * <p>When a window closes, {@link #releaseAll} takes the rings of live threads back too (a service's threads live
 * on, and their thread-locals would keep 330 KB each): a thread then holds an empty shell until its next sampled
 * access, in a later window, gives it a new ring. The owner marks its buffer {@link #RECORDING} with a
 * compare-and-set while it appends, and the agent takes back only a buffer it moves from {@link #IDLE} to
 * {@link #RELEASED}, so a ring is never freed under a thread still writing to it.
 */
public final class EventBuffer {
    /**
     * Events per thread (about 330 KB). The agent drains every 20 ms, so a thread can record 400,000 samples a
     * second, far more than a 1:1000 sampling ratio yields, before its events are dropped; with tracing bursts of
     * 0.5 ms every 50 ms at 1:10, a thread would need 160 million accesses a second while traced to fill it.
     */
    static final int CAPACITY = 8192;
    /**
     * Threads that hold a buffer at once, which bounds the buffers' memory to 85 MB. A program with 400 threads
     * contending at once is still found contending by the 256 traced (ManyThreads in the e2e tests).
     */
    static final int MAX_BUFFERS = 256;

    /**
     * Buffers of ended threads kept for new ones: enough for a thread per task, while a program that once ran
     * hundreds of threads and now runs a few gives the rest of their buffers back to the GC.
     */
    static final int MAX_SPARE = 16;

    private static final Queue<EventBuffer> ALL = new ConcurrentLinkedQueue<>();
    /** Buffers of threads that ended, drained, waiting for a new owner; at most {@link #MAX_SPARE}. */
    private static final Queue<EventBuffer> FREE = new ConcurrentLinkedQueue<>();
    private static final EventBuffer NONE = sentinel();
    /** A thread's value after it was refused a buffer: it asks again while {@link #IN_USE} is below the limit. */
    private static final EventBuffer REFUSED = sentinel();
    /** A thread's value until its first sampled access gives it a buffer or {@link #NONE}. */
    private static final EventBuffer UNASSIGNED = sentinel();
    private static final ThreadLocal<EventBuffer> CURRENT = new ThreadLocal<>() {
        @Override
        protected EventBuffer initialValue() {
            return UNASSIGNED;
        }
    };
    private static final AtomicInteger IN_USE = new AtomicInteger();
    private static final AtomicInteger NEXT_INDEX = new AtomicInteger();
    private static final AtomicLong REFUSED_THREADS = new AtomicLong();
    /** Written by the agent's thread only. */
    private static volatile long retiredDropped;
    private static final int IDLE = 0;
    private static final int RECORDING = 1;
    private static final int RELEASED = 2;
    /** The state of {@link #NONE}, {@link #REFUSED} and {@link #UNASSIGNED}, which no thread records into. */
    private static final int SENTINEL = 3;
    /**
     * Compare-and-set on {@link #state} through Unsafe, an intrinsic: a VarHandle's call site links on first use by
     * running JDK code, which may reach the instrumented atomics and so this probe again, and the atomic field
     * updaters carry probes themselves.
     */
    private static final Unsafe U = Unsafe.getUnsafe();
    private static final long STATE = U.objectFieldOffset(EventBuffer.class, "state");

    /**
     * The owner, its name and id when it got the buffer, and its index in the trace: set before the buffer is
     * published in {@link #ALL}. Reports show that name: a thread renamed later keeps it.
     */
    private WeakReference<Thread> thread;
    private String threadName;
    private long threadId;
    private int index;
    private final int mask;
    final Object[] holder = new Object[1];
    /** The ring, {@code null} once {@link #releaseAll released}. */
    private long[] time;
    private long[] address;
    private int[] offset;
    private int[] meta;
    private int[] site;
    private int[] epoch;
    /** The {@link CallerFrames} id of the frame that called a JDK site, or -1. */
    private int[] caller;
    private Object[] type;
    private volatile long head;
    private volatile long tail;
    private long dropped;
    /** Samples of JDK code: one in {@link CallerFrames#EVERY} looks up its caller. */
    private int jdkSamples;
    /** {@link #IDLE}, {@link #RECORDING} while the owner is inside a probe, or {@link #RELEASED} for good. */
    private volatile int state;

    private EventBuffer(Thread owner, int index, int capacity) {
        own(owner, index);
        this.mask = capacity - 1;
        time = new long[capacity];
        address = new long[capacity];
        offset = new int[capacity];
        meta = new int[capacity];
        site = new int[capacity];
        epoch = new int[capacity];
        caller = new int[capacity];
        type = new Object[capacity];
    }

    private static EventBuffer sentinel() {
        EventBuffer b = new EventBuffer(null, -1, 1);
        b.state = SENTINEL;
        return b;
    }

    private void own(Thread owner, int threadIndex) {
        thread = new WeakReference<>(owner);
        threadName = owner == null ? "" : owner.getName();
        threadId = owner == null ? -1 : owner.getId(); // threadId(): 19+
        index = threadIndex;
    }

    /**
     * A buffer for {@code t}, {@link #REFUSED} if {@link #MAX_BUFFERS} are in use, or {@link #NONE} if ignored.
     *
     * @param index {@code t}'s index in the trace from a ring taken back when a window closed, or -1 for a new one
     */
    private static EventBuffer create(Thread t, boolean askedBefore, int index) {
        if (OwnThreads.contains(t)) { // jremix's own threads are never traced
            return NONE;
        }
        if (IN_USE.incrementAndGet() > MAX_BUFFERS) {
            return refuse(askedBefore);
        }
        try {
            int threadIndex = index >= 0 ? index : NEXT_INDEX.getAndIncrement();
            EventBuffer b = FREE.poll();
            if (b == null) {
                b = new EventBuffer(t, threadIndex, CAPACITY);
            } else {
                b.own(t, threadIndex);
            }
            ALL.add(b);
            return b;
        } catch (OutOfMemoryError e) { // the program's heap is full: its thread goes untraced, not down
            return refuse(askedBefore);
        }
    }

    /** Gives back the place {@link #create} took, and counts the thread once. */
    private static EventBuffer refuse(boolean askedBefore) {
        IN_USE.decrementAndGet();
        if (!askedBefore) {
            REFUSED_THREADS.incrementAndGet();
        }
        return REFUSED;
    }

    /**
     * The calling thread's buffer, marked recording; {@code null} if it is not traced, already inside a probe, or
     * its ring is being taken back.
     */
    static EventBuffer enter() {
        EventBuffer b = CURRENT.get();
        return b.claim() ? b : enterSlowly(b);
    }

    /** Marks this ring recording if it is idle; never a sentinel's, whose state is never idle. */
    private boolean claim() {
        return state == IDLE && U.compareAndSetInt(this, STATE, IDLE, RECORDING);
    }

    /**
     * {@link #enter} for a thread without a ring of its own, or inside a probe already. Out of line, so that C2,
     * which inlines {@code enter} into the program's instrumented methods, keeps one call here instead of a branch
     * per case, of which those it never saw taken would send the program's method back to the interpreter: a
     * program that outgrows {@link #MAX_BUFFERS} threads did that as its first thread was refused a ring, and with
     * hundreds of threads holding both cores, C2 took 19 s to compile the method again (ManyThreads, JDK 17).
     */
    @DontInline
    private static EventBuffer enterSlowly(EventBuffer b) {
        if (b != UNASSIGNED && b != REFUSED && b.state != RELEASED) {
            return null; // ignored, or already recording
        }
        boolean askedBefore = b == REFUSED;
        // a thread whose ring a closed window took back keeps its index: one thread, one index, every window
        int index = b.state == RELEASED ? b.index : -1;
        CURRENT.set(NONE); // the atomics below carry probes: those reached from here on record nothing
        b = askedBefore && IN_USE.get() >= MAX_BUFFERS ? REFUSED : create(Thread.currentThread(), askedBefore, index);
        CURRENT.set(b);
        return b.claim() ? b : null;
    }

    void exit() {
        state = IDLE;
    }

    /**
     * Gives the calling thread a ring of its own that is in no list, so no window ever drains it: what the thread
     * records until {@link #forgetUnlisted} goes nowhere ({@link RecorderWarmUp}).
     */
    static EventBuffer unlisted(int capacity) {
        EventBuffer b = new EventBuffer(Thread.currentThread(), -1, capacity);
        CURRENT.set(b);
        return b;
    }

    /** Takes the calling thread's {@link #unlisted} ring away: it is traced, or ignored, as before. */
    static void forgetUnlisted() {
        CURRENT.remove();
    }

    /** Whether this sample of JDK code is the one in {@link CallerFrames#EVERY} that looks up its caller. */
    boolean callerDue() {
        return (jdkSamples++ & (CallerFrames.EVERY - 1)) == 0;
    }

    void append(long t, long addr, int off, int m, Object ty, int s, int e, int c) {
        long h = head;
        if (h - tail > mask) {
            dropped++;
            return;
        }
        int i = (int) (h & mask);
        time[i] = t;
        address[i] = addr;
        offset[i] = off;
        meta[i] = m;
        type[i] = ty;
        site[i] = s;
        epoch[i] = e;
        caller[i] = c;
        head = h + 1;
    }

    /** Hands every event appended so far to {@code sink} and frees their slots. Only the agent calls this. */
    public int drain(EventSink sink) {
        long t = tail;
        long h = head;
        for (long k = t; k < h; k++) {
            int i = (int) (k & mask);
            sink.accept(index, time[i], address[i], offset[i], meta[i], type[i], site[i], epoch[i], caller[i]);
            type[i] = null;
        }
        tail = h;
        return (int) (h - t);
    }

    /** Snapshot of the buffers of traced threads. */
    public static List<EventBuffer> all() {
        return List.copyOf(ALL);
    }

    /** Frees the buffers whose thread has ended for other threads; call after a final drain of them. */
    public static void retireDead() {
        List<EventBuffer> retired = new ArrayList<>();
        ALL.removeIf(b -> {
            Thread t = b.thread.get();
            boolean retire = (t == null || !t.isAlive()) && b.head == b.tail;
            if (retire) {
                retired.add(b);
            }
            return retire;
        });
        for (EventBuffer b : retired) { // given out again only once it has left ALL
            retiredDropped += b.dropped;
            b.dropped = 0;
            b.own(null, -1);
            if (FREE.size() < MAX_SPARE) {
                FREE.add(b);
            }
            IN_USE.decrementAndGet();
        }
    }

    /**
     * Takes back the rings of every thread, live or ended, and the spare ones: call once the probe gate is shut and
     * the buffers drained (a window closed). Events appended since that drain are discarded: they belong to no
     * window. A thread gets a new ring at its next sampled access, under its old index. Only the agent calls this.
     *
     * @return whether every ring was taken back; a thread inside a probe keeps its own until the next call
     */
    public static boolean releaseAll() {
        boolean all = true;
        for (EventBuffer b : ALL) {
            if (U.compareAndSetInt(b, STATE, IDLE, RELEASED)) {
                ALL.remove(b);
                retiredDropped += b.dropped;
                b.freeRing();
                IN_USE.decrementAndGet();
            } else {
                all = false;
            }
        }
        FREE.clear();
        return all;
    }

    private void freeRing() {
        time = null;
        address = null;
        offset = null;
        meta = null;
        site = null;
        epoch = null;
        caller = null;
        type = null;
    }

    /** Events lost because a ring was full, over all threads so far. */
    public static long totalDropped() {
        long n = retiredDropped;
        for (EventBuffer b : ALL) {
            n += b.dropped;
        }
        return n;
    }

    /** Buffers of ended threads waiting for a new owner. */
    static int spareBuffers() {
        return FREE.size();
    }

    /** Threads refused a buffer, at least once, because {@link #MAX_BUFFERS} were in use. */
    public static long refusedThreads() {
        return REFUSED_THREADS.get();
    }

    public int threadIndex() {
        return index;
    }

    /** The thread that records into this buffer, {@code null} once it is gone. */
    public Thread thread() {
        return thread.get();
    }

    /** The owner's name when it got this buffer. */
    public String threadName() {
        return threadName;
    }

    /** The owner's {@link Thread#getId() id}, -1 for none. */
    public long threadId() {
        return threadId;
    }

    /** Receives drained events; see {@link EventMeta} for {@code meta}. */
    @FunctionalInterface
    public interface EventSink {
        /** @param caller for a site in JDK code, the {@link CallerFrames} id of the frame that called it, or -1 */
        void accept(int thread, long time, long address, int offset, int meta, Object type, int site, int epoch,
                    int caller);
    }
}
