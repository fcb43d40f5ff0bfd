package io.jremix.workloads.libs;

import java.util.Locale;

/**
 * One producer thread hands {@code count} values to one consumer thread through a real library's queue or ring
 * buffer: run on the published jar (hand-padded) or on the jar {@link PadStripper} made (unpadded), the same code
 * shows what the library's padding is for.
 *
 * <p>Usage: {@code Handoff <disruptor|jctools-spsc|jctools-mpsc|agrona-mpsc> <count>}; prints the time and the
 * sum the consumer received, and exits 1 if it is not the sum sent.
 */
public final class Handoff {
    /** A bounded queue between one producer and one consumer; both spin while it is full or empty. */
    interface Channel {
        void send(long value);

        long receive();
    }

    private Handoff() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: Handoff <disruptor|jctools-spsc|jctools-mpsc|agrona-mpsc> <count>");
            System.exit(2);
        }
        long count = Long.parseLong(args[1]);
        Channel channel = Channels.of(args[0]);
        long[] received = new long[1];
        long start = System.nanoTime();
        Thread producer = new Thread(() -> {
            for (long i = 0; i < count; i++) {
                channel.send(i);
            }
        }, "producer");
        Thread consumer = new Thread(() -> {
            long sum = 0;
            for (long i = 0; i < count; i++) {
                sum += channel.receive();
            }
            received[0] = sum;
        }, "consumer");
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        long sent = Channels.sumSent(count);
        System.out.printf(Locale.ROOT, "Handoff %s Time %dns result=%d%n", args[0], System.nanoTime() - start, received[0]);
        if (received[0] != sent) {
            System.err.println("Handoff: received " + received[0] + ", sent " + sent);
            System.exit(1);
        }
    }
}
