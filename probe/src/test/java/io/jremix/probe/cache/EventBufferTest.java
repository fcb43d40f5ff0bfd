package io.jremix.probe.cache;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-thread rings: what they hold, their limit, and buffers passed on from threads that ended. */
class EventBufferTest {
    /** Counts what a drain hands over. */
    private static final class Count implements EventBuffer.EventSink {
        final List<Integer> sites = new ArrayList<>();

        @Override
        public void accept(int thread, long time, long address, int offset, int meta, Object type, int site,
                           int epoch, int caller) {
            sites.add(site);
        }
    }

    /** Runs {@code body} on a new thread and waits for it: the thread has ended when this returns. */
    private static <T> T onNewThread(Function<Thread, T> body) throws InterruptedException {
        AtomicReference<T> result = new AtomicReference<>();
        Thread t = new Thread(() -> result.set(body.apply(Thread.currentThread())));
        t.start();
        t.join();
        return result.get();
    }

    /** Drains every buffer and retires those of ended threads, as the agent's thread does. */
    private static void collect() {
        for (EventBuffer b : EventBuffer.all()) {
            b.drain(new Count());
        }
        EventBuffer.retireDead();
    }

    @Test
    void eventsComeOutInOrderAndAFullRingDropsTheRest() throws InterruptedException {
        long droppedBefore = EventBuffer.totalDropped();
        EventBuffer b = onNewThread(t -> {
            EventBuffer own = EventBuffer.enter();
            for (int i = 0; i < EventBuffer.CAPACITY + 5; i++) {
                own.append(i, 0, 0, 0, Object.class, i, 0, -1);
            }
            own.exit();
            return own;
        });
        Count drained = new Count();
        assertEquals(EventBuffer.CAPACITY, b.drain(drained));
        assertEquals(0, drained.sites.get(0));
        assertEquals(EventBuffer.CAPACITY - 1, drained.sites.get(EventBuffer.CAPACITY - 1));
        assertEquals(5, EventBuffer.totalDropped() - droppedBefore);
        assertEquals(0, b.drain(new Count()), "a drain frees what it handed over");
    }

    @Test
    void aThreadInsideAProbeGetsNoBufferAgain() {
        EventBuffer b = EventBuffer.enter();
        try {
            assertNotNull(b);
            assertNull(EventBuffer.enter(), "a probe reached from inside a probe records nothing");
        } finally {
            b.exit();
        }
        assertNotNull(EventBuffer.enter());
        b.exit();
    }

    @Test
    void theBufferOfAnEndedThreadGoesToTheNextThreadAndCarriesNothingOver() throws InterruptedException {
        EventBuffer first = onNewThread(t -> {
            EventBuffer b = EventBuffer.enter();
            b.append(1, 2, 3, 4, Object.class, 77, 0, -1);
            b.exit();
            return b;
        });
        int firstIndex = first.threadIndex();
        collect();
        assertTrue(EventBuffer.all().stream().noneMatch(b -> b == first), "retired once its thread ended");

        String name = "second-owner";
        EventBuffer second = onNewThread(t -> {
            t.setName(name);
            EventBuffer b = EventBuffer.enter();
            b.exit();
            return b;
        });
        assertTrue(second == first || EventBuffer.all().contains(second), "a retired buffer or a new one");
        if (second == first) {
            assertEquals(name, second.threadName());
            assertTrue(second.threadIndex() > firstIndex, "a new owner is a new thread in the trace");
        }
        assertEquals(0, second.drain(new Count()), "nothing of the first owner's is left");
    }

