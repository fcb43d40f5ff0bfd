package io.jremix.options;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import io.jremix.options.Option.Choice;
import io.jremix.options.Option.Form;

/**
 * One feature's options, in the order {@code --help} lists them. Declaring an option here is all it takes: the
 * parser, the help and the docs' table find it. A section claims the arguments spelled its way (its mode word, its
 * {@code -XX:} prefix, its group word), so that a misspelt option of the feature is refused rather than handed to
 * java.
 */
public final class Section {
    private final String title;
    private final String xxPrefix;
    private final List<Option<?>> options = new ArrayList<>();

    /**
     * @param title    the heading in {@code --help} and the docs
     * @param xxPrefix the start of the names of its {@code -XX:} options ({@code REMIX}), or {@code null}
     */
    public Section(String title, String xxPrefix) {
        this.title = title;
        this.xxPrefix = xxPrefix;
    }

    public String title() {
        return title;
    }

    public List<Option<?>> options() {
        return List.copyOf(options);
    }

    /** {@code word} alone (the first choice) or {@code word:choice}; {@code off} is its value when not given. */
    public Option<String> mode(String word, String off, Choice... choices) {
        String[] words = List.of(choices).stream().map(Choice::word).toArray(String[]::new);
        return add(new Option<>(Form.MODE, word, Type.oneOf(words), off, "", List.of(choices)));
    }

    /** {@code -XX:+name} / {@code -XX:-name}, off by default. */
    public Option<Boolean> flag(String name, String doc) {
        return add(new Option<>(Form.XX, name, Type.FLAG, false, doc, List.of()));
    }

    /** {@code -XX:name=value}. */
    public <T> Option<T> value(String name, Type<T> type, T defaultValue, String doc) {
        return add(new Option<>(Form.XX, name, type, defaultValue, doc, List.of()));
    }

    /** {@code word[:list]}: on when given; the list holds this section's sub-options. */
    public Option<Boolean> group(String word, String doc) {
        return add(new Option<>(Form.GROUP, word, Type.FLAG, false, doc, List.of()));
    }

    /** {@code name=value} in the group's list. */
    public <T> Option<T> sub(String name, Type<T> type, T defaultValue, String doc) {
        return add(new Option<>(Form.SUB, name, type, defaultValue, doc, List.of()));
    }

    /** {@code name} alone in the group's list. */
    public Option<Boolean> subFlag(String name, String doc) {
        return add(new Option<>(Form.SUB, name, Type.FLAG, false, doc, List.of()));
    }

    /** A command's {@code --name value}. */
    public <T> Option<T> longOption(String name, Type<T> type, T defaultValue, String doc) {
        return add(new Option<>(Form.LONG, name, type, defaultValue, doc, List.of()));
    }

    /** A command's {@code --name} alone, off by default. */
    public Option<Boolean> longFlag(String name, String doc) {
        return add(new Option<>(Form.LONG, name, Type.FLAG, false, doc, List.of()));
    }

    private <T> Option<T> add(Option<T> option) {
        options.add(option);
        return option;
    }

    /**
     * The files that the options given in {@code values} ask to be written, each with the option that names it as
     * typed, in the order of the declarations.
     */
    public List<Output> outputs(Values values) {
        List<Output> outputs = new ArrayList<>();
        for (Option<?> o : options) {
            if (o.type().output() && values.given(o)) {
                outputs.add(new Output(values.argument(o), (Path) values.get(o), "")); // an output file reads a Path
            }
        }
        return outputs;
    }

    /** Whether {@code arg} is spelled as one of this section's options, right or wrong. */
    boolean claims(String arg) {
        return wordOption(arg) != null || (xxPrefix != null && xxName(arg).startsWith(xxPrefix));
    }

    /** Applies {@code arg}, which this section {@link #claims}, on top of {@code values}. */
    void apply(String arg, Values values) throws OptionException {
        Option<?> o = wordOption(arg);
        if (o == null) {
            applyXx(arg, values);
        } else if (o.form() == Form.MODE) {
            applyMode(o, arg, values);
        } else {
            applyGroup(o, arg, values);
        }
    }

