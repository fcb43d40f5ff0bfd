package io.jremix.core.cache;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AccessBatchTest {
    private static final Datum VALUE = Datum.field("C", "value", 12, 8);

    @Test
    void replaysByEpochThenTime() {
        AccessBatch batch = new AccessBatch();
        batch.add(30, 0, 1, 0x100, true, VALUE, 1);
        batch.add(10, 1, 2, 0x200, false, VALUE, 2);
        batch.add(20, 2, 1, 0x300, true, VALUE, 3);
        batch.sort();

        List<String> order = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            order.add(batch.get(i).epoch() + "@" + batch.get(i).time());
        }
        assertEquals(List.of("1@20", "1@30", "2@10"), order);
        assertThrows(IndexOutOfBoundsException.class, () -> batch.get(3));
    }

    @Test
    void theNextCollectionRefillsTheSameAccesses() {
        AccessBatch batch = new AccessBatch();
        Access first = batch.add(1, 0, 0, 0x100, true, VALUE, 7);
        batch.clear();
        Access again = batch.add(2, 1, 3, 0x140, false, VALUE, 8);

        assertSame(first, again, "no allocation per sampled access");
        assertEquals(1, batch.size());
        assertEquals(2, again.time());
        assertEquals(1, again.thread());
        assertEquals(3, again.epoch());
        assertEquals(0x140, again.address());
        assertEquals(false, again.write());
        assertEquals(8, again.site());
    }

    @Test
    void aLargeBatchKeepsOnlyABoundedNumberOfAccesses() {
        AccessBatch batch = new AccessBatch();
        for (int i = 0; i <= AccessBatch.KEPT; i++) {
            batch.add(i, 0, 0, 8L * i, true, VALUE, -1);
        }
        Access kept = batch.get(AccessBatch.KEPT - 1);
        Access last = batch.get(AccessBatch.KEPT);
        batch.clear();
        for (int i = 0; i <= AccessBatch.KEPT; i++) {
            batch.add(i, 0, 0, 8L * i, true, VALUE, -1);
        }

        assertSame(kept, batch.get(AccessBatch.KEPT - 1));
        assertNotSame(last, batch.get(AccessBatch.KEPT), "past the bound, accesses are not kept");
        batch.sort();
        batch.clear();
        assertEquals(AccessBatch.KEPT, batch.scratch().length, "nor is the sort's array past it");
    }

    @Test
    void sortsLikeAStableListSort() {
        SplittableRandom random = new SplittableRandom(7);
        AccessBatch batch = new AccessBatch();
        int[] sizes = {0, 1, 2, 3, 17, 1000, 4097, AccessBatch.KEPT + 3, 5, AccessBatch.KEPT * 2 + 1, 2};
        for (int size : sizes) {
            for (String shape : List.of("random", "fewKeys", "runs", "sorted", "reversed")) {
                for (int i = 0; i < size; i++) {
                    switch (shape) {
                        case "random" -> batch.add(random.nextLong(), 0, random.nextInt(2), 0, true, VALUE, i);
                        case "fewKeys" -> batch.add(random.nextInt(3), 0, random.nextInt(2), 0, true, VALUE, i);
                        // a thread's buffer after another's; equal times and a new epoch inside them
                        case "runs" -> batch.add(i % 100 + random.nextInt(2) * (i % 2), i / 100, i % 100 / 50, 0,
                                true, VALUE, i);
                        case "sorted" -> batch.add(i, 0, 0, 0, true, VALUE, i);
                        default -> batch.add(size - i, 0, 0, 0, true, VALUE, i);
                    }
                }
                assertSortedLikeAListSort(batch, shape + " of " + size);
                batch.clear();
            }
        }
    }

    /** What {@code Arrays.sort} did before: a stable sort by epoch, then time. */
    private static void assertSortedLikeAListSort(AccessBatch batch, String what) {
        List<Access> expected = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            expected.add(batch.get(i));
        }
        expected.sort(Comparator.comparingInt(Access::epoch).thenComparingLong(Access::time));
        batch.sort();
        assertEquals(expected.size(), batch.size(), what);
        for (int i = 0; i < batch.size(); i++) {
            assertSame(expected.get(i), batch.get(i), what + " at " + i);
        }
    }

    @Test
    void theNextSortMergesIntoTheSameArray() {
        AccessBatch batch = new AccessBatch();
        Access[] scratch = null;
        for (int collection = 0; collection < 2; collection++) {
            batch.clear();
            for (int i = 0; i < 3000; i++) {
                batch.add(i % 1000, i / 1000, 0, 0x100, false, VALUE, i); // three threads' runs, one after another
            }
            batch.sort();
            if (scratch != null) {
                assertSame(scratch, batch.scratch(), "no allocation per sort");
            }
            scratch = batch.scratch();
        }
        for (int i = 0; i < batch.size(); i++) {
            assertEquals(i / 3 + i % 3 * 1000, batch.get(i).site(), "by time, then by thread as drained");
        }
    }
}
