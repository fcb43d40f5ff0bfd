package io.jremix.e2e.park;

import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.park.MonitorProfiler;
import io.jremix.core.park.BlockerNames;
import io.jremix.core.park.MonitorSnapshot;
import io.jremix.core.park.ParkSnapshot;

/**
 * Runs a workload's {@code main} in this JVM under a {@link MonitorProfiler}, without the launcher, then prints one
 * line per monitor on stdout: {@code monitor} followed by tab-separated {@code key=value} fields. Args:
 * {@code [hook] <workload class> [workload args]}; with {@code hook} the profiler is closed and printed from a
 * shutdown hook, as an agent reporting at exit would, racing JFR's own hook.
 */
public final class MonitorReportMain {
    private MonitorReportMain() {
    }

    public static void main(String[] args) throws ReflectiveOperationException {
        boolean hook = args[0].equals("hook");
        List<String> rest = Arrays.asList(args).subList(hook ? 1 : 0, args.length);
        MonitorProfiler profiler = MonitorProfiler.start(new AgentLog(System.err, "jremix: ", false, false), null);
        if (profiler != null && hook) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> report(profiler)));
        }
        try {
            Class.forName(rest.get(0)).getMethod("main", String[].class)
                    .invoke(null, (Object) rest.subList(1, rest.size()).toArray(String[]::new));
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(e.getCause());
        }
        if (profiler != null && !hook) {
            report(profiler);
        }
    }

    private static void report(MonitorProfiler profiler) {
        profiler.close();
        for (MonitorSnapshot m : profiler.snapshot()) {
            ParkSnapshot e = m.enters();
            ParkSnapshot w = m.waits();
            List<String> stack = e.timesParked() > 0 ? e.stackTrace() : w.stackTrace();
            System.out.println(String.join("\t", "monitor",
                    "class=" + m.className(),
                    "address=" + m.monitorAddress(),
                    "enters=" + e.timesParked(),
                    "peakBlocked=" + e.peakParked(),
                    String.format(Locale.ROOT, "blockedThreadMs=%.3f", e.parkThreadTimeMs()),
                    String.format(Locale.ROOT, "blockedRealMs=%.3f", e.parkRealTimeMs()),
                    String.format(Locale.ROOT, "avgHoldMs=%.3f", e.avgHoldTimeMs()),
                    "waits=" + w.timesParked(),
                    String.format(Locale.ROOT, "waitThreadMs=%.3f", w.parkThreadTimeMs()),
                    "waitKind=" + m.waitKind(),
                    "clampedNanos=" + m.clampedNanos(),
                    "thread=" + (e.timesParked() > 0 ? e.threadName() : w.threadName()),
                    "top=" + (stack.isEmpty() ? "" : stack.get(0)),
                    "user=" + BlockerNames.userFrame(stack).orElse("")));
        }
    }
}
