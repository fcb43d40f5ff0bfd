package sample;

import java.util.concurrent.locks.ReentrantLock;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/** Four threads taking one lock: what -prof io.jremix.jmh.ParkContentionProfiler shows at the top of its table. */
@State(Scope.Benchmark)
public class LockBenchmark {
    private final ReentrantLock lock = new ReentrantLock();
    private long count;

    @Benchmark
    @Threads(4)
    public long increment() {
        lock.lock();
        try {
            return ++count;
        } finally {
            lock.unlock();
        }
    }
}
