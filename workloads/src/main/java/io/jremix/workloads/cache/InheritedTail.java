package io.jremix.workloads.cache;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Linked single-producer single-consumer queues shaped like two historical bugs: Netty 4.0.20's
 * {@code MpscLinkedQueue} and RxJava 0.19.1's {@code MpscPaddedQueue} extend {@link AtomicReference}, whose inherited
 * {@code value} is the tail the producer swaps, and keep the consumer's end in a field of their own beside it. Here
 * the consumer writes its own {@code head} (in those queues it reads a reference there and writes further on).
 * Message {@code m} goes through queue {@code m % QUEUES}, so both threads visit the queues in turn. Expected finding:
 * <b>false sharing</b> on {@code io.jremix.workloads.cache.InheritedTail$Queue}, fields
 * {@code AtomicReference.value} and {@code head} (plus true sharing on the nodes handed over). The repair pads
 * {@code Queue}, never {@code AtomicReference}.
 *
 * <p>Sharing by construction: in one queue {@code value} (offset 12) and {@code head} (16) are split by a line
 * boundary in 1 placement of 8. The {@value #QUEUES} queues are allocated back to back
 * ({@link Workload#consecutive}), 24 bytes apart with compressed oops, so a boundary that splits one cannot split its
 * neighbours. They stay reachable to the end, so a run's report counts {@value #QUEUES} live instances.
 *
 * <p>Args: {@code [messages=DEFAULT_MESSAGES]}; always two threads (producer, consumer). Prints
 * {@code InheritedTail Time <nanos>ns result=<sum of consumed values>} (message {@code m} carries {@code m + 1}).
 */
public final class InheritedTail {
    public static final long DEFAULT_MESSAGES = 4_000_000L;
    public static final int QUEUES = Workload.SLOTS;

    /** Kept to the end of the run. */
    static Queue[] queues;

    /** A node of the queue: the next node, which the producer links, and the message. */
    static final class Node {
        volatile Node next;
        final long value;

        Node(long value) {
            this.value = value;
        }
    }

    /** The tail is the inherited value; the consumer's end is a field of the queue's own. */
    public static final class Queue extends AtomicReference<Node> {
        /** The last node taken: a stub at first. */
        volatile Node head;

        Queue(Node stub) {
            super(stub);
            head = stub;
        }

        void offer(Node n) {
            getAndSet(n).next = n;
        }

        /** The next node, or {@code null} if the queue is empty. */
        Node poll() {
            Node next = head.next;
            if (next != null) {
                head = next;
            }
            return next;
        }
    }

    private InheritedTail() {
    }

    /** Each thread goes through a copy of its own: the array the queues were allocated after shares their line. */
    private static void produce(Queue[] mine, long messages) {
        for (long m = 0; m < messages; m++) {
            mine[(int) m & (QUEUES - 1)].offer(new Node(m + 1));
        }
    }

    private static long consume(Queue[] mine, long messages) {
        long sum = 0;
        for (long m = 0; m < messages; m++) {
            Queue q = mine[(int) m & (QUEUES - 1)];
            Node n;
            while ((n = q.poll()) == null) {
                Thread.onSpinWait();
            }
            sum += n.value;
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "InheritedTail [messages]", 1);
        long messages = a.longArg(0, "messages", DEFAULT_MESSAGES, 1);
        Node[] stubs = Workload.consecutive(new Node[QUEUES], i -> new Node(0));
        queues = Workload.consecutive(new Queue[QUEUES], i -> new Queue(stubs[i]));
        long[] sum = new long[1];
        long nanos = Workload.runThreads(2, t -> {
            if (t == 0) {
                produce(queues.clone(), messages);
            } else {
                sum[0] = consume(queues.clone(), messages);
            }
        });
        Workload.checkEquals("sum of consumed values", Workload.triangular(messages), sum[0]);
        Workload.report(InheritedTail.class, nanos, sum[0]);
    }
}
