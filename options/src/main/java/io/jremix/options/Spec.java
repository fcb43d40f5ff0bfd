package io.jremix.options;

import java.util.List;

/** Every jremix option, by feature in the order {@code --help} lists them, and the parser made from them. */
public final class Spec {
    private Spec() {
    }

    public static List<Section> sections() {
        return List.of(CacheContentionOptions.SECTION, ParkContentionOptions.SECTION, VolatileByDefaultOptions.SECTION);
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
                throw new OptionException("unknown option '" + arg + "'");
            }
            section.apply(arg, values);
        }
        return values;
    }

    private static Section section(String arg) {
        return sections().stream().filter(s -> s.claims(arg)).findFirst().orElse(null);
    }
}
