package io.jremix.bench.suite.apps;

import io.jremix.bench.suite.SelfCheckException;
import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.python.core.PyCode;
import org.python.util.PythonInterpreter;

/**
 * Python 2.7 programs run by Jython on 3 threads, each with its own {@code PythonInterpreter} (created in
 * {@link #setUp}, where the Jython runtime is initialised once, without a package cache or {@code site} import).
 * The programs, in the resource {@code jython-programs.py}, are a sieve of primes, word counting with a dict over
 * generated text, recursive n-queens, recursive Fibonacci, sorting generated records with a key function, and
 * tallying shapes of a small class hierarchy. Every iteration runs a fixed list of calls of them with different
 * arguments; the threads take calls from a shared counter. The self-check compares every program's result, read
 * back with {@code interpreter.get}, with the same value computed in plain Java.
 */
public final class JythonScripts implements SuiteWorkload {
    private static final int THREADS = 3;
    private static final String PROGRAMS = "jython-programs.py";

    /** One program call: the Python function, its argument, and the result computed in Java. */
    private record Call(String function, Object arg, String expected) {
    }

    private final List<Call> calls = new ArrayList<>();
    private final List<PythonInterpreter> interpreters = new ArrayList<>();
    private final Map<String, PyCode> callCode = new HashMap<>();
    private PyCode programs;
    private ExecutorService pool;

