package io.jremix.options;

import java.util.ArrayList;
import java.util.List;

/**
 * One option, declared once in its feature's section: how it is written, its type, default and one-line doc. The
 * parser, {@code --help} and the tables of {@code docs/options.md} all read it from here.
 *
 * @param <T> the type of its value
 */
public final class Option<T> {
    /** How an option is written on the command line. */
    enum Form {
        /** {@code -remix} or {@code -remix:detect}: a word, alone or with one of its choices. */
        MODE,
        /** HotSpot's {@code -XX:+Name}, {@code -XX:-Name} or {@code -XX:Name=value}. */
        XX,
        /** {@code -XXgetparkcontention[:sub,sub=value]}: on when given, with its section's sub-options after ':'. */
        GROUP,
        /** {@code name=value}, or {@code name} alone for a flag, inside a group's list. */
        SUB,
        /** A command's {@code --name value}, or {@code --name} alone for a flag. */
        LONG
    }

    /** A choice of a mode: the word after the colon and what it does. The first is also the bare word's. */
    public record Choice(String word, String doc) {
    }

    private final Form form;
    private final String name;
    private final Type<T> type;
    private final T defaultValue;
    private final String doc;
    private final List<Choice> choices;

    Option(Form form, String name, Type<T> type, T defaultValue, String doc, List<Choice> choices) {
        this.form = form;
        this.name = name;
        this.type = type;
        this.defaultValue = defaultValue;
        this.doc = doc;
        this.choices = List.copyOf(choices);
    }

    Form form() {
        return form;
    }

    String name() {
        return name;
    }

    public Type<T> type() {
        return type;
    }

    public T defaultValue() {
        return defaultValue;
    }

    boolean isFlag() {
        return type == Type.FLAG;
    }

    public List<Choice> choices() {
        return choices;
    }

    /** How the option is written, with a placeholder for its value: {@code -XX:REMIXWindow=<seconds>}. */
    public String usage() {
        return switch (form) {
            case MODE -> name + "[:" + String.join("|", choices.stream().map(Choice::word).toList()) + "]";
            case XX -> isFlag() ? "-XX:+" + name : "-XX:" + name + "=" + type.placeholder();
            case GROUP -> name + "[:<list>]";
            case SUB -> isFlag() ? name : name + "=" + type.placeholder();
            case LONG -> isFlag() ? "--" + name : "--" + name + " " + type.placeholder();
        };
    }

    /** The default as the docs show it; empty for flags and groups, which are off unless given. */
    public String defaultText() {
        return isFlag() ? "" : type.show(defaultValue);
    }

    /** What it does, in one line. */
    public String doc() {
        return doc;
    }

    /** The rows of {@code --help}: usage and doc; a mode has one row per choice, sub-options are indented. */
    public List<HelpRow> helpRows() {
        List<HelpRow> rows = new ArrayList<>();
        if (form == Form.MODE) {
            for (Choice c : choices) {
                String usage = name + ":" + c.word();
                rows.add(new HelpRow(c == choices.get(0) ? name + ", " + usage : usage, c.doc()));
            }
        } else {
            boolean noDefault = defaultText().isEmpty() || defaultValue == null; // an unset file is said by the doc
            String withDefault = noDefault ? doc : doc + " (default " + defaultText() + ")";
            rows.add(new HelpRow(form == Form.SUB ? "  " + usage() : usage(), withDefault));
        }
        return rows;
    }

    /** One line of help: what to type, then what it does. */
    public record HelpRow(String usage, String doc) {
    }
}
