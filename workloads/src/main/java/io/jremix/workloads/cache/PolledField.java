package io.jremix.workloads.cache;

/**
 * A field one thread writes beside a field another thread only reads: the producer stores {@code produced} of a
 * {@link Channel} in a tight loop while the consumer polls its {@code capacity}, set once by the constructor, as a
 * queue's consumer reads its own field beside the tail a producer writes (Netty 4.0.20's {@code MpscLinkedQueue},
 * RxJava 0.19.1's {@code MpscPaddedQueue}). Each poll after a store finds the line modified by the producer, though
 * the consumer never reads what the producer writes. {@code capacity} is volatile so that the poll reads it at every
 * step, as a compiled loop would not read a plain field it could keep in a register. Expected finding: <b>false
 * sharing</b>, observed or latent (threads that take turns on a loaded machine miss seldom, and the prediction names
 * it all the same), on {@code io.jremix.workloads.cache.PolledField$Channel}, naming {@code produced}, written, and
 * {@code capacity}, only read.
 *
 * <p>Args: {@code [stores=DEFAULT_STORES]} (the producer's; the consumer polls until the producer is done). Prints
 * {@code PolledField Time <nanos>ns result=<the last value stored>}.
 */
public final class PolledField {
    public static final long DEFAULT_STORES = 100_000_000L;
    /** What the consumer reads at every poll. */
    static final int CAPACITY = 1024;

    public static final class Channel {
        volatile int capacity;
        volatile long produced;

        Channel(int capacity) {
            this.capacity = capacity;
        }
    }

    /** Set once the producer is done; a static, so on another line than the channel's fields. */
    private static volatile boolean done;

    private PolledField() {
    }

    private static void produce(Channel c, long stores) {
        for (long i = 1; i <= stores; i++) {
            c.produced = i;
        }
        done = true;
    }

    /** Polls the capacity until the producer is done, checking each read: how many polls. */
    private static long consume(Channel c) {
        long polls = 0;
        while (!done) {
            Workload.check(c.capacity == CAPACITY, "capacity polled", CAPACITY, c.capacity);
            polls++;
        }
        return polls;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "PolledField [stores]", 1);
        long stores = a.longArg(0, "stores", DEFAULT_STORES, 1);
        Channel channel = new Channel(CAPACITY);
        long[] polls = new long[1];
        long nanos = Workload.runThreads(2, t -> {
            if (t == 0) {
                produce(channel, stores);
            } else {
                polls[0] = consume(channel);
            }
        });
        Workload.checkEquals("last value stored", stores, channel.produced);
        Workload.report(PolledField.class, nanos, channel.produced);
    }
}
