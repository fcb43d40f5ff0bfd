package io.jremix.bench.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;

import java.util.List;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** spark-perf's spark-tests over DataFrames of (k, v), cached; Spark SQL plans and generates their code. */
final class DataFrameJobs {
    private DataFrameJobs() {
    }

    static Dataset<Row> frame(SparkSession spark, long offset) {
        Dataset<Row> df = spark.createDataset(RddJobs.pairs(spark, offset).rdd(), Encoders.tuple(Encoders.INT(),
                Encoders.INT())).toDF("k", "v").cache();
        df.count();
        return df;
    }

    /** groupBy(k).sum(v); checksum: the sum over keys of key × its sum. */
    static SparkJobs.Job aggregateByKey(SparkSession spark) {
        Dataset<Row> df = frame(spark, 0);
        return () -> {
            long sum = 0;
            for (Row r : df.groupBy("k").agg(sum("v")).collectAsList()) {
                sum += (long) r.getInt(0) * r.getLong(1);
            }
            return Long.toString(sum);
        };
    }

    /** orderBy(v), checked as {@link SortedRange} checks it; checksum: the count and key sum. */
    static SparkJobs.Job sortByKey(SparkSession spark) {
        Dataset<Row> df = frame(spark, 0);
        return () -> {
            List<long[]> ranges = df.orderBy("v").select("v", "k")
                    .as(Encoders.tuple(Encoders.INT(), Encoders.INT())).javaRDD()
                    .mapPartitions(SortedRange::of).collect();
            return SortedRange.checksum(ranges);
        };
    }

    /** filter and count; checksum: the count. */
    static SparkJobs.Job filterCount(SparkSession spark) {
        Dataset<Row> df = frame(spark, 0);
        return () -> Long.toString(df.filter(col("v").bitwiseAND(3).equalTo(0)).count());
    }

    /** A sort-merge join on k (no broadcast, as the RDD join shuffles); checksum: as the RDD join's. */
    static SparkJobs.Job join(SparkSession spark) {
        Dataset<Row> left = frame(spark, 0).filter("v % 16 = 0").withColumnRenamed("v", "a");
        Dataset<Row> right = frame(spark, Data.RECORDS).filter("v % 16 = 1").withColumnRenamed("v", "b");
        return () -> {
            Row r = left.join(right, "k").agg(count(lit(1)), sum(expr("a ^ b"))).first();
            return r.getLong(0) + "/" + r.getLong(1);
        };
    }
}
