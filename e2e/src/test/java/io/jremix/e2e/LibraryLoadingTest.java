package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import com.google.common.util.concurrent.internal.InternalFutureFailureAccess;
import com.google.protobuf.Message;
import groovy.lang.GroovyObject;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.resolver.AddressResolver;
import io.netty.util.concurrent.EventExecutor;
import kotlin.Unit;
import kotlinx.coroutines.Job;
import net.bytebuddy.ByteBuddy;
import org.apache.commons.lang3.StringUtils;
import org.apache.commons.logging.LogFactory;
import org.apache.lucene.index.IndexWriter;
import org.h2.Driver;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.aop.Advisor;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.context.ApplicationContext;
import org.springframework.core.SpringVersion;
import org.springframework.expression.Expression;
import scala.collection.immutable.List$;

/**
 * Every class of twelve libraries programs load every day (spring-core and spring-context, netty, kotlin-stdlib
 * with kotlinx-coroutines, scala-library, groovy, byte-buddy, lucene-core, protobuf-java, h2, guava,
 * jackson-databind, commons-lang3: 23,874 classes) fares class by class as under plain java ({@link ClassOutcomes})
 * under all of jremix's modes together (or each alone, below), a detection window open over the whole load: a rewritten
 * class must need the classes its original needed, no more (stashed interface-call arguments once made byte-buddy's
 * JNA injector, compiled for Java 5, load JNA) and no fewer (VBD's stores once skipped the verifier's check of the
 * value's class, and three of groovy's classes loaded that plain java cannot load). Every run stops at C1, plain
 * java's too: C2 compiling the probed methods took two thirds of detection's CPU time, and compiling changes no
 * class's loading.
 */
class LibraryLoadingTest {
    private static final Class<?>[] LIBRARIES = {SpringVersion.class, LogFactory.class, ApplicationContext.class,
        BeanFactory.class, Advisor.class, Expression.class, Observation.class, KeyValue.class, EventExecutor.class,
        ByteBuf.class, AddressResolver.class, Channel.class, Unit.class, Job.class, List$.class, GroovyObject.class,
        ByteBuddy.class, IndexWriter.class, Message.class, Driver.class, ImmutableList.class,
        InternalFutureFailureAccess.class, ObjectMapper.class, JsonParser.class, JsonProperty.class,
        StringUtils.class};
    /**
     * For plain java and jremix alike: C1 only, and java.util.logging's lines without their time (lucene logs on
     * Temurin 25), so that stderr compares line by line.
     */
    private static final List<String> JVM = List.of("-XX:TieredStopAtLevel=1",
            "-Djava.util.logging.SimpleFormatter.format=%4$s: %5$s%6$s%n");
    /** A window that stays open, every class probed in it, until the program ends. */
    private static final List<String> WINDOW_OPEN_THROUGHOUT = List.of("-XX:REMIXWindow=3600s",
            "-XX:REMIXMaxWindow=3600s", "-XX:REMIXShedAfter=0", "-XX:REMIXClassWindow=0");

    @TempDir
    static Path dir;
    private static String[] jars;
    private static Jremix.Run plain;

    @BeforeAll
    static void runPlain() throws Exception {
        jars = Jremix.codesOf(LIBRARIES);
        plain = ClassOutcomes.loadUnderPlainJava(JVM, jars);
    }

    /**
     * All modes together, which probe, rewrite and hook what each does alone; each alone too with
     * {@code -Djremix.everyMode=true}. On this 2-core machine, other builds running, the test took 63 s on JDK 17
     * and 62 s on Temurin 25; with every mode 293 s on JDK 17 (detection 95 s, repair 85 s, park 12 s, VBD 29 s, all
     * together 47 s), past the 90 s per JDK that CI gives it. Each mode alone loads every class of three of these
     * libraries in {@link CombinedModesTest}.
     */
    static List<List<String>> modes() {
        List<List<String>> modes = ModeCombinations.eachAloneAndAll();
        return Boolean.getBoolean("jremix.everyMode") ? modes : List.of(modes.get(modes.size() - 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void everyClassFaresAsUnderPlainJava(List<String> modes) throws Exception {
        Map<String, Object> report = ClassOutcomes.assertLoadsAsPlain(plain, JVM, modes,
                WINDOW_OPEN_THROUGHOUT, dir, jars);
        if (report != null) { // one window, which probed the libraries and restored nothing before the end
            Map<String, Object> instrumentation = ClassOutcomes.instrumentation(report);
            assertEquals(0L, instrumentation.get("restored"), "restored before the end: " + instrumentation);
            assertTrue((Long) instrumentation.get("classes") > 15_000, "classes probed: " + instrumentation);
            List<?> windows = (List<?>) report.get("windowHistory");
            assertEquals(1, windows.size(), "windows: " + windows);
        }
    }
}
