package io.jremix.e2e;

import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import com.google.common.util.concurrent.internal.InternalFutureFailureAccess;
import org.apache.commons.lang3.StringUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every class of guava, jackson-databind and commons-lang3 loads, under combinations of jremix's modes that hold every
 * pair of two modes' settings ({@link ModeCombinations#everyPair}), as it does under plain java: class by class the
 * same outcome ({@link ClassOutcomes}), the same exit code, and on stderr plain java's lines and jremix's own only.
 * A transformer or a probe that let an exception escape would show as the JVM's
 * {@code *** java.lang.instrument ASSERTION FAILED ***} line, as a class that failed to load, or as a class jremix
 * skipped.
 *
 * <p>Which parts of jremix each combination installs is jremix's own logic, so the pairs run on the first JDK only;
 * on every JDK {@link LibraryLoadingTest} loads these libraries' classes, and nine more libraries', under all the
 * modes together.
 */
@Tag(Jremix.SAME_ON_EVERY_JDK)
class CombinedModesTest {
    private static final Class<?>[] LIBRARIES = {ImmutableList.class, InternalFutureFailureAccess.class,
        ObjectMapper.class, JsonParser.class, JsonProperty.class, StringUtils.class};

    @TempDir
    static Path dir;
    private static String[] jars;
    private static Jremix.Run plain;

    @BeforeAll
    static void runPlain() throws Exception {
        jars = Jremix.codesOf(LIBRARIES);
        plain = ClassOutcomes.loadUnderPlainJava(List.of(), jars);
    }

    static List<List<String>> modes() {
        return ModeCombinations.everyPair();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void everyClassLoadsAsUnderPlainJava_andStderrHoldsOnlyJremixLines(List<String> modes) throws Exception {
        ClassOutcomes.assertLoadsAsPlain(plain, List.of(), modes, List.of(), dir, jars);
    }
}
