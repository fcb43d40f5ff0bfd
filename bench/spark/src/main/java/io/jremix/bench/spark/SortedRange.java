package io.jremix.bench.spark;

import java.util.Iterator;
import java.util.List;

import scala.Tuple2;

/**
 * What a sort's output partition holds, as {@code {first, last, count, sum of values, sorted ? 1 : 0}}, so that a
 * sort is checked (each partition in order, the partitions' ranges in order) without collecting it; the checksum is
 * the count and sum, which do not depend on where the range partitioner cut.
 */
final class SortedRange {
    private SortedRange() {
    }

    static Iterator<long[]> of(Iterator<Tuple2<Integer, Integer>> sorted) {
        long first = 0;
        long last = Long.MIN_VALUE;
        long count = 0;
        long sum = 0;
        boolean inOrder = true;
        while (sorted.hasNext()) {
            Tuple2<Integer, Integer> t = sorted.next();
            if (count == 0) {
                first = t._1();
            }
            inOrder &= t._1() >= last;
            last = t._1();
            count++;
            sum += t._2();
        }
        return count == 0 ? List.<long[]>of().iterator()
                : List.of(new long[] {first, last, count, sum, inOrder ? 1 : 0}).iterator();
    }

    /** The checksum of a sort's ranges in partition order; an exception if they are not in order. */
    static String checksum(List<long[]> ranges) {
        long count = 0;
        long sum = 0;
        long previous = Long.MIN_VALUE;
        for (long[] r : ranges) {
            if (r[4] != 1 || r[0] < previous) {
                throw new IllegalStateException("sort output out of order at " + r[0]);
            }
            previous = r[1];
            count += r[2];
            sum += r[3];
        }
        return count + "/" + sum;
    }
}
