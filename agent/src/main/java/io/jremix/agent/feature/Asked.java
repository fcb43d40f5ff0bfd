package io.jremix.agent.feature;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;

import io.jremix.options.OptionException;
import io.jremix.options.Output;
import io.jremix.options.Values;

/** A feature the options ask for, with its view of them. */
public record Asked<O>(Feature<O> feature, O options) {

    /** The {@code features} that {@code values} ask for, in their order, every one checked before any starts. */
    public static List<Asked<?>> of(List<Feature<?>> features, Values values) throws OptionException {
        List<Asked<?>> asked = new ArrayList<>();
        for (Feature<?> f : features) {
            Asked<?> a = ask(f, values);
            if (a != null) {
                asked.add(a);
            }
        }
        return asked;
    }

    private static <O> Asked<O> ask(Feature<O> feature, Values values) throws OptionException {
        O options = feature.options(values);
        return options == null ? null : new Asked<>(feature, options);
    }

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
