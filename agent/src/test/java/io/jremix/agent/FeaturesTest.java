package io.jremix.agent;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.jremix.agent.cache.CacheOptions;
import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.feature.AnswerChannel;
import io.jremix.agent.feature.Asked;
import io.jremix.agent.feature.Feature;
import io.jremix.agent.park.ParkOptions;
import io.jremix.agent.vbd.VbdOptions;
import io.jremix.options.OptionException;
import io.jremix.options.Output;
import io.jremix.options.Spec;
import io.jremix.options.Values;
import io.jremix.report.cache.RepairProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FeaturesTest {

    private static List<Class<?>> asked(String... options) throws OptionException {
        return Asked.of(Features.ALL, Spec.parse(List.of(options))).stream().<Class<?>>map(a -> a.options().getClass()).toList();
    }

    @Test
    void volatileByDefaultStartsFirstAndEachFeatureOnlyWhenAskedFor(@TempDir Path dir) throws Exception {
        Path profile = Files.writeString(dir.resolve("p.json"), new RepairProfile(List.of()).json());
        assertEquals(List.of(VbdOptions.class, ParkOptions.class, CacheOptions.class),
                asked("-remix:detect", "-XXgetparkcontention", "-XX:+VBD"));
        assertEquals(List.of(), asked("-XX:+REMIXVerbose", "-XX:+VBDVerbose", "-XX:-VBD"), "settings ask for nothing");
        assertEquals(List.of(CacheOptions.class), asked("-XX:REMIXProfile=" + profile), "padding from a profile");
    }

    @Test
    void aFeatureThatFailsToStartSaysInOneLineThatItIsOff() {
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        new Asked<>(new Failing(), "options").start(noModules(),
                new PrintStream(lines, true, StandardCharsets.UTF_8));
        assertEquals("TEST: failing is off: could not start (java.lang.IllegalStateException: no)\n",
                lines.toString(StandardCharsets.UTF_8));
    }

    /** An Instrumentation whose redefineModule does nothing, the only method the shared start calls. */
    private static Instrumentation noModules() {
        return (Instrumentation) Proxy.newProxyInstance(FeaturesTest.class.getClassLoader(),
                new Class<?>[] {Instrumentation.class}, (proxy, method, args) -> null);
    }

    private static final class Failing implements Feature<String> {
        @Override
        public String name() {
            return "failing";
        }

        @Override
        public String options(Values values) {
            return "options";
        }

        @Override
        public AgentLog log(PrintStream err, String options) {
            return new AgentLog(err, "TEST: ", false, false);
        }

        @Override
        public void start(Instrumentation inst, String options, AgentLog log) {
            throw new IllegalStateException("no");
        }

        @Override
        public String attachRefusal(String options) {
            return null;
        }

        @Override
        public Handled attach(Instrumentation inst, String options, List<Output> outputs, AnswerChannel answer) {
            throw new IllegalStateException("no");
        }
    }
}
