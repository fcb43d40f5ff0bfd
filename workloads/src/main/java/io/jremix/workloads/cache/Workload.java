package io.jremix.workloads.cache;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;
import java.util.function.LongUnaryOperator;

/**
 * The plumbing shared by the cache-sharing workloads of this package: positional argument parsing, starting and
 * joining the worker threads, checking the result and printing the one result line.
 *
 * <p>Arguments are positional numbers (for most workloads {@code [threads] [iterations]}); a workload with modes
 * also takes one mode word, anywhere on the line. A malformed argument prints the usage to stderr and exits with
 * status 2; a failed self-check exits with status 1.
 *
 * <p>Placement: whether two counters written by different threads share a cache line depends on where the
 * allocator puts them (two 8-byte fields side by side straddle a 64-byte boundary in 1 placement of 8), and a
 * given program tends to land the same way run after run. The false-sharing workloads therefore share a line
 * <em>by construction</em>, without reading any address: each thread owns {@value #SLOTS} counters (objects or
 * array elements, or fields of {@value #SLOTS} consecutive objects), all of them allocated back to back and
 * interleaved so that neighbours belong to different threads (counter {@code s} of thread {@code t} is number
 * {@link #slot slot(threads, t, s)}), and each thread cycles over its own in its hot loop. The neighbours then span
 * more bytes than the line boundaries among them can all separate; each workload's javadoc does the count.
 *
 * <p>The argument is about allocation: it holds until a garbage collection moves the objects (array elements,
 * statics and the fields of one object keep their distances; separate objects need not). These programs allocate
 * too little to trigger a collection by themselves, but an agent that allocates may: G1 then copies counters that
 * only an array reaches in the order it reaches them, usually still together (possibly in reverse order, which keeps
 * the argument), and may put some other object a worker uses next to them, which then shows up as one more, genuine,
 * finding. An object each thread holds on its own stack, as {@link BaseTest}'s, goes where the worker that scanned
 * that stack copies: eight such objects were 400 bytes or more apart after one young collection.
 */
public final class Workload {
    /** How many counters each thread owns and cycles over in the interleaved layouts (a power of two). */
    public static final int SLOTS = 4;

    private Workload() {
    }

    /** Parsed command line: numeric positional arguments plus an optional mode word. */
    public static final class Args {
        private final String usage;
        private final List<String> numbers;
        private final String mode;

        private Args(String usage, List<String> numbers, String mode) {
            this.usage = usage;
            this.numbers = numbers;
            this.mode = mode;
        }

        /** The {@code index}-th numeric argument as an int in {@code [min, max]}, or {@code def} when absent. */
        public int intArg(int index, String name, int def, int min, int max) {
            long v = longArg(index, name, def, min);
            if (v > max) {
                fail(usage, name + " must be at most " + max + ": " + v);
            }
            return (int) v;
        }

        /** The {@code index}-th numeric argument as a long of at least {@code min}, or {@code def} when absent. */
        public long longArg(int index, String name, long def, long min) {
            if (index >= numbers.size()) {
                return def;
            }
            String s = numbers.get(index).replace("_", "");
            long v;
            try {
                v = Long.parseLong(s);
            } catch (NumberFormatException e) {
                throw fail(usage, name + " is not a number: " + numbers.get(index));
            }
            if (v < min) {
                fail(usage, name + " must be at least " + min + ": " + v);
            }
            return v;
        }

        /** The mode word given on the command line, or the default mode. */
        public String mode() {
            return mode;
        }
    }

    /**
     * Parses a command line of at most {@code maxNumbers} numbers and, when {@code modes} is not empty, at most one
     * of the given mode words (the first mode is the default).
     */
    public static Args args(String[] args, String usage, int maxNumbers, String... modes) {
        List<String> numbers = new ArrayList<>();
        String mode = modes.length > 0 ? modes[0] : null;
        boolean modeSeen = false;
        for (String a : args) {
            if (!a.isEmpty() && (Character.isDigit(a.charAt(0)) || a.charAt(0) == '-')) {
                numbers.add(a);
                continue;
            }
            if (modeSeen || !List.of(modes).contains(a)) {
                fail(usage, "unexpected argument: " + a);
            }
            mode = a;
            modeSeen = true;
        }
        if (numbers.size() > maxNumbers) {
            fail(usage, "too many arguments");
        }
        return new Args(usage, numbers, mode);
    }

