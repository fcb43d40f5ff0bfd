package io.jremix.workloads.litmus;

/**
 * A thread spins on a plain {@code boolean} until another sets it. The Java memory model lets the JIT read the
 * flag once and spin forever, and C2 does: the loop never ends. Under VBD the flag is volatile, read on every
 * iteration, and the loop ends. The flag is set once the loop has run long enough to be compiled, and the loop is
 * given a few seconds more; a loop still running then is reported as hung (its thread is a daemon, so the program
 * still ends).
 */
final class SpinLoop {
    static final class Flag {
        boolean stop;
    }

    private SpinLoop() {
    }

    static long spin(Flag f) {
        long n = 0;
        while (!f.stop) {
            n++;
        }
        return n;
    }

    /** Returns "terminated" or "hung". */
    static String run(long compileMillis, long graceMillis) throws InterruptedException {
        Flag flag = new Flag();
        Thread spinner = new Thread(() -> spin(flag), "spinner");
        spinner.setDaemon(true);
        spinner.start();
        Thread.sleep(compileMillis);
        flag.stop = true;
        spinner.join(graceMillis);
        return spinner.isAlive() ? "hung" : "terminated";
    }
}
