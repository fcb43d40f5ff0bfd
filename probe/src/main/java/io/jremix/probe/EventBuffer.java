package io.jremix.probe;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

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
 */
public final class EventBuffer {
    /**
     * Events per thread (about 300 KB). The agent drains every 20 ms, so a thread can record 400,000 samples a
     * second, far more than a 1:1000 sampling ratio yields, before its events are dropped.
     */
    static final int CAPACITY = 8192;
    /** Threads that get a buffer; later threads are not traced, which keeps memory bounded (75 MB at most). */
    static final int MAX_BUFFERS = 256;

    private static final Queue<EventBuffer> ALL = new ConcurrentLinkedQueue<>();
    private static final EventBuffer NONE = new EventBuffer(null, -1, 1);
    /** A thread's value until its first sampled access gives it a buffer or {@link #NONE}. */
    private static final EventBuffer UNASSIGNED = new EventBuffer(null, -1, 1);
    private static final ThreadLocal<EventBuffer> CURRENT = new ThreadLocal<>() {
        @Override
        protected EventBuffer initialValue() {
            return UNASSIGNED;
        }
    };
    private static final AtomicInteger IN_USE = new AtomicInteger();
    private static final AtomicInteger NEXT_INDEX = new AtomicInteger();
    private static final AtomicLong REFUSED_THREADS = new AtomicLong();
    private static volatile List<Thread> ignored = List.of();
    /** Written by the agent's thread only. */
    private static volatile long retiredDropped;

    private final WeakReference<Thread> thread;
    private final String threadName;
    private final int index;
    private final int mask;
    final Object[] holder = new Object[1];
    private final long[] time;
    private final long[] address;
    private final int[] offset;
    private final int[] meta;
    private final int[] site;
    private final int[] epoch;
    private final Object[] type;
    private volatile long head;
    private volatile long tail;
    private long dropped;
    private boolean busy;

    private EventBuffer(Thread owner, int index, int capacity) {
        this.thread = new WeakReference<>(owner);
        this.threadName = owner == null ? "" : owner.getName();
        this.index = index;
        this.mask = capacity - 1;
        time = new long[capacity];
        address = new long[capacity];
        offset = new int[capacity];
        meta = new int[capacity];
        site = new int[capacity];
        epoch = new int[capacity];
        type = new Object[capacity];
    }

    private static EventBuffer create(Thread t) {
        if (ignored.contains(t)) {
            return NONE;
        }
        if (IN_USE.incrementAndGet() > MAX_BUFFERS) {
            IN_USE.decrementAndGet();
            REFUSED_THREADS.incrementAndGet();
            return NONE;
        }
        EventBuffer b = new EventBuffer(t, NEXT_INDEX.getAndIncrement(), CAPACITY);
        ALL.add(b);
        return b;
    }

    /** Never trace accesses made by {@code t} (the agent's own threads). */
    public static synchronized void ignore(Thread t) {
        List<Thread> l = new ArrayList<>(ignored);
        l.add(t);
        ignored = List.copyOf(l);
    }

    /** The calling thread's buffer, marked busy; {@code null} if it is not traced or already inside a probe. */
    static EventBuffer enter() {
        EventBuffer b = CURRENT.get();
        if (b == UNASSIGNED) {
            CURRENT.set(NONE); // probes reached while the buffer is made record nothing
            b = create(Thread.currentThread());
            CURRENT.set(b);
        }
        if (b == NONE || b.busy) {
            return null;
        }
        b.busy = true;
        return b;
    }

    void exit() {
        busy = false;
    }

    void append(long t, long addr, int off, int m, Object ty, int s, int e) {
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
        head = h + 1;
    }

    /** Hands every event appended so far to {@code sink} and frees their slots. Only the agent calls this. */
    public int drain(EventSink sink) {
        long t = tail;
        long h = head;
        for (long k = t; k < h; k++) {
            int i = (int) (k & mask);
            sink.accept(index, time[i], address[i], offset[i], meta[i], type[i], site[i], epoch[i]);
            type[i] = null;
        }
        tail = h;
        return (int) (h - t);
    }

    /** Snapshot of the buffers of traced threads. */
    public static List<EventBuffer> all() {
        return List.copyOf(ALL);
    }

    /** Forgets buffers whose thread has ended; call after a final drain of them. */
    public static void retireDead() {
        ALL.removeIf(b -> {
            Thread t = b.thread.get();
            boolean retire = (t == null || !t.isAlive()) && b.head == b.tail;
            if (retire) {
                retiredDropped += b.dropped;
                IN_USE.decrementAndGet();
            }
            return retire;
        });
    }

    /** Events lost because a ring was full, over all threads so far. */
    public static long totalDropped() {
        long n = retiredDropped;
        for (EventBuffer b : ALL) {
            n += b.dropped;
        }
        return n;
    }

    /** Threads refused a buffer because {@link #MAX_BUFFERS} were in use. */
    public static long refusedThreads() {
        return REFUSED_THREADS.get();
    }

    public int threadIndex() {
        return index;
    }

    public String threadName() {
        return threadName;
    }

    /** Receives drained events; see {@link EventMeta} for {@code meta}. */
    @FunctionalInterface
    public interface EventSink {
        void accept(int thread, long time, long address, int offset, int meta, Object type, int site, int epoch);
    }
}