    /**
     * Starts {@code n} plain threads running {@code body.accept(index)}, all before joining any, and waits for all
     * of them.
     *
     * @return the wall-clock nanoseconds from before the first start to after the last join
     * @throws IllegalStateException if a thread failed (after all threads ended)
     */
    public static long runThreads(int n, IntConsumer body) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            int index = i;
            threads[i] = new Thread(() -> {
                try {
                    body.accept(index);
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "worker-" + i);
        }
        long start = System.nanoTime();
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            join(t);
        }
        long elapsed = System.nanoTime() - start;
        if (failure.get() != null) {
            throw new IllegalStateException("a worker thread failed", failure.get());
        }
        return elapsed;
    }

    private static void join(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code 1 + 2 + ... + n}, wrapping like a running long sum does. */
    public static long triangular(long n) {
        return n % 2 == 0 ? (n / 2) * (n + 1) : n * ((n + 1) / 2);
    }

    /**
     * Index, among the {@code threads * SLOTS} interleaved counters, of the counter thread {@code t} uses in
     * iteration {@code k}: counter {@code s = k % SLOTS} of thread {@code t} is number {@code s * threads + t}, so
     * neighbours belong to different threads and a loop over {@code k} cycles over the thread's own counters.
     */
    public static int slot(int threads, int t, long k) {
        return ((int) k & (SLOTS - 1)) * threads + t;
    }

    /**
     * Fills {@code array} with {@code create.apply(i)} for each index {@code i}, in one loop, and returns it. When
     * {@code create} allocates just the one object, the objects are allocated back to back (nothing else is
     * allocated in between on this thread), so they are consecutive in memory at the object size apart.
     */
    public static <T> T[] consecutive(T[] array, IntFunction<T> create) {
        for (int i = 0; i < array.length; i++) {
            array[i] = create.apply(i);
        }
        return array;
    }

    /** How many of the loop counters {@code k = n, n - 1, ..., 1} have {@code k % slots == s}. */
    public static long visits(long n, int slots, int s) {
        return n / slots + (s != 0 && s <= n % slots ? 1 : 0);
    }

    /**
     * The self-check total when a loop over {@code k = n, ..., 1} spreads its work over {@code slots} counters by
     * {@code k % slots}: the sum over the counters of {@code perCounter(visits)}, e.g. {@link #triangular} when
     * each visit increments the counter and reads it back.
     */
    public static long spread(long n, int slots, LongUnaryOperator perCounter) {
        long total = 0;
        for (int s = 0; s < slots; s++) {
            total += perCounter.applyAsLong(visits(n, slots, s));
        }
        return total;
    }

    /** Exits with status 1 and a message on stderr unless {@code ok}. */
    public static void check(boolean ok, String what, long expected, long actual) {
        if (!ok) {
            System.err.println("self-check failed: " + what + ": expected " + expected + ", got " + actual);
            System.exit(1);
        }
    }

    /** Exits with status 1 unless {@code actual == expected}. */
    public static void checkEquals(String what, long expected, long actual) {
        check(expected == actual, what, expected, actual);
    }

    /**
     * Exits with status 1 unless each of the {@code threads * SLOTS} interleaved counters, read by index with
     * {@code counter}, was visited (incremented once) as often as its slot in {@code n} iterations: counter
     * {@link #slot slot(threads, t, s)} holds {@code visits(n, SLOTS, s)}. With {@code threads = 1}: counters
     * {@code 0 .. SLOTS - 1} of one thread.
     */
    public static void checkCounters(String what, int threads, long n, IntToLongFunction counter) {
        for (int t = 0; t < threads; t++) {
            for (int s = 0; s < SLOTS; s++) {
                int i = slot(threads, t, s);
                checkEquals(what + " " + i, visits(n, SLOTS, s), counter.applyAsLong(i));
            }
        }
    }

    /** Prints the result line {@code <SimpleName> Time <nanos>ns result=<result>}. */
    public static void report(Class<?> workload, long nanos, long result) {
        System.out.println(workload.getSimpleName() + " Time " + nanos + "ns result=" + result);
    }

    private static IllegalStateException fail(String usage, String message) {
        System.err.println(message);
        System.err.println("usage: " + usage);
        System.exit(2);
        return new IllegalStateException(message);
    }
}
