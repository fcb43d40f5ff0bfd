package io.jremix.cli;

import java.util.Set;

/**
 * Where java's own options end, read one argument at a time as the JDK launcher reads them (java.c's
 * ParseArguments, the same in JDK 17 to 25): an option whose value is the next argument takes it unless that starts
 * with {@code -}; the first other argument not starting with {@code -} is the main class, the {@code -jar} file or
 * the source file, and so is the value of {@code -m}/{@code --module}; after {@code --module=app/Main} or after the
 * main class, every argument is the program's.
 */
final class JavaGrammar {
    /** java.c's IsWhiteSpaceOption: its launcher and module options that take the next argument as their value. */
    static final Set<String> OPTIONS_WITH_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--upgrade-module-path", "--add-modules", "--enable-native-access", "--limit-modules", "--add-exports",
            "--add-opens", "--add-reads", "--patch-module", "-d", "--describe-module", "--source", "-m", "--module");
    private static final Set<String> MODULE_OPTIONS = Set.of("-m", "--module");

    private boolean valueNext;
    private boolean mainIsValue;
    private boolean program;
    private boolean argFiles = true;

    /** Reads the next argument (after its {@code @file} was expanded, if it was one). */
    void accept(String arg) {
        if (program) {
            return;
        }
        if (arg.startsWith("-")) {
            valueNext = OPTIONS_WITH_VALUE.contains(arg);
            mainIsValue = MODULE_OPTIONS.contains(arg);
            program = arg.startsWith("--module=");
            argFiles &= !arg.equals("--disable-@files");
        } else if (valueNext) {
            valueNext = false;
            program = mainIsValue;
        } else {
            program = true;
        }
    }

    /** Whether the arguments from here on are the program's. */
    boolean inProgram() {
        return program;
    }

    /** Whether java still expands {@code @file} arguments ({@code --disable-@files} stops it). */
    boolean expandsArgFiles() {
        return argFiles;
    }
}
