package io.jremix.bench.scheduler;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import io.jremix.scheduler.OrderedScheduler;

/**
 * One operation: take a ticket, do the work, emit the result in ticket order, with the JMH threads as the workers.
 * Each emitter writes to an {@link OrderedSink}, which is checked at the end of each trial.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class OrderedEmitBenchmark {
    static final int CAPACITY = 1024;

    /** The ordered scheduler: the worker completing the oldest ticket emits. */
    @State(Scope.Benchmark)
    public static class Scheduled {
        final OrderedSink sink = new OrderedSink();
        final OrderedScheduler scheduler = new OrderedScheduler(CAPACITY);

        /** The next ticket is the number issued, all of which the sink must have seen (-1, a full ring, fails). */
        @TearDown(Level.Trial)
        public void verify() {
            sink.verify("ordered scheduler", scheduler.tryAcquire());
        }
    }

    /** One lock around a map of early results. */
    @State(Scope.Benchmark)
    public static class Locked {
        final OrderedSink sink = new OrderedSink();
        final SynchronizedOrderedWriter writer = new SynchronizedOrderedWriter(sink);

        @TearDown(Level.Trial)
        public void verify() {
            sink.verify("synchronized writer", writer.issued());
        }
    }

    /** One consumer thread reading a ring. */
    @State(Scope.Benchmark)
    public static class Consumed {
        final OrderedSink sink = new OrderedSink();
        ConsumerThreadWriter writer;

        @Setup(Level.Trial)
        public void start() {
            writer = new ConsumerThreadWriter(CAPACITY, sink);
        }

        @TearDown(Level.Trial)
        public void verify() throws InterruptedException {
            long claimed = writer.close();
            sink.verify("consumer thread", claimed);
        }
    }

    @Benchmark
    public void orderedScheduler(Scheduled s, Work work) throws InterruptedException {
        long ticket = s.scheduler.acquire();
        long value = work.compute(ticket);
        s.scheduler.run(ticket, () -> s.sink.accept(ticket, value));
    }

    @Benchmark
    public void synchronizedWriter(Locked s, Work work) {
        long ticket = s.writer.acquire();
        s.writer.complete(ticket, work.compute(ticket));
    }

    @Benchmark
    public void consumerThread(Consumed s, Work work) {
        long ticket = s.writer.acquire();
        s.writer.publish(ticket, work.compute(ticket));
    }
}
