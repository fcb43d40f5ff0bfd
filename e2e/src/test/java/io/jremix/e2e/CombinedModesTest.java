package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import com.google.common.util.concurrent.internal.InternalFutureFailureAccess;
import org.apache.commons.lang3.StringUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every class of guava, jackson-databind and commons-lang3 loads, under every combination of jremix's modes, as it
 * does under plain java: the same output and exit code, and on stderr plain java's lines and jremix's own only. A transformer
 * or a probe that let an exception escape would show as the JVM's {@code *** java.lang.instrument ASSERTION
 * FAILED ***} line, as a class that failed to load, or as a class jremix skipped.
 */
class CombinedModesTest {
    private static final String LOAD_EVERY_CLASS = "io.jremix.workloads.LoadEveryClass";
    private static final Class<?>[] LIBRARIES = {ImmutableList.class, InternalFutureFailureAccess.class,
        ObjectMapper.class, JsonParser.class, JsonProperty.class, StringUtils.class};

    @TempDir
    static Path dir;
    private static String[] jars;
    private static Jremix.Run plain;

    @BeforeAll
    static void runPlain() throws Exception {
        List<String> paths = new ArrayList<>();
        for (Class<?> c : LIBRARIES) {
            paths.add(jarOf(c));
        }
        jars = paths.toArray(String[]::new);
        plain = Jremix.main(List.of(), Jremix.WORKLOADS.toString(), LOAD_EVERY_CLASS, jars);
        assertEquals(0, plain.exit(), plain.stderr());
        assertTrue(plain.stdout().startsWith("loaded "), plain.stdout());
    }

    private static String jarOf(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    static List<List<String>> modes() {
        return ModeCombinations.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void everyClassLoadsAsUnderPlainJava_andStderrHoldsOnlyJremixLines(List<String> modes) throws Exception {
        Path report = dir.resolve(String.join("", modes).replaceAll("[^A-Za-z]", "") + ".json");
        List<String> options = new ArrayList<>(ModeCombinations.withProfileIn(modes, dir));
        boolean detects = ModeCombinations.detects(modes);
        if (detects) {
            options.add("-XX:REMIXReport=" + report);
        }

        Jremix.Run run = Jremix.main(options, Jremix.WORKLOADS.toString(), LOAD_EVERY_CLASS, jars);

        assertEquals(0, run.exit(), run.stderr());
        assertEquals(plain.stdout(), run.stdout(), "every class loads as it does without jremix");
        ModeCombinations.assertPlainStderrPlusJremixLines(run, plain.stderrLines());
        assertTrue(run.stderrLines().stream().noneMatch(l -> l.startsWith("VBD: Could not rewrite")), run.stderr());
        if (detects) {
            @SuppressWarnings("unchecked")
            Map<String, Object> instrumentation = (Map<String, Object>) Jremix.json(report).get("instrumentation");
            assertEquals(0L, instrumentation.get("skipped"), instrumentation.toString());
        }
    }
}