    /** The mode or group whose word {@code arg} starts with, or {@code null}. */
    private Option<?> wordOption(String arg) {
        for (Option<?> o : options) {
            boolean mode = o.form() == Form.MODE && (arg.equals(o.name()) || arg.startsWith(o.name() + ":"));
            if (mode || (o.form() == Form.GROUP && arg.startsWith(o.name()))) {
                return o;
            }
        }
        return null;
    }

    /**
     * Parses a command's arguments, all of them this section's {@code --name value} options: a later one overrides
     * an earlier one; anything else is refused.
     */
    public Values parseCommand(List<String> args) throws OptionException {
        return parseCommand(args, null);
    }

    /**
     * Parses a command's {@code --name value} options, and adds the words that are not options, in their order, to
     * {@code operands}; with {@code operands} null, such a word is refused.
     */
    public Values parseCommand(List<String> args, List<String> operands) throws OptionException {
        Values values = new Values();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            Option<?> o = arg.startsWith("--") ? named(Form.LONG, arg.substring(2)) : null;
            if (o == null && operands != null && !arg.startsWith("-")) {
                operands.add(arg);
                continue;
            }
            if (o == null) {
                Optional<String> meant = arg.startsWith("--")
                        ? NearMiss.closest(arg.substring(2), names(Form.LONG)) : Optional.empty();
                throw new OptionException((arg.startsWith("-") ? "unknown option '" : "unexpected argument '")
                        + Excerpt.of(arg) + "'" + meant.map(m -> ": " + didYouMean("--" + m)).orElse(""));
            }
            if (o.isFlag()) {
                values.set(cast(o), true, arg, "");
            } else if (i + 1 == args.size()) {
                throw new OptionException("malformed option '" + Excerpt.of(arg) + "': use " + o.usage());
            } else {
                String value = args.get(++i);
                set(o, arg + " " + value, value, values);
            }
        }
        return values;
    }

    /** {@code arg}, which this section {@link #claims}, with each file it names made absolute ({@link Spec}). */
    String withAbsoluteFiles(String arg) throws OptionException {
        Option<?> word = wordOption(arg);
        if (word == null) {
            int eq = arg.indexOf('=');
            Option<?> o = named(Form.XX, xxName(arg));
            return o != null && o.type().namesFile() && eq >= 0
                    ? arg.substring(0, eq + 1) + absolute(arg.substring(eq + 1)) : arg;
        }
        if (word.form() != Form.GROUP || !arg.startsWith(word.name() + ":")) {
            return arg;
        }
        List<String> subs = new ArrayList<>();
        for (String sub : SubOptionList.split(arg.substring(word.name().length() + 1))) {
            int eq = sub.indexOf('=');
            Option<?> o = eq < 0 ? null : named(Form.SUB, sub.substring(0, eq));
            subs.add(o != null && o.type().namesFile()
                    ? sub.substring(0, eq + 1) + SubOptionList.quote(absolute(SubOptionList.value(sub))) : sub);
        }
        return word.name() + ":" + String.join(",", subs);
    }

    /** {@code file} made absolute; a name no path can have is left for the parser to refuse with its reason. */
    private static String absolute(String file) {
        try {
            return Path.of(file).toAbsolutePath().toString();
        } catch (InvalidPathException e) {
            return file;
        }
    }

    private static <T> void applyMode(Option<T> mode, String arg, Values values) throws OptionException {
        String word = arg.equals(mode.name()) ? mode.choices().get(0).word() : arg.substring(mode.name().length() + 1);
        try {
            values.set(mode, mode.type().read(word), arg, word);
        } catch (Type.BadValue e) {
            String all = mode.choices().stream().map(c -> mode.name() + ":" + c.word()).collect(Collectors.joining(" or "));
            Optional<String> meant = NearMiss.closest(word, mode.choices().stream().map(Choice::word).toList());
            throw new OptionException("unknown mode in '" + Excerpt.of(arg) + "': " + meant
                    .map(m -> didYouMean(mode.name() + ":" + m)).orElse("use " + mode.name() + ", " + all));
        }
    }

    private void applyGroup(Option<?> group, String arg, Values values) throws OptionException {
        if (!arg.equals(group.name()) && !arg.startsWith(group.name() + ":")) {
            throw new OptionException("unknown option '" + Excerpt.of(arg) + "'");
        }
        values.set(cast(group), true, arg, "");
        if (arg.equals(group.name())) {
            return;
        }
        String list = arg.substring(group.name().length() + 1);
        if (list.isEmpty()) {
            throw new OptionException("malformed option '" + Excerpt.of(arg) + "': expected sub-options after ':'");
        }
        List<String> subs;
        try {
            subs = SubOptionList.split(list);
        } catch (OptionException e) {
            throw new OptionException("malformed option '" + arg + "': " + e.getMessage());
        }
        for (String sub : subs) {
            int eq = sub.indexOf('=');
            Option<?> o = named(Form.SUB, eq < 0 ? sub : sub.substring(0, eq));
            if (o == null) {
                String name = eq < 0 ? sub : sub.substring(0, eq);
                Optional<String> meant = NearMiss.closest(name, names(Form.SUB));
                throw new OptionException("unknown sub-option '" + Excerpt.of(sub) + "' in '" + Excerpt.of(arg) + "': "
                        + meant.map(m -> didYouMean(m + sub.substring(name.length()))).orElse("use " + subUsages()));
            }
            if (o.isFlag() != (eq < 0)) {
                throw new OptionException("malformed option '" + Excerpt.of(arg) + "': "
                        + (o.isFlag() ? o.name() + " takes no value" : "use " + o.usage()));
            }
            // the sub-option alone, in its group, is what names it in a message about its value
            set(o, group.name() + ":" + sub, eq < 0 ? null : SubOptionList.value(sub), values);
        }
    }

    private void applyXx(String arg, Values values) throws OptionException {
        String body = arg.substring("-XX:".length());
        boolean flagSyntax = body.startsWith("+") || body.startsWith("-");
        int eq = body.indexOf('=');
        String name = xxName(arg);
        Option<?> o = named(Form.XX, name);
        if (o == null) {
            int at = arg.indexOf(name, "-XX:".length());
            throw new OptionException("unknown option '" + Excerpt.of(arg) + "'" + NearMiss.closest(name, names(Form.XX))
                    .map(m -> ": " + didYouMean(arg.substring(0, at) + m + arg.substring(at + name.length())))
                    .orElse(""));
        }
        if (o.isFlag() != flagSyntax || (flagSyntax && eq >= 0) || (!flagSyntax && eq < 0)) {
            throw new OptionException("malformed option '" + Excerpt.of(arg) + "': use " + o.usage());
        }
        if (flagSyntax) {
            values.set(cast(o), body.charAt(0) == '+', arg, "");
        } else {
            set(o, arg, body.substring(eq + 1), values);
        }
    }

    /** Reads {@code value} into {@code option}; a flag (no value) is set on. */
    private static <T> void set(Option<T> option, String arg, String value, Values values) throws OptionException {
        try {
            String text = value == null ? "" : value;
            values.set(option, option.type().read(text), arg, text);
        } catch (Type.BadValue e) {
            throw new OptionException("bad value in '" + Excerpt.of(arg) + "': " + e.getMessage());
        }
    }

    /** A flag's option, known by its type to hold a Boolean. */
    @SuppressWarnings("unchecked")
    private static Option<Boolean> cast(Option<?> flag) {
        return (Option<Boolean>) flag;
    }

    private Option<?> named(Form form, String name) {
        return options.stream().filter(o -> o.form() == form && o.name().equals(name)).findFirst().orElse(null);
    }

    private List<String> names(Form form) {
        return options.stream().filter(o -> o.form() == form).map(Option::name).toList();
    }

    /** The hint after a misspelt option: what it would be with the name corrected. */
    private static String didYouMean(String corrected) {
        return "did you mean '" + Excerpt.of(corrected) + "'?";
    }

    private String subUsages() {
        List<String> usages = options.stream().filter(o -> o.form() == Form.SUB).map(Option::usage).toList();
        return String.join(", ", usages.subList(0, usages.size() - 1)) + " or " + usages.get(usages.size() - 1);
    }

    /** The name of a {@code -XX:} option without its sign and value; empty for any other argument. */
    private static String xxName(String arg) {
        if (!arg.startsWith("-XX:")) {
            return "";
        }
        String body = arg.substring(4);
        if (body.startsWith("+") || body.startsWith("-")) {
            body = body.substring(1);
        }
        int eq = body.indexOf('=');
        return eq < 0 ? body : body.substring(0, eq);
    }
}
