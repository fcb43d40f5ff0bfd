package io.jremix.bench.spark;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.clustering.KMeans;
import org.apache.spark.ml.clustering.KMeansModel;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Two of spark-perf's mllib trainings on generated points. Their checksums are rounded: Spark sums the partitions'
 * gradients in the order their tasks finish, so the last bits of a double differ from run to run even under plain
 * java.
 */
final class MllibJobs {
    private static final int POINTS = 50_000;
    private static final int FEATURES = 10;
    private static final int CLUSTERS = 5;

    private MllibJobs() {
    }

    /** A point's coordinate in (-1, 1), from its index alone. */
    private static double coordinate(long point, int feature) {
        return (Data.mix(point * FEATURES + feature) >>> 11) * 0x1.0p-53 * 2 - 1;
    }

    private static Dataset<Row> points(SparkSession spark, StructType schema,
                                       org.apache.spark.api.java.function.Function<Long, Row> row) {
        Dataset<Row> df = spark.createDataFrame(spark.range(0, POINTS, 1, Data.PARTITIONS).javaRDD().map(row), schema)
                .cache();
        df.count();
        return df;
    }

    /** Logistic regression of a linear rule with 10% of labels flipped; checksum: coefficients to 4 places. */
    static SparkJobs.Job logisticRegression(SparkSession spark) {
        StructType schema = new StructType().add("label", DataTypes.DoubleType).add("features", SQLDataTypes.VectorType());
        Dataset<Row> data = points(spark, schema, i -> {
            double[] x = new double[FEATURES];
            double dot = 0;
            for (int f = 0; f < FEATURES; f++) {
                x[f] = coordinate(i, f);
                dot += x[f] * (f - FEATURES / 2.0);
            }
            boolean flip = Data.mix(-i - 1) % 10 == 0;
            return RowFactory.create(dot > 0 != flip ? 1.0 : 0.0, Vectors.dense(x));
        });
        LogisticRegression lr = new LogisticRegression().setMaxIter(20).setRegParam(0.01);
        return () -> {
            LogisticRegressionModel model = lr.fit(data);
            return rounded(model.coefficients().toArray(), "%.4f") + String.format(Locale.ROOT, "|%.4f",
                    model.intercept());
        };
    }

    /** k-means (5 clusters) of points around 5 centres; checksum: the centres, sorted, to 3 places. */
    static SparkJobs.Job kMeans(SparkSession spark) {
        StructType schema = new StructType().add("features", SQLDataTypes.VectorType());
        Dataset<Row> data = points(spark, schema, i -> {
            double[] x = new double[FEATURES];
            long centre = Math.floorMod(Data.mix(-i - 1), (long) CLUSTERS);
            for (int f = 0; f < FEATURES; f++) {
                x[f] = coordinate(i, f) + 4 * ((centre + f) % CLUSTERS);
            }
            return RowFactory.create(Vectors.dense(x));
        });
        KMeans kMeans = new KMeans().setK(CLUSTERS).setMaxIter(10).setSeed(1);
        return () -> {
            KMeansModel model = kMeans.fit(data);
            List<String> centres = Arrays.stream(model.clusterCenters()).map(Vector::toArray)
                    .map(c -> rounded(c, "%.3f")).sorted().toList();
            return String.join("|", centres);
        };
    }

    private static String rounded(double[] values, String format) {
        return Arrays.stream(values).mapToObj(v -> String.format(Locale.ROOT, format, v + 0.0))
                .collect(Collectors.joining(","));
    }
}
