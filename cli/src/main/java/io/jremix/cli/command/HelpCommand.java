package io.jremix.cli.command;

import java.util.List;
import java.util.Locale;

import io.jremix.cli.Main;
import io.jremix.options.Option;
import io.jremix.options.Option.HelpRow;
import io.jremix.options.Section;
import io.jremix.options.Spec;

/** {@code bin/jremix --help}: the options as the spec declares them, feature by feature, then the commands. */
public final class HelpCommand {
    /** The commands bin/jremix runs instead of a program, as the help and docs/options.md list them. */
    public static final List<HelpRow> COMMANDS = List.of(
            new HelpRow("bin/jremix --version, -version", "jremix's version, then java's (-version: on stderr)"),
            new HelpRow("bin/jremix dump <pid> [<file>]", "print a running program's park report now (JSON to file)"),
            new HelpRow("bin/jremix attach <pid> ...", "profile a running program (attach --help)"),
            new HelpRow("bin/jremix report <in> [-o <out>]", "a saved JSON report as one self-contained HTML page"),
            new HelpRow("bin/jremix doctor [--json <file>]", "what this machine and java offer to jremix"),
            new HelpRow("bin/jremix jit ...", "CompileCommand helpers and one method's assembly (jit --help)"),
            new HelpRow("bin/jremix signal ...", "the cost and latency of waking another thread (signal --help)"));

    private HelpCommand() {
    }

    /** Given by the launch plan when jremix got no arguments: then, as java, the help goes to stderr, exit code 1. */
    public static final String WITHOUT_ARGUMENTS = "--without-arguments";

    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals(WITHOUT_ARGUMENTS)) {
            System.err.print(text());
            System.exit(1);
        }
        System.out.print(text());
    }

    static String text() {
        StringBuilder sb = new StringBuilder();
        sb.append("jremix ").append(VersionCommand.current()).append(": run a Java program under jremix.\n\n");
        sb.append("Usage: bin/jremix [jremix options] [java options] <main class or -jar file> [args...]\n");
        sb.append("   or: java -javaagent:jremix-agent.jar=<options joined by commas> ...\n");
        for (Section section : Spec.sections()) {
            sb.append('\n').append(section.title()).append(":\n");
            sb.append(options(section));
        }
        sb.append("\nCommands:\n");
        COMMANDS.forEach(row -> line(sb, row));
        sb.append("\nEvery other option goes to java unchanged; the program's output and exit code are its own.\n");
        sb.append("A bad jremix option prints one line and exits with code ").append(Main.BAD_COMMAND_LINE)
                .append(" before the program starts.\n");
        return sb.toString();
    }

    /** A command's options as its own {@code --help} lists them. */
    public static String options(Section section) {
        StringBuilder sb = new StringBuilder();
        for (Option<?> option : section.options()) {
            option.helpRows().forEach(row -> line(sb, row));
        }
        return sb.toString();
    }

    /** One line of help: what to type, then what it does, in the column every help uses. */
    public static String line(String usage, String doc) {
        return String.format(Locale.ROOT, "  %-34s %s%n", usage, doc);
    }

    private static void line(StringBuilder sb, HelpRow row) {
        sb.append(line(row.usage(), row.doc()));
    }
}
