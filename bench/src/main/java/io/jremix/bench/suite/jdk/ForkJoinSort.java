package io.jremix.bench.suite.jdk;

import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

import io.jremix.bench.suite.SelfCheckException;
import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;

/**
 * Parallel merge sort written as recursive fork/join tasks on a pool of two workers: work stealing, task queues
 * and joins under load. Each iteration sorts a fresh copy of the same generated array. The check: the output is
 * ascending and has the input's sum and xor (a permutation of it).
 */
public final class ForkJoinSort implements SuiteWorkload {
    private static final int SEQUENTIAL_BELOW = 8_192;

    private ForkJoinPool pool;
    private int[] input;
    private long sum;
    private long xor;

    @Override
    public void setUp(Size size) {
        pool = new ForkJoinPool(2);
        Random random = new Random(17);
        input = new int[size.pick(200_000, 36_000_000)];
        for (int i = 0; i < input.length; i++) {
            input[i] = random.nextInt();
            sum += input[i];
            xor ^= input[i];
        }
    }

    @Override
    public Object iterate() {
        int[] data = input.clone();
        pool.invoke(new Sort(data, new int[data.length], 0, data.length));
        return data;
    }

    @Override
    public void check(Object result) {
        int[] sorted = (int[]) result;
        long s = 0;
        long x = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i > 0 && sorted[i - 1] > sorted[i]) {
                throw new SelfCheckException("not sorted at index " + i);
            }
            s += sorted[i];
            x ^= sorted[i];
        }
        SuiteWorkload.expect("sum", sum, s);
        SuiteWorkload.expect("xor", xor, x);
    }

    @Override
    public void tearDown() {
        pool.shutdownNow();
    }

    /** Sorts {@code a[from, to)} using {@code scratch} for merging. */
    private static final class Sort extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int[] a;
        private final int[] scratch;
        private final int from;
        private final int to;

        Sort(int[] a, int[] scratch, int from, int to) {
            this.a = a;
            this.scratch = scratch;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= SEQUENTIAL_BELOW) {
                Arrays.sort(a, from, to);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Sort(a, scratch, from, mid), new Sort(a, scratch, mid, to));
            merge(mid);
        }

        private void merge(int mid) {
            System.arraycopy(a, from, scratch, from, to - from);
            int i = from;
            int j = mid;
            for (int k = from; k < to; k++) {
                a[k] = j >= to || (i < mid && scratch[i] <= scratch[j]) ? scratch[i++] : scratch[j++];
            }
        }
    }
}
