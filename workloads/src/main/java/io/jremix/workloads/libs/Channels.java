package io.jremix.workloads.libs;

import java.util.Queue;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.TimeoutException;
import com.lmax.disruptor.YieldingWaitStrategy;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.SpscArrayQueue;

/** The libraries' queues as {@link Handoff.Channel}s. Values sent are {@code i & 127}, boxed from Long's cache. */
final class Channels {
    private static final int CAPACITY = 1024;

    private Channels() {
    }

    static Handoff.Channel of(String name) {
        return switch (name) {
            case "disruptor" -> new Disruptor();
            case "jctools-spsc" -> new OfQueue(new SpscArrayQueue<>(CAPACITY));
            case "jctools-mpsc" -> new OfQueue(new MpscArrayQueue<>(CAPACITY));
            case "agrona-mpsc" -> new OfQueue(new ManyToOneConcurrentArrayQueue<>(CAPACITY));
            default -> throw new IllegalArgumentException("unknown library queue: " + name);
        };
    }

    /** What the consumer must receive when {@code count} values were sent. */
    static long sumSent(long count) {
        return (count / 128) * (127 * 128 / 2) + (count % 128) * (count % 128 - 1) / 2;
    }

    private record OfQueue(Queue<Long> queue) implements Handoff.Channel {
        @Override
        public void send(long value) {
            Long boxed = value & 127;
            while (!queue.offer(boxed)) {
                Thread.onSpinWait();
            }
        }

        @Override
        public long receive() {
            Long value;
            while ((value = queue.poll()) == null) {
                Thread.onSpinWait();
            }
            return value;
        }
    }

    /**
     * A single-producer ring buffer with one consumer that tracks its own {@link Sequence} and asks the barrier for
     * more only when it has consumed all it saw available, as the Disruptor's batch event processor does.
     */
    private static final class Disruptor implements Handoff.Channel {
        private final RingBuffer<long[]> ring = RingBuffer.createSingleProducer(() -> new long[1], CAPACITY,
                new YieldingWaitStrategy());
        private final SequenceBarrier barrier = ring.newBarrier();
        private final Sequence consumed = new Sequence();
        private long available = -1;

        Disruptor() {
            ring.addGatingSequences(consumed);
        }

        @Override
        public void send(long value) {
            long slot = ring.next();
            ring.get(slot)[0] = value & 127;
            ring.publish(slot);
        }

        @Override
        public long receive() {
            long next = consumed.get() + 1;
            if (next > available) {
                try {
                    available = barrier.waitFor(next);
                } catch (AlertException | InterruptedException | TimeoutException e) {
                    throw new IllegalStateException("the ring buffer's barrier was alerted", e);
                }
            }
            long value = ring.get(next)[0];
            consumed.set(next);
            return value;
        }
    }
}
