package io.jremix.bench.corpus.drivers;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Queue;
import java.util.function.Consumer;
import java.util.function.Supplier;

import com.github.benmanes.caffeine.SingleConsumerQueue;
import io.netty.util.internal.PlatformDependent;
import org.eclipse.jetty.util.BlockingArrayQueue;
import rx.internal.util.MpscPaddedQueue;

/**
 * One producer thread hands items to one consumer thread through a library's unbounded queue, the shape of four
 * corpus bugs: the producer's tail and the consumer's head sat on one line until the fix padded them apart. Values are {@code i & 127} (boxed from Long's cache, so the only allocation is the queue's node), the
 * producer stays at most {@value Backlog#LIMIT} items ahead, and a negative value ends the run.
 *
 * <p>Usage: {@code LibraryQueueHandoff <netty-mpsc|caffeine-scq|rxjava-mpsc|jetty-baq> <items> [<cap seconds>]}.
 */
public final class LibraryQueueHandoff {
    private static final Long END = -1L;

    /** The two operations the driver needs, whatever the queue's own interface. */
    private record Channel(Consumer<Long> offer, Supplier<Long> poll) {
    }

    private LibraryQueueHandoff() {
    }

    public static void main(String[] args) throws Throwable {
        Bounds bounds = Bounds.read("LibraryQueueHandoff", "<netty-mpsc|caffeine-scq|rxjava-mpsc|jetty-baq>", args);
        Channel channel = channel(bounds.variant());
        Backlog backlog = new Backlog();
        long[] sent = new long[2];
        // each thread takes its operation into a local, as code using a queue holds the queue: a receiver read from
        // a field in the loop would have its class word read there too, beside whatever the queue allocated next
        Thread producer = new Thread(() -> {
            Consumer<Long> offer = channel.offer;
            long items = 0;
            long sum = 0;
            while (items < bounds.items && !bounds.overCap()) {
                backlog.awaitRoom(items);
                Long value = items & 127;
                offer.accept(value);
                sum += value;
                items++;
            }
            offer.accept(END);
            sent[0] = items;
            sent[1] = sum;
        }, "producer");
        long[] received = new long[1];
        Thread consumer = new Thread(() -> {
            Supplier<Long> poll = channel.poll;
            long items = 0;
            long sum = 0;
            for (Long value; ; ) {
                while ((value = poll.get()) == null) {
                    Thread.onSpinWait();
                }
                if (value < 0) {
                    break;
                }
                sum += value;
                backlog.received(++items);
            }
            received[0] = sum;
        }, "consumer");
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        bounds.end(sent[0], bounds.items, sent[1], received[0]);
    }

    private static Channel channel(String variant) throws Throwable {
        return switch (variant) {
            case "netty-mpsc" -> ofQueue(PlatformDependent.newMpscQueue());
            case "caffeine-scq" -> ofQueue(singleConsumerQueue());
            case "rxjava-mpsc" -> {
                MpscPaddedQueue<Long> queue = new MpscPaddedQueue<>();
                yield new Channel(queue::offer, queue::poll);
            }
            case "jetty-baq" -> ofQueue(new BlockingArrayQueue<>()); // grows as the backlog needs
            default -> throw new IllegalArgumentException("unknown queue: " + variant);
        };
    }

    /**
     * Caffeine's queue: 1.0.1 has a public constructor, 1.1.0 only the factories {@code optimistic()} and
     * {@code linearizable()}, which differ in whether a producer whose item another producer added waits for it;
     * with one producer no item is handed to another, so either serves.
     */
    @SuppressWarnings("unchecked")
    private static Queue<Long> singleConsumerQueue() throws Throwable {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        try {
            return (Queue<Long>) lookup.findStatic(SingleConsumerQueue.class, "optimistic",
                    MethodType.methodType(SingleConsumerQueue.class)).invoke();
        } catch (NoSuchMethodException e) {
            return (Queue<Long>) lookup.findConstructor(SingleConsumerQueue.class, MethodType.methodType(void.class))
                    .invoke();
        }
    }

    private static Channel ofQueue(Queue<Long> queue) {
        return new Channel(queue::offer, queue::poll);
    }
}