    @Override
    public void setUp(Size size) throws Exception {
        Properties pre = new Properties(); // a copy, so that Jython's registry does not write System properties
        pre.putAll(System.getProperties());
        Properties post = new Properties();
        post.setProperty("python.cachedir.skip", "true");
        post.setProperty("python.import.site", "false");
        post.setProperty("python.console.encoding", "UTF-8");
        PythonInterpreter.initialize(pre, post, new String[0]);
        String source;
        try (InputStream in = JythonScripts.class.getResourceAsStream(PROGRAMS)) {
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Random random = new Random(0x7E57L);
        for (int rep = 0; rep < size.pick(1, 12); rep++) {
            for (int n : new int[] {size.pick(20_000, 200_000), size.pick(30_000, 300_000)}) {
                calls.add(new Call("sieve", n, sieve(n)));
            }
            for (int k = 0; k < 2; k++) {
                String text = text(random, size.pick(2_000, 40_000));
                calls.add(new Call("words", text, words(text)));
            }
            for (int n : new int[] {6, size.pick(6, 8)}) {
                calls.add(new Call("queens", n, Long.toString(queens(n, 0, 0, 0, 0))));
            }
            for (int n : new int[] {size.pick(15, 20), size.pick(15, 22)}) {
                calls.add(new Call("fib", n, Long.toString(fib(n))));
            }
            for (int n = size.pick(300, 3000) + rep; n < size.pick(300, 3000) + rep + 2; n++) {
                calls.add(new Call("records", n, records(n)));
                calls.add(new Call("shapes", n, shapes(n)));
            }
        }
        for (int t = 0; t < THREADS; t++) {
            PythonInterpreter interpreter = new PythonInterpreter();
            interpreter.setOut(Writer.nullWriter());
            interpreter.setErr(Writer.nullWriter());
            if (interpreters.isEmpty()) { // compiled code is immutable: all interpreters share it
                programs = interpreter.compile(source, PROGRAMS);
                for (Call call : calls) {
                    callCode.computeIfAbsent(call.function(), f -> interpreter.compile("result = str(" + f + "(arg))"));
                }
            }
            interpreter.exec(programs);
            interpreters.add(interpreter);
        }
        pool = Executors.newFixedThreadPool(THREADS);
    }

    @Override
    public Object iterate() throws Exception {
        String[] results = new String[calls.size()];
        AtomicInteger next = new AtomicInteger();
        List<Callable<Void>> workers = new ArrayList<>();
        for (PythonInterpreter interpreter : interpreters) {
            workers.add(() -> {
                for (int i = next.getAndIncrement(); i < results.length; i = next.getAndIncrement()) {
                    Call call = calls.get(i);
                    interpreter.set("arg", call.arg());
                    interpreter.exec(callCode.get(call.function()));
                    results[i] = interpreter.get("result", String.class);
                }
                return null;
            });
        }
        for (Future<Void> done : pool.invokeAll(workers)) {
            done.get();
        }
        return results;
    }

    @Override
    public void check(Object result) {
        String[] results = (String[]) result;
        SuiteWorkload.expect("number of program results", calls.size(), results.length);
        for (int i = 0; i < results.length; i++) {
            Call call = calls.get(i);
            if (!call.expected().equals(results[i])) {
                throw new SelfCheckException(call.function() + " (call " + i + "): expected " + call.expected()
                        + ", got " + results[i]);
            }
        }
    }

    @Override
    public void tearDown() throws InterruptedException {
        if (pool != null) {
            pool.shutdownNow();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
        interpreters.forEach(PythonInterpreter::close);
        interpreters.clear();
    }

    // --- the programs' results, computed in Java ---

    private static String sieve(int n) {
        boolean[] composite = new boolean[n];
        long count = 0;
        long sum = 0;
        for (int i = 2; i < n; i++) {
            if (!composite[i]) {
                count++;
                sum += i;
                for (long j = (long) i * i; j < n; j += i) {
                    composite[(int) j] = true;
                }
            }
        }
        return count + ":" + sum;
    }

    /** Words of a skewed vocabulary, some capitalised or followed by punctuation. */
    private static String text(Random random, int words) {
        String[] syllables = {"ka", "lo", "mi", "ne", "ru", "ta", "so", "vi", "de", "pu"};
        StringBuilder text = new StringBuilder();
        for (int w = 0; w < words; w++) {
            int index = (int) (400 * Math.pow(random.nextDouble(), 3));
            String word = syllables[index % 10] + syllables[index / 10 % 10] + syllables[index / 100];
            text.append(random.nextInt(10) == 0 ? Character.toUpperCase(word.charAt(0)) + word.substring(1) : word);
            text.append(random.nextInt(8) == 0 ? ".,;!?".charAt(random.nextInt(5)) : "");
            text.append(random.nextInt(12) == 0 ? '\n' : ' ');
        }
        return text.toString();
    }

    private static String words(String text) {
        Map<String, Integer> counts = new HashMap<>();
        for (String raw : text.split("\\s+")) {
            String word = raw.toLowerCase(java.util.Locale.ROOT).replaceAll("^[.,;!?]+|[.,;!?]+$", "");
            if (!word.isEmpty()) {
                counts.merge(word, 1, Integer::sum);
            }
        }
        List<String> top = counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(10).map(e -> e.getKey() + "=" + e.getValue()).toList();
        return counts.size() + "|" + String.join(",", top);
    }

    /** n-queens by bit masks: cols, and the two diagonals shifted per row. */
    private static long queens(int n, int row, int cols, int left, int right) {
        if (row == n) {
            return 1;
        }
        long found = 0;
        for (int free = ~(cols | left | right) & ((1 << n) - 1); free != 0; free &= free - 1) {
            int bit = free & -free;
            found += queens(n, row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
        }
        return found;
    }

    private static long fib(int n) {
        long a = 0;
        long b = 1;
        for (int i = 0; i < n; i++) {
            long next = a + b;
            a = b;
            b = next;
        }
        return a;
    }

    private static long lcg(long x) {
        return (x * 1103515245L + 12345L) & 0x7FFFFFFFL;
    }

    private static String records(int n) {
        record Row(int id, String name, long score) {
        }
        List<Row> rows = new ArrayList<>();
        long x = n;
        for (int i = 0; i < n; i++) {
            x = lcg(x);
            String name = "" + (char) (97 + (x >> 4) % 26) + (char) (97 + (x >> 9) % 26) + (char) (97 + (x >> 14) % 26);
            x = lcg(x);
            rows.add(new Row(i, name, x % 1000));
        }
        rows.sort(Comparator.comparingLong(Row::score).reversed().thenComparing(Row::name).thenComparingInt(Row::id));
        long checksum = 0;
        for (int pos = 0; pos < rows.size(); pos++) {
            checksum += (pos + 1L) * rows.get(pos).id();
        }
        return Long.toString(checksum % 1_000_000_007L);
    }

    private static String shapes(int n) {
        Map<String, long[]> tally = new TreeMap<>();
        long x = n;
        for (int i = 0; i < n; i++) {
            x = lcg(x);
            long a = 1 + (x >> 8) % 50;
            long b = 1 + (x >> 16) % 50;
            String kind = new String[] {"Rect", "Square", "Tri"}[(int) (x % 3)];
            long area = kind.equals("Rect") ? a * b : kind.equals("Square") ? a * a : a * b / 2;
            long[] entry = tally.computeIfAbsent(kind, k -> new long[2]);
            entry[0]++;
            entry[1] += area;
        }
        return String.join(",", tally.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()[0] + "/" + e.getValue()[1]).toList());
    }
}
