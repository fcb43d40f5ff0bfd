package io.jremix.bench.suite;

/** A workload whose result is always wrong: the harness must report it as an error, never as a time. */
public final class FailingWorkload implements SuiteWorkload {
    @Override
    public void setUp(Size size) {
        // nothing to prepare
    }

    @Override
    public Object iterate() {
        return 41;
    }

    @Override
    public void check(Object result) {
        SuiteWorkload.expect("the answer", 42, result);
    }
}
