package io.jremix.core.cache;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays a time-ordered trace of accesses through a MESI-like model of one cache line per address range,
 * and reports every access that finds the line modified by another thread.
 *
 * <p>Each line remembers its owner (the thread holding it modified, if any) and which bytes and data the owner
 * wrote since it took ownership. An access by another thread to an owned line
 * is a coherence miss: <em>true</em> sharing when it overlaps the owner's written bytes, <em>false</em> sharing
 * when it does not. Reads then leave the line shared; writes move ownership.
 *
 * <p>Addresses are only comparable within a GC epoch, so a newer epoch forgets every line and an access from an
 * older epoch is ignored. Traces of different detection windows are not compared either ({@link #startAfresh}). The
 * number of tracked lines is bounded; past the bound the model starts afresh.
 */
public final class CacheLineSimulator {
    private static final int MAX_OWNER_DATA = 8;

    private final int lineSize;
    private final int lineShift;
    private final int maxLines;
    private final Map<AddressKey, Line> lines = new HashMap<>();
    /** Looks lines up without boxing: a key is allocated only for a line not tracked yet. */
    private final AddressKey probe = new AddressKey();
    private int epoch = Integer.MIN_VALUE;
    /** Accesses recorded before this {@link System#nanoTime} are ignored, once {@link #startAfresh} was called. */
    private long since;
    private boolean afresh;
    private long accesses;
    private long staleAccesses;
    private long resets;

    /**
     * @param lineSize cache-line size in bytes: a power of two from 8 to 512
     * @param maxLines lines tracked at most before the model is reset
     */
    public CacheLineSimulator(int lineSize, int maxLines) {
        if (lineSize < 8 || lineSize > 512 || Integer.bitCount(lineSize) != 1) {
            throw new IllegalArgumentException("line size must be a power of two from 8 to 512: " + lineSize);
        }
        if (maxLines < 1) {
            throw new IllegalArgumentException("maxLines must be positive: " + maxLines);
        }
        this.lineSize = lineSize;
        this.lineShift = Integer.numberOfTrailingZeros(lineSize);
        this.maxLines = maxLines;
    }

    public int lineSize() {
        return lineSize;
    }

    /**
     * Applies one access; accesses must come in time order within an epoch.
     *
     * @return the coherence miss it caused, or {@code null}
     */
    public CoherenceMiss access(Access a) {
        if (afresh && a.time() - since < 0) {
            staleAccesses++;
            return null;
        }
        if (a.epoch() != epoch) {
            if (a.epoch() < epoch) {
                staleAccesses++;
                return null;
            }
            epoch = a.epoch();
            lines.clear();
        }
        accesses++;
        long lineNo = a.address() >>> lineShift;
        Line line = lines.get(probe.at(epoch, lineNo));
        if (line == null) {
            if (lines.size() >= maxLines) {
                lines.clear();
                resets++;
            }
            line = new Line(lineSize);
            lines.put(new AddressKey().at(epoch, lineNo), line);
        }
        int first = (int) (a.address() & (lineSize - 1));
        int last = Math.min(lineSize, first + Math.max(1, a.datum().size())) - 1;
        return line.apply(a, first, last);
    }

    /**
     * Forgets every line and ignores accesses recorded before {@code sinceNanos}: a new detection window's trace is
     * not compared with an earlier one's. A thread gets a new index in each window it is traced in (its buffer went
     * back when the last one closed), so a line it wrote then would look owned by another thread now: its own next
     * access would count as a miss.
     */
    public void startAfresh(long sinceNanos) {
        lines.clear();
        since = sinceNanos;
        afresh = true;
    }

    /** Accesses applied since creation. */
    public long accesses() {
        return accesses;
    }

    /** Accesses dropped because they belonged to an epoch or a window already closed. */
    public long staleAccesses() {
        return staleAccesses;
    }

    /** How often the line table overflowed and was cleared. */
    public long resets() {
        return resets;
    }

    /** Lines currently tracked. */
    public int trackedLines() {
        return lines.size();
    }

    /** One simulated cache line: who holds it modified, and what that owner wrote on it. */
    private static final class Line {
        private int owner = -1;
        private int misses;
        private final long[] written;
        private final List<Datum> ownerData = new ArrayList<>(2);

        Line(int lineSize) {
            written = new long[(lineSize + 63) >>> 6];
        }

        CoherenceMiss apply(Access a, int first, int last) {
            int t = a.thread();
            CoherenceMiss miss = null;
            if (owner != -1 && owner != t) {
                SharingKind kind = overlapsWritten(first, last) ? SharingKind.TRUE_SHARING : SharingKind.FALSE_SHARING;
                miss = new CoherenceMiss(kind, a, owner, List.copyOf(ownerData), ++misses);
                if (!a.write()) {
                    owner = -1; // the read leaves the line shared: the next access by the old owner hits
                }
            }
            if (a.write()) {
                if (owner != t) {
                    owner = t;
                    Arrays.fill(written, 0L);
                    ownerData.clear();
                }
                markWritten(first, last);
                if (ownerData.size() < MAX_OWNER_DATA && !ownerData.contains(a.datum())) {
                    ownerData.add(a.datum());
                }
            }
            return miss;
        }

        private void markWritten(int first, int last) {
            for (int b = first; b <= last; b++) {
                written[b >>> 6] |= 1L << (b & 63);
            }
        }

        private boolean overlapsWritten(int first, int last) {
            for (int b = first; b <= last; b++) {
                if ((written[b >>> 6] & (1L << (b & 63))) != 0) {
                    return true;
                }
            }
            return false;
        }
    }
}
