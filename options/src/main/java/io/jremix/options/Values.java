package io.jremix.options;

import java.util.HashMap;
import java.util.Map;

/** The options of one command line, parsed: each option's value, or its default when it was not given. */
public final class Values {
    private final Map<Option<?>, Object> values = new HashMap<>();
    private final Map<Option<?>, String> arguments = new HashMap<>();
    private final Map<Option<?>, String> texts = new HashMap<>();

    /** The value given last, as java takes the last of a repeated option, else the default. */
    @SuppressWarnings("unchecked") // set() only ever stores an Option<T>'s own type
    public <T> T get(Option<T> option) {
        return values.containsKey(option) ? (T) values.get(option) : option.defaultValue();
    }

    public boolean given(Option<?> option) {
        return values.containsKey(option);
    }

    /** The argument, as typed, that gave the option its value: for messages about it. */
    public String argument(Option<?> option) {
        return arguments.get(option);
    }

    /** The value as typed, before it was read: a file name as the user wrote it, for messages about it. */
    public String text(Option<?> option) {
        return texts.get(option);
    }

    <T> void set(Option<T> option, T value, String argument, String text) {
        values.put(option, value);
        arguments.put(option, argument);
        texts.put(option, text);
    }
}
