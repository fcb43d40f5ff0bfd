package example;

/**
 * Monitor contention made by a program, for the monitor profiler's tests: outside jremix's packages, because the
 * profiler leaves out blocking inside jremix's own code. Each monitor has a class of its own to find it by.
 */
public final class Contention {
    /** A monitor entered by two threads. */
    public static final class Held {
    }

    /** A monitor waited on. */
    public static final class Waited {
    }

    private Contention() {
    }

    /** A thread named {@code threadName} blocks in {@link #enter} while this one holds {@code monitor}. */
    public static void blockOn(Object monitor, String threadName) throws InterruptedException {
        blockOn(monitor, threadName, () -> enter(monitor));
    }

    /**
     * A thread named {@code threadName} runs {@code enter}, which enters {@code monitor}, while this one holds it:
     * this one lets go once it has seen the thread blocked.
     */
    public static void blockOn(Object monitor, String threadName, Runnable enter) throws InterruptedException {
        Thread blocked;
        synchronized (monitor) {
            blocked = new Thread(enter, threadName);
            blocked.start();
            while (blocked.getState() != Thread.State.BLOCKED) {
                Thread.sleep(1);
            }
        }
        blocked.join();
    }

    private static void enter(Object monitor) {
        synchronized (monitor) {
            monitor.hashCode();
        }
    }

    /** Waits on a new {@link Waited} for {@code millis}. */
    public static void waitOn(long millis) throws InterruptedException {
        Waited waited = new Waited();
        synchronized (waited) {
            waited.wait(millis);
        }
    }
}
