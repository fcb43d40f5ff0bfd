package com.example;

/**
 * The twin of {@link com.sun.example.ComSunSpin} in an ordinary package, the same but for its name: a thread spins on a plain
 * {@code boolean} until the main thread sets it, which {@code -XX:+VBD} makes volatile. Prints {@code SPIN terminated}
 * or {@code SPIN hung}.
 *
 * <p>Arguments: the time before the flag is set and the time the loop is given after, in milliseconds (1000 and
 * 4000 by default).
 */
public final class Spin {
    static final class Flag {
        boolean stop;
    }

    private Spin() {
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
