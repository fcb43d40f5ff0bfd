package io.jremix.workloads.vbd;

import java.util.function.Supplier;

/**
 * One litmus test, in the manner of jcstress: a batch of fresh states, each actor thread running its part on every
 * state of the batch, then the outcome of each state counted. The test fields are plain (neither volatile
 * nor final), so without {@code -XX:+VBD} the Java memory model allows the forbidden outcomes.
 *
 * @param <S> the state one trial works on
 */
abstract class LitmusCase<S> {
    private final String name;
    private final int actors;
    private final String forbidden;
    private final Supplier<S> fresh;

    /**
     * @param forbidden what sequential consistency (and so VBD) forbids, as the harness prints it
     * @param fresh     a new state, fields at their defaults
     */
    LitmusCase(String name, int actors, String forbidden, Supplier<S> fresh) {
        this.name = name;
        this.actors = actors;
        this.forbidden = forbidden;
        this.fresh = fresh;
    }

    final String name() {
        return name;
    }

    final int actors() {
        return actors;
    }

    final String forbidden() {
        return forbidden;
    }

    boolean isForbidden(String outcome) {
        return outcome.equals(forbidden);
    }

    /** Actor {@code actor}'s part of the test, on one state. */
    abstract void actor(int actor, S state);

    /** What one state shows once every actor has run on it. */
    abstract String outcome(S state);

    /** Fresh states for one batch. */
    final Object[] newBatch(int size) {
        Object[] batch = new Object[size];
        for (int i = 0; i < size; i++) {
            batch[i] = fresh.get();
        }
        return batch;
    }

    /** Runs actor {@code actor} on one state of a batch from {@link #newBatch}. */
    @SuppressWarnings("unchecked")
    final void act(int actor, Object state) {
        actor(actor, (S) state);
    }

    /** Counts each state's outcome. */
    @SuppressWarnings("unchecked")
    final void tally(Object[] batch, Histogram histogram) {
        for (Object s : batch) {
            histogram.add(outcome((S) s));
        }
    }
}
