package io.jremix.workloads.vbd;

/**
 * A thread spins on a plain {@code boolean} until another sets it. The Java memory model lets the JIT read the
 * flag once and spin forever, and C2 does: the loop never ends. Under VBD the flag is volatile, read on every
 * iteration, and the loop ends. The flag is set once the loop has run long enough to be compiled, and the loop is
 * given a few seconds more; a loop still running then is reported as hung (its thread is a daemon, so the program
 * still ends). The same loop on a flag the program declares {@code volatile} ends with or without VBD, also when
 * the loop is relaxed.
 */
final class SpinLoop {
    static final class Flag {
        boolean stop;
    }

    static final class VolatileFlag {
        volatile boolean stop;
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

    static long spinVolatile(VolatileFlag f) {
        long n = 0;
        while (!f.stop) {
            n++;
        }
        return n;
    }

    /** Returns "terminated" or "hung". */
    static String run(boolean declaredVolatile, long compileMillis, long graceMillis) throws InterruptedException {
        Flag flag = new Flag();
        VolatileFlag volatileFlag = new VolatileFlag();
        Thread spinner = new Thread(() -> {
            if (declaredVolatile) {
                spinVolatile(volatileFlag);
            } else {
                spin(flag);
            }
        }, "spinner");
        spinner.setDaemon(true);
        spinner.start();
        Thread.sleep(compileMillis);
        flag.stop = true;
        volatileFlag.stop = true;
        spinner.join(graceMillis);
        return spinner.isAlive() ? "hung" : "terminated";
    }
}
