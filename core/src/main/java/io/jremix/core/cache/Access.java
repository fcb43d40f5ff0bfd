package io.jremix.core.cache;

/**
 * One sampled memory access. An {@link AccessBatch} refills its accesses from one collection to the next, so that the
 * collector allocates nothing per sampled access: one taken from a batch holds only until the batch is cleared, and
 * what outlives that call keeps the values, not the access.
 */
public final class Access {
    private long time;
    private int thread;
    private int epoch;
    private long address;
    private boolean write;
    private Datum datum;
    private int site;

    /**
     * @param time    {@link System#nanoTime()} when it was recorded
     * @param thread  small index of the accessing thread
     * @param epoch   GC epoch; addresses of different epochs are never compared
     * @param address absolute byte address of the datum within its epoch
     * @param write   true for stores and read-modify-writes
     * @param datum   what was accessed
     * @param site    id of the bytecode site that made the access (for the report), or -1
     */
    public Access(long time, int thread, int epoch, long address, boolean write, Datum datum, int site) {
        set(time, thread, epoch, address, write, datum, site);
    }

    Access set(long time, int thread, int epoch, long address, boolean write, Datum datum, int site) {
        this.time = time;
        this.thread = thread;
        this.epoch = epoch;
        this.address = address;
        this.write = write;
        this.datum = datum;
        this.site = site;
        return this;
    }

    public long time() {
        return time;
    }

    public int thread() {
        return thread;
    }

    public int epoch() {
        return epoch;
    }

    public long address() {
        return address;
    }

    public boolean write() {
        return write;
    }

    public Datum datum() {
        return datum;
    }

    public int site() {
        return site;
    }

    @Override
    public String toString() {
        return (write ? "write " : "read ") + datum + " by thread " + thread + " at " + time + " (epoch " + epoch
                + ", address 0x" + Long.toHexString(address) + ", site " + site + ")";
    }
}
