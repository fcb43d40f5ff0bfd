package io.jremix.cli;

/**
 * One word of the {@code java} command: either one of the arguments jremix was given, passed on as it came, or a
 * word jremix adds (the agent, a JVM flag). A shell that still has the original arguments refers to them by
 * position instead of repeating their text, so they reach java byte for byte whatever the locale.
 *
 * @param text     the word
 * @param argument its index among jremix's arguments (from 0), or -1 for a word jremix adds
 */
record Word(String text, int argument) {
    static Word added(String text) {
        return new Word(text, -1);
    }

    static Word argument(int index, String text) {
        return new Word(text, index);
    }

    boolean isArgument() {
        return argument >= 0;
    }
}
