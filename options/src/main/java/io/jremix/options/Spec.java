package io.jremix.options;

import java.util.ArrayList;
import java.util.List;

/** Every jremix option: the features' options in the order {@code --help} lists them, the commands' own, and the parser. */
public final class Spec {
    private Spec() {
    }

    public static List<Section> sections() {
        return List.of(CacheContentionOptions.SECTION, ParkContentionOptions.SECTION, VolatileByDefaultOptions.SECTION);
    }

    /** The options of the commands bin/jremix runs instead of a program, each parsed by its section. */
    public static List<Section> commands() {
        return List.of(DoctorCommandOptions.SECTION, JitCommandOptions.SECTION, SignalCommandOptions.SECTION);
    }

    /** Whether {@code arg} is spelled as a jremix option (so jremix's to accept or refuse, never java's). */
    public static boolean claims(String arg) {
        return section(arg) != null;
    }

    /** Parses {@code args}, in order: a later option overrides an earlier one, as in java. */
    public static Values parse(List<String> args) throws OptionException {
        Values values = new Values();
        for (String arg : args) {
            Section section = section(arg);
            if (section == null) {
                throw new OptionException("unknown option '" + Excerpt.of(arg) + "'");
            }
            section.apply(arg, values);
        }
        return values;
    }

    /** The files a program run with these options writes: the reports asked for, and the profile if detection runs. */
    public static List<Output> outputs(Values values) {
        List<Output> outputs = new ArrayList<>();
        for (Section s : sections()) {
            outputs.addAll(s.outputs(values));
        }
        Output profile = CacheContentionOptions.profileOutput(values);
        if (profile != null) {
            outputs.add(profile);
        }
        return outputs;
    }

    /**
     * {@code arg}, a jremix option, with each file it names made absolute against this process's directory: for an
     * agent that reads it in another process, which would resolve it against its own.
     */
    public static String withAbsoluteFiles(String arg) throws OptionException {
        Section section = section(arg);
        return section == null ? arg : section.withAbsoluteFiles(arg);
    }

    private static Section section(String arg) {
        return sections().stream().filter(s -> s.claims(arg)).findFirst().orElse(null);
    }
}