    @Test
    void threadsBeyondTheLimitAreCountedOnceAndTracedOnceABufferIsFree() throws InterruptedException {
        int extra = 10;
        int threads = EventBuffer.MAX_BUFFERS + extra;
        long refusedBefore = EventBuffer.refusedThreads();
        CountDownLatch allAsked = new CountDownLatch(threads);
        CountDownLatch end = new CountDownLatch(1);
        List<EventBuffer> given = Collections.synchronizedList(new ArrayList<>());
        List<Thread> holders = new ArrayList<>();
        List<Thread> refused = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch refusedAskAgain = new CountDownLatch(1);
        List<EventBuffer> secondAsk = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                EventBuffer b = EventBuffer.enter();
                if (b == null) {
                    refused.add(Thread.currentThread());
                    allAsked.countDown();
                    await(refusedAskAgain);
                    EventBuffer again = EventBuffer.enter();
                    if (again != null) {
                        secondAsk.add(again);
                        again.exit();
                    }
                    return;
                }
                b.exit();
                given.add(b);
                allAsked.countDown();
                await(end);
            });
            holders.add(t);
            t.start();
        }
        allAsked.await();
        assertTrue(given.size() <= EventBuffer.MAX_BUFFERS, given.size() + " buffers at once");
        assertTrue(refused.size() >= extra, refused.size() + " threads refused");
        assertEquals(refused.size(), EventBuffer.refusedThreads() - refusedBefore, "each refused thread counted");
        Set<EventBuffer> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        distinct.addAll(given);
        assertEquals(given.size(), distinct.size(), "no two live threads share a buffer");

        end.countDown();
        for (Thread t : holders) {
            if (!refused.contains(t)) {
                t.join();
            }
        }
        collect();
        assertTrue(EventBuffer.spareBuffers() <= EventBuffer.MAX_SPARE, EventBuffer.spareBuffers() + " spare buffers"
                + " kept after " + given.size() + " threads ended");
        refusedAskAgain.countDown();
        for (Thread t : refused) {
            t.join();
        }
        assertEquals(refused.size(), secondAsk.size(), "every refused thread is traced once buffers are free");
        assertEquals(refused.size(), EventBuffer.refusedThreads() - refusedBefore, "and counted only once");
        collect();
    }

    @Test
    void closingAWindowTakesBackTheBuffersOfLiveThreads() throws InterruptedException {
        CountDownLatch traced = new CountDownLatch(1);
        CountDownLatch released = new CountDownLatch(1);
        AtomicReference<EventBuffer> first = new AtomicReference<>();
        AtomicReference<EventBuffer> next = new AtomicReference<>();
        Thread live = new Thread(() -> {
            EventBuffer b = EventBuffer.enter();
            b.append(1, 2, 3, 4, Object.class, 5, 0, -1);
            b.exit();
            first.set(b);
            traced.countDown();
            await(released);
            EventBuffer again = EventBuffer.enter(); // a sampled access in a later window
            again.append(1, 2, 3, 4, Object.class, 6, 0, -1);
            again.exit();
            next.set(again);
        });
        live.start();
        traced.await();
        assertTrue(EventBuffer.releaseAll(), "nobody is inside a probe");
        assertTrue(live.isAlive());
        assertTrue(EventBuffer.all().isEmpty(), "no buffer left, though its thread lives: " + EventBuffer.all());
        assertEquals(0, EventBuffer.spareBuffers());
        released.countDown();
        live.join();
        assertTrue(next.get() != first.get(), "a new ring for the next window");
        assertEquals(first.get().threadIndex(), next.get().threadIndex(), "the same thread, the same index");
        assertEquals(live.getId(), next.get().threadId());
        Count drained = new Count();
        next.get().drain(drained);
        assertEquals(List.of(6), drained.sites, "the new ring holds the new event only");
        collect();
    }

    @Test
    void aBufferIsNotTakenBackWhileItsThreadRecords() throws InterruptedException {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch leave = new CountDownLatch(1);
        Thread recording = new Thread(() -> {
            EventBuffer b = EventBuffer.enter();
            inside.countDown();
            await(leave);
            b.append(1, 2, 3, 4, Object.class, 7, 0, -1); // still its ring: not freed under it
            b.exit();
        });
        recording.start();
        inside.await();
        assertFalse(EventBuffer.releaseAll(), "the thread inside a probe keeps its ring");
        assertEquals(1, EventBuffer.all().size());
        leave.countDown();
        recording.join();
        assertTrue(EventBuffer.releaseAll(), "taken back once the thread left the probe");
        assertTrue(EventBuffer.all().isEmpty());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
