package io.jremix.bench.spark;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Runs Spark jobs in local mode in this JVM, one after another: each its warm-up iterations, then measured ones.
 * Prints one line per iteration, {@code job <job> iteration <k> warmup|measured <nanos>}, and then
 * {@code checksum <job> <value>}: the same under every mode, or a mode changed the result. Every iteration must give
 * the same checksum; a job whose iterations disagree makes the JVM exit 1.
 *
 * <p>Usage: {@code SparkJobs <job>[,<job>...] [--warmup N] [--iterations N]}; the jobs are in {@link #JOBS}.
 */
public final class SparkJobs {
    /** Every job by name: spark-perf's spark-tests over RDDs and DataFrames, and two of its mllib trainings. */
    static final Map<String, Function<SparkSession, Job>> JOBS = Map.of(
            "rdd-aggregate", RddJobs::aggregateByKey,
            "rdd-sort", RddJobs::sortByKey,
            "rdd-count", RddJobs::filterCount,
            "rdd-join", RddJobs::join,
            "df-aggregate", DataFrameJobs::aggregateByKey,
            "df-sort", DataFrameJobs::sortByKey,
            "df-count", DataFrameJobs::filterCount,
            "df-join", DataFrameJobs::join,
            "mllib-logistic", MllibJobs::logisticRegression,
            "mllib-kmeans", MllibJobs::kMeans);

    /** One job on data it generated once; each run computes the result afresh and returns its checksum. */
    interface Job {
        String run();
    }

    private SparkJobs() {
    }

    public static void main(String[] args) {
        List<String> jobs = args.length == 0 ? List.of() : List.of(args[0].split(","));
        if (jobs.isEmpty() || !JOBS.keySet().containsAll(jobs) || args.length % 2 == 0) {
            System.err.println("usage: SparkJobs <job>[,<job>...] [--warmup N] [--iterations N]; jobs: "
                    + String.join(", ", JOBS.keySet().stream().sorted().toList()));
            System.exit(2);
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        int warmup = option(rest, "--warmup", 2);
        int iterations = option(rest, "--iterations", 3);
        SparkSession spark = SparkSession.builder().master("local[2]").appName("jremix-spark-jobs")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4")
                .config("spark.default.parallelism", "4").config("spark.sql.autoBroadcastJoinThreshold", "-1")
                .getOrCreate();
        spark.sparkContext().setLogLevel("ERROR");
        boolean consistent = true;
        try {
            for (String name : jobs) {
                consistent &= run(spark, name, warmup, iterations);
            }
        } catch (RuntimeException e) {
            System.err.println("SparkJobs: failed: " + e);
            e.printStackTrace();
            consistent = false;
        } finally {
            spark.stop();
        }
        System.exit(consistent ? 0 : 1);
    }

    /** Runs one job; false if its iterations computed different results. */
    private static boolean run(SparkSession spark, String name, int warmup, int iterations) {
        Job job = JOBS.get(name).apply(spark);
        String first = null;
        boolean consistent = true;
        for (int k = 1; k <= warmup + iterations; k++) {
            long start = System.nanoTime();
            String checksum = job.run();
            long nanos = System.nanoTime() - start;
            System.out.println("job " + name + " iteration " + k + (k <= warmup ? " warmup " : " measured ") + nanos);
            if (first == null) {
                first = checksum;
            } else if (!first.equals(checksum)) {
                System.err.println(name + ": iteration " + k + " gave checksum " + checksum + ", not " + first);
                consistent = false;
            }
        }
        System.out.println("checksum " + name + " " + first);
        spark.catalog().clearCache();
        JavaSparkContext.fromSparkContext(spark.sparkContext()).getPersistentRDDs().values()
                .forEach(rdd -> rdd.unpersist(true));
        return consistent;
    }

    private static int option(List<String> args, String name, int otherwise) {
        int at = args.indexOf(name);
        return at < 0 ? otherwise : Integer.parseInt(args.get(at + 1));
    }
}
