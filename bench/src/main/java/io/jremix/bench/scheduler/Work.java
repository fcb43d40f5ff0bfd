package io.jremix.bench.scheduler;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/** The parallel part of a task: burns {@link #tokens} of CPU (JMH's unit, a few ns each), then returns a result. */
@State(Scope.Benchmark)
public class Work {
    /** 0 measures ordering alone; larger values give the threads something to do in parallel. */
    @Param({"0", "1000"})
    public int tokens;

    long compute(long ticket) {
        Blackhole.consumeCPU(tokens);
        return result(ticket);
    }

    static long result(long ticket) {
        return ticket * 31 + 7;
    }
}
