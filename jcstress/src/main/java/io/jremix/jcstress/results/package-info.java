/**
 * Reading a jcstress run back: the result file jcstress 0.16 writes to its working directory
 * ({@code jcstress-results-<time>.bin.gz}, the same data its text and HTML reports are made from), the tests' declared
 * outcomes from {@code META-INF/TestList}, and per test the samples whose outcome is not sequentially consistent. Used
 * by {@code bench/run-jcstress} and the e2e test; neither the runs nor the forks load these classes.
 */
package io.jremix.jcstress.results;
