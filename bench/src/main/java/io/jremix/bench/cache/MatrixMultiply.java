package io.jremix.bench.cache;

/**
 * A CPU-heavy program without sharing: each thread multiplies its own dense matrices, so nearly every instruction
 * is an array or field access that the detector instruments, and no cache line is written by two threads.
 * The worst case for probe overhead.
 *
 * <p>Usage: {@code MatrixMultiply [threads=2] [size=160] [repeats=20]}
 */
public final class MatrixMultiply {
    private final double[][] a;
    private final double[][] b;
    private final double[][] c;
    private double checksum;

    private MatrixMultiply(int n, int seed) {
        a = new double[n][n];
        b = new double[n][n];
        c = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = (i * 31 + j * 17 + seed) % 13 / 13.0;
                b[i][j] = (i * 7 + j * 29 + seed) % 11 / 11.0;
            }
        }
    }

    private void multiply() {
        int n = a.length;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double sum = 0;
                for (int k = 0; k < n; k++) {
                    sum += a[i][k] * b[k][j];
                }
                c[i][j] = sum;
            }
        }
        checksum += c[n / 2][n / 3];
    }

    public static void main(String[] args) throws InterruptedException {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 160;
        int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        MatrixMultiply[] work = new MatrixMultiply[threads];
        Thread[] workers = new Thread[threads];
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            MatrixMultiply m = new MatrixMultiply(n, t);
            work[t] = m;
            workers[t] = new Thread(() -> {
                for (int r = 0; r < repeats; r++) {
                    m.multiply();
                }
            });
            workers[t].start();
        }
        double checksum = 0;
        for (int t = 0; t < threads; t++) {
            workers[t].join();
            checksum += work[t].checksum;
        }
        System.out.printf("MatrixMultiply Time %dns result=%.6f%n", System.nanoTime() - start, checksum);
    }
}
