package io.jremix.agent.jmx;

import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import javax.management.openmbean.TabularData;

import io.jremix.report.park.ParkRun;

/** The blockers of one park profiler, read when asked. */
public final class ParkContention implements ParkContentionMBean {
    private final Supplier<ParkRun> run;

    /** @param run the report's snapshot now, taken without freeing anything (a read changes nothing) */
    public ParkContention(Supplier<ParkRun> run) {
        this(run, System::nanoTime);
    }

    ParkContention(Supplier<ParkRun> run, LongSupplier nanoTime) {
        this.run = new SharedRead<>(run, nanoTime);
    }

    @Override
    public TabularData getTopBlockers() {
        ParkRun r = run.get();
        return ParkBlocker.ROWS.table(r.shown().stream().limit(JmxBeans.MAX_ROWS)
                .map(b -> ParkBlocker.of(b, r.totalExecutionNanos())).toList());
    }

    @Override
    public int getRowCount() {
        return run.get().shown().size();
    }

    @Override
    public double getSpanSeconds() {
        return run.get().totalExecutionNanos() / 1e9;
    }
}
