package io.jremix.e2e.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.jremix.e2e.Jremix;
import io.jremix.e2e.LiveProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet as an operations team runs one: three JVMs of a service, each with jremix left on and the Prometheus JMX
 * exporter agent beside it, configured with the rules the distribution ships ({@code conf/jremix-prometheus.yaml}),
 * and a real Prometheus server scraping them over loopback. The queries are those of docs/fleet.md. Everything is
 * bounded in time: each query waits at most {@value #QUERY_MILLIS} ms for an answer with a series per instance.
 */
@Tag(Jremix.SAME_ON_EVERY_JDK)
class FleetTest {
    private static final int INSTANCES = 3;
    private static final long QUERY_MILLIS = 90_000;
    private static final String SERVICE = Jremix.PACKAGE + "LiveService";
    private static final String TALLY = SERVICE + "$Tally";
    private static final String SEMAPHORE = "java.util.concurrent.Semaphore$NonfairSync";

    @TempDir
    Path dir;

    @Test
    void prometheusGetsEachInstancesFalseSharingAndTopParkBlocker() throws Exception {
        PrometheusServer.require();
        Path rules = Jremix.HOME.resolve("conf/jremix-prometheus.yaml");
        List<LiveProgram> services = new ArrayList<>();
        List<String> targets = new ArrayList<>();
        try {
            for (int i = 0; i < INSTANCES; i++) {
                String target = "127.0.0.1:" + PrometheusServer.freePort();
                List<String> options = new ArrayList<>(Jremix.REARMED_WINDOWS);
                options.add("-XXgetparkcontention");
                options.add("-javaagent:" + Jremix.testDependency("jmx_prometheus_javaagent-") + "=" + target + ":" + rules);
                services.add(LiveProgram.start(options, SERVICE, "2"));
                targets.add(target);
            }
            for (LiveProgram s : services) {
                s.awaitLine("serving");
            }
            try (PrometheusServer prometheus = PrometheusServer.start(dir, targets)) {
                List<PrometheusServer.Series> findings = tallies(prometheus.await(
                        "sort_desc(jremix_cache_finding_misses_per_second{kind=~\".*false-sharing\"})",
                        s -> instances(tallies(s)).size() == INSTANCES, QUERY_MILLIS));
                assertEquals(Set.copyOf(targets), instances(findings), "the false sharing of each: " + findings);
                assertTrue(findings.stream().allMatch(f -> f.labels().get("fields").equals("value")
                        && f.labels().get("site").startsWith(TALLY + ".add(")), findings.toString());

                List<PrometheusServer.Series> top = prometheus.await(
                        "topk by (instance) (1, jremix_park_thread_time_millis{wait_kind!=\"idle\"})",
                        s -> instances(s).size() == INSTANCES, QUERY_MILLIS);
                assertEquals(Set.copyOf(targets), instances(top), "a top blocker of each: " + top);
                assertTrue(top.stream().allMatch(b -> b.labels().get("class").equals(SEMAPHORE)
                        && b.labels().get("site").startsWith("app//" + SERVICE + ".serve(")), top.toString());
            }
        } finally {
            for (LiveProgram s : services) {
                s.send("stop");
                Jremix.Run run = s.finish();
                assertEquals(0, run.exit(), run.stderr());
            }
        }
    }

    private static List<PrometheusServer.Series> tallies(List<PrometheusServer.Series> findings) {
        return findings.stream().filter(f -> f.labels().get("class").equals(TALLY)).toList();
    }

    private static Set<String> instances(List<PrometheusServer.Series> series) {
        return series.stream().map(s -> s.labels().get("instance")).collect(Collectors.toSet());
    }
}
