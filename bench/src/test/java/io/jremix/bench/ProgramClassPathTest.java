package io.jremix.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;

import org.junit.jupiter.api.Test;

class ProgramClassPathTest {
    @Test
    void leavesOutTheModulesTheAgentCarries() {
        String lib = "bench/target/lib/";
        String harness = String.join(File.pathSeparator, "bench/target/jremix-bench.jar",
                lib + "jremix-core-0.1.0-SNAPSHOT.jar", lib + "jremix-report-0.1.0-SNAPSHOT.jar",
                lib + "jremix-workloads-0.1.0-SNAPSHOT.jar", lib + "tomcat-embed-core-10.1.34.jar", "core/target/classes");

        assertEquals(String.join(File.pathSeparator, "bench/target/jremix-bench.jar",
                lib + "jremix-workloads-0.1.0-SNAPSHOT.jar", lib + "tomcat-embed-core-10.1.34.jar", "core/target/classes"),
                ProgramClassPath.of(harness));
    }
}
