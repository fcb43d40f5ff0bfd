package io.jremix.bench;

/**
 * How a benchmark measured in {@link Rounds} runs: {@code runs} JVMs per variant, {@code rounds} rounds in each, the
 * first {@code warmup} of them dropped.
 */
public record RoundsPlan(int runs, int rounds, int warmup) {
    /** The plan that {@code --runs}, {@code --rounds} and {@code --warmup} give, with these defaults. */
    public static RoundsPlan read(BenchOptions o, int runs, int rounds, int warmup) {
        RoundsPlan plan = new RoundsPlan(o.count("--runs", runs, 1), o.count("--rounds", rounds, 1),
                o.count("--warmup", warmup, 0));
        if (plan.warmup >= plan.rounds) {
            throw o.refuse("--warmup must be less than --rounds");
        }
        return plan;
    }
}
