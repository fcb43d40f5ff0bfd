package io.jremix.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * jremix's arguments for a program run, sorted into jremix's options and java's arguments as java reads them
 * ({@link JavaGrammar}): a jremix option before the main class is jremix's, wherever it is among java's options
 * and {@code @argfiles}; after the main class (or {@code -jar} file, or {@code -m}/{@code --module=} module) every
 * argument is the program's. {@code --} before the main class ends jremix's options: it is dropped and every
 * argument after it goes to java as it is.
 * <p>
 * An {@code @argfile} stays an argument for java, which expands it; jremix reads it only to know where java's
 * options end (it may hold the main class). jremix options are not taken from argfiles: one found there, before
 * the main class, is an error (java would reject it as an unknown option).
 */
final class Arguments {
    private final JremixOptions jremix = new JremixOptions();
    private final List<Integer> java = new ArrayList<>();

    private Arguments() {
    }

    /** Reads the words of the file an {@code @argfile} names: empty when it cannot (java then says so). */
    @FunctionalInterface
    interface ArgFiles {
        Optional<List<String>> words(String file) throws LaunchException;
    }

    /** Sorts {@code args}, reading the words of {@code @argfiles} with {@code argFiles}. */
    static Arguments sort(List<String> args, ArgFiles argFiles) throws LaunchException {
        Arguments sorted = new Arguments();
        JavaGrammar grammar = new JavaGrammar();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!grammar.inProgram() && arg.equals("--")) {
                for (int j = i + 1; j < args.size(); j++) {
                    sorted.java.add(j);
                }
                break;
            }
            if (!grammar.inProgram() && JremixOptions.isJremix(arg)) {
                sorted.jremix.add(arg);
                continue;
            }
            sorted.java.add(i);
            if (grammar.inProgram()) {
                continue;
            }
            if (grammar.expandsArgFiles() && arg.startsWith("@") && arg.length() > 1) {
                if (arg.startsWith("@@")) { // java's escape for an argument that starts with @
                    grammar.accept(arg.substring(1));
                } else {
                    acceptArgFile(arg, argFiles.words(arg.substring(1)).orElse(List.of()), grammar);
                }
            } else {
                grammar.accept(arg);
            }
        }
        return sorted;
    }

    private static void acceptArgFile(String arg, List<String> words, JavaGrammar grammar) throws LaunchException {
        for (String word : words) {
            if (grammar.inProgram()) {
                return;
            }
            if (JremixOptions.isJremix(word)) {
                throw new LaunchException("jremix option '" + word + "' in " + arg
                        + ": give jremix options on the command line, outside argument files");
            }
            grammar.accept(word);
        }
    }

    JremixOptions jremix() {
        return jremix;
    }

    /** The indices, in {@code args}, of the arguments that go to java, in their order. */
    List<Integer> java() {
        return List.copyOf(java);
    }
}
