package io.jremix.core.cache;

import java.util.ArrayList;
import java.util.List;

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
    }
}
