package io.jremix.bench.suite;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.jremix.bench.Command;
import io.jremix.bench.Stats;

/**
 * One child JVM running a suite workload through {@link SuiteMain}: the arguments that follow the launcher (and its
 * options), and the mean of the measured iterations it printed.
 */
public final class SuiteRun {
    private SuiteRun() {
    }

    /** {@code -cp classpath SuiteMain <workload> --size .. --warmup .. --iterations ..}. */
    public static List<String> arguments(String classpath, String workload, Size size, int warmup, int iterations) {
        return List.of("-cp", classpath, SuiteMain.class.getName(), workload,
                "--size", size.name().toLowerCase(Locale.ROOT),
                "--warmup", Integer.toString(warmup), "--iterations", Integer.toString(iterations));
    }

    /**
     * The mean of the {@code iterations} measured iterations in ms, or an exception with the first line the JVM
     * printed on stderr if it failed or measured fewer.
     */
    public static double meanMeasuredMs(Command.Result r, int iterations) throws IOException {
        return Stats.mean(measuredMs(r, iterations));
    }

    /** Each of the {@code iterations} measured iterations in ms, in order; an exception as for the mean. */
    public static List<Double> measuredMs(Command.Result r, int iterations) throws IOException {
        List<Double> measured = new ArrayList<>();
        for (String line : r.stdout().lines().toList()) {
            String[] p = line.split(" ");
            if (p.length == 4 && p[0].equals("iteration") && p[2].equals("measured")) {
                measured.add(Long.parseLong(p[3]) / 1e6);
            }
        }
        if (r.exit() != 0 || measured.size() != iterations) {
            String why = r.stderr().lines().filter(l -> !l.isBlank() && !l.startsWith("\tat ")).findFirst()
                    .orElse("no output");
            throw new IOException("exit " + r.exit() + ": " + why);
        }
        return measured;
    }
}
