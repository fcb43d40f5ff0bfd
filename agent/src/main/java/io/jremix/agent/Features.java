package io.jremix.agent;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;

import io.jremix.agent.cache.CacheFeature;
import io.jremix.agent.park.ParkFeature;
import io.jremix.agent.vbd.VbdFeature;
import io.jremix.options.OptionException;
import io.jremix.options.Output;
import io.jremix.options.Values;

/** jremix's features, in the order they start, and the ones a command line asks for. */
public final class Features {
    /**
     * Volatile-by-default first: it cannot rewrite a class loaded before it starts, so the features after it, which
     * load classes of their own as they start, load them only once it can.
     */
    private static final List<Feature<?>> ALL = List.of(new VbdFeature(), new ParkFeature(), new CacheFeature());

    private Features() {
    }

    /** Every feature, in the order they start; {@code dump} and {@code stop} ask each. */
    public static List<Feature<?>> all() {
        return ALL;
    }

    /** The features {@code values} ask for, each with its view of them, every one checked before any starts. */
    public static List<Asked<?>> asked(Values values) throws OptionException {
        List<Asked<?>> asked = new ArrayList<>();
        for (Feature<?> f : ALL) {
            Asked<?> a = ask(f, values);
            if (a != null) {
                asked.add(a);
            }
        }
        return asked;
    }

    /** The view of type {@code type} among {@code asked}; {@code null} when its feature was not asked for. */
    public static <O> O options(List<Asked<?>> asked, Class<O> type) {
        return asked.stream().map(Asked::options).filter(type::isInstance).map(type::cast).findFirst().orElse(null);
    }

    private static <O> Asked<O> ask(Feature<O> feature, Values values) throws OptionException {
        O options = feature.options(values);
        return options == null ? null : new Asked<>(feature, options);
    }

    /** A feature the options ask for, with its view of them. */
    public record Asked<O>(Feature<O> feature, O options) {
        /** Starts it; a failure leaves one line ("VBD: volatile-by-default is off: could not start (...)"). */
        public void start(Instrumentation inst, PrintStream err) {
            AgentLog log = feature.log(err, options);
            try {
                ModuleAccess.open(inst); // the probes use jdk.internal.misc.Unsafe, and java.base calls them
                feature.start(inst, options, log);
            } catch (RuntimeException | LinkageError e) {
                log.info(feature.name() + " is off: could not start (" + e + ")");
            }
        }

        public String attachRefusal() {
            return feature.attachRefusal(options);
        }

        public Feature.Handled attach(Instrumentation inst, List<Output> outputs, AnswerChannel answer) {
            return feature.attach(inst, options, outputs, answer);
        }
    }
}
