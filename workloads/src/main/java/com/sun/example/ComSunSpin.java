package com.sun.example;

/**
 * A thread spins on a plain {@code boolean} until the main thread sets it, in a {@code com.sun} package although
 * it is no JDK class: loaded from the class path it is the program's, and {@code -XX:+VBD} orders its flag's accesses
 * like any other program's. {@link com.example.Spin} is the same class in an ordinary package. Without VBD, C2
 * reads the flag once and the loop never ends (see {@code io.jremix.workloads.vbd.SpinLoop}). The flag is set
 * once the loop has run long enough to be compiled, and the loop is given a few seconds more; the program prints
 * {@code SPIN terminated} or {@code SPIN hung} and ends either way (the spinning thread is a daemon).
 *
 * <p>Arguments: the time before the flag is set and the time the loop is given after, in milliseconds (1000 and
 * 4000 by default).
 */
public final class ComSunSpin {
    static final class Flag {
        boolean stop;
    }

    private ComSunSpin() {
    }

    static long spin(Flag f) {
        long n = 0;
        while (!f.stop) {
            n++;
        }
        return n;
    }

    public static void main(String[] args) throws InterruptedException {
        long compileMillis = args.length > 0 ? Long.parseLong(args[0]) : 1_000;
        long graceMillis = args.length > 1 ? Long.parseLong(args[1]) : 4_000;
        Flag flag = new Flag();
        Thread spinner = new Thread(() -> spin(flag), "spinner");
        spinner.setDaemon(true);
        spinner.start();
        Thread.sleep(compileMillis);
        flag.stop = true;
        spinner.join(graceMillis);
        System.out.println("SPIN " + (spinner.isAlive() ? "hung" : "terminated"));
    }
}
