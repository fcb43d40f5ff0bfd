package io.jremix.bench.spark;

import java.util.List;

import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/** spark-perf's spark-tests over RDDs of (key, value) pairs, cached in memory as spark-perf caches its input. */
final class RddJobs {
    private RddJobs() {
    }

    static JavaPairRDD<Integer, Integer> pairs(SparkSession spark, long offset) {
        JavaPairRDD<Integer, Integer> rdd = spark.range(offset, offset + Data.RECORDS, 1, Data.PARTITIONS).javaRDD()
                .mapToPair(i -> new Tuple2<>(Data.key(i), Data.value(i))).cache();
        rdd.count();
        return rdd;
    }

    /** reduceByKey: the sum per key; checksum: the sum over keys of key × its sum. */
    static SparkJobs.Job aggregateByKey(SparkSession spark) {
        JavaPairRDD<Integer, Integer> pairs = pairs(spark, 0);
        return () -> {
            long sum = 0;
            for (Tuple2<Integer, Long> t : pairs.mapValues(v -> (long) v).reduceByKey(Long::sum).collect()) {
                sum += (long) t._1() * t._2();
            }
            return Long.toString(sum);
        };
    }

    /** sortByKey by value: every partition in order and the ranges in order; checksum: the count and key sum. */
    static SparkJobs.Job sortByKey(SparkSession spark) {
        JavaPairRDD<Integer, Integer> byValue = pairs(spark, 0).mapToPair(Tuple2::swap);
        return () -> {
            List<long[]> ranges = byValue.sortByKey().mapPartitions(SortedRange::of).collect();
            return SortedRange.checksum(ranges);
        };
    }

    /** filter and count; checksum: the count. */
    static SparkJobs.Job filterCount(SparkSession spark) {
        JavaPairRDD<Integer, Integer> pairs = pairs(spark, 0);
        return () -> Long.toString(pairs.filter(t -> (t._2() & 3) == 0).count());
    }

    /** join of two pair RDDs on their keys; checksum: the count and the sum of the joined values' products' low bits. */
    static SparkJobs.Job join(SparkSession spark) {
        JavaPairRDD<Integer, Integer> left = pairs(spark, 0).filter(t -> t._2() % 16 == 0);
        JavaPairRDD<Integer, Integer> right = pairs(spark, Data.RECORDS).filter(t -> t._2() % 16 == 1);
        return () -> {
            Tuple2<Long, Long> r = left.join(right).map(t -> new Tuple2<>(1L, (long) (t._2()._1() ^ t._2()._2())))
                    .reduce((a, b) -> new Tuple2<>(a._1() + b._1(), a._2() + b._2()));
            return r._1() + "/" + r._2();
        };
    }
}
