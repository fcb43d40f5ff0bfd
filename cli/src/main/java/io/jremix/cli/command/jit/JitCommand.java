package io.jremix.cli.command.jit;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.jremix.cli.command.HelpCommand;
import io.jremix.options.JitCommandOptions;
import io.jremix.options.Option;
import io.jremix.options.OptionException;
import io.jremix.options.Output;
import io.jremix.options.Values;
import io.jremix.report.AtomicFiles;
import io.jremix.report.OutputFiles;

import static io.jremix.options.JitCommandOptions.FILE;
import static io.jremix.options.JitCommandOptions.LOG;
import static io.jremix.options.JitCommandOptions.SUMMARY;
import static io.jremix.options.JitCommandOptions.TIER;

/** {@code bin/jremix jit}: runs a program with CompileCommands, and shows one method's assembly with a summary. */
public final class JitCommand {
    static final int MISSING_HSDIS = 3;
    static final int NOT_COMPILED = 4;

    static final String USAGE = """
            Usage: bin/jremix jit asm METHOD [--tier c2|c1|last|all] [--summary] [--log FILE] -- JAVA_ARGS...
                   bin/jremix jit command KIND PATTERN [FLAG] [--file FILE] [--log FILE] [-- JAVA_ARGS...]
                   bin/jremix jit command --file FILE [--log FILE] [-- JAVA_ARGS...]
                   bin/jremix jit summary FILE
            asm      runs the program with -XX:CompileCommand=print,METHOD and prints METHOD's assembly in Intel
                     syntax (through hsdis), then per compiled method: instructions, lock-prefixed instructions,
                     xchg with memory (implicitly locked), mfence, lfence/sfence. METHOD: com.example.Foo::bar,
                     * allowed.
            command  KIND is print, inline, dontinline, exclude, compileonly, log or option (option takes the
                     FLAG to set for the method, e.g. PrintInlining). Maps to -XX:CompileCommand=KIND,PATTERN[,FLAG];
                     with --file, adds the line to FILE (a .hotspot_compiler file) and uses
                     -XX:CompileCommandFile=FILE. Without JAVA_ARGS, prints the JVM options instead of running.
            summary  the summary table of a saved PrintAssembly output or HotSpot log file.
            """ + HelpCommand.options(JitCommandOptions.SECTION) + """
            hsdis: Debian's libhsdis0-fcml (apt-get install libhsdis0-fcml), adapted to this JDK in jremix's
                   lib/hsdis (cli/target/hsdis in a source checkout);
            JREMIX_HSDIS_PATH (directories, colon-separated) says where to look for its libhsdis.so.0.
            Exit codes: 0 done, 2 bad arguments, 3 no usable hsdis, 4 METHOD was not compiled (or FILE holds no
            compiled method), else the program's own exit code when it failed.
            """;

    private JitCommand() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The arguments before {@code --} (the tool's) and after it (java's; null when there is no {@code --}). */
    private record Split(List<String> own, List<String> java) {
        static Split of(String[] args) {
            List<String> all = Arrays.asList(args);
            int dashes = all.indexOf("--");
            return dashes < 0 ? new Split(all, null) : new Split(all.subList(0, dashes), all.subList(dashes + 1, all.size()));
        }
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Split split = Split.of(args);
        List<String> own = split.own();
        if (own.isEmpty() || own.contains("-h") || own.contains("--help")) {
            (own.isEmpty() ? err : out).print(USAGE);
            return own.isEmpty() ? 2 : 0;
        }
        try {
            return switch (own.get(0)) {
                case "asm" -> asm(own.subList(1, own.size()), split.java(), out, err);
                case "command" -> command(own.subList(1, own.size()), split.java(), out);
                case "summary" -> summary(own.subList(1, own.size()), split.java(), out, err);
                default -> throw new IllegalArgumentException("unknown subcommand '" + own.get(0) + "' (asm, command, summary)");
            };
        } catch (IllegalArgumentException e) {
            err.println("jremix jit: " + e.getMessage() + " (see bin/jremix jit --help)");
            return 2;
        } catch (IOException e) {
            err.println("jremix jit: " + e);
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("jremix jit: interrupted");
            return 1;
        }
    }

    /** A sub-command's options, as {@link JitCommandOptions} declares them, and the operands left. */
    private static final class Options {
        final List<String> positional = new ArrayList<>();
        final Values values;

        Options(List<String> args, List<Option<?>> allowed) {
            try {
                values = JitCommandOptions.SECTION.parseCommand(args, positional);
            } catch (OptionException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
            for (Option<?> o : JitCommandOptions.SECTION.options()) {
                if (values.given(o) && !allowed.contains(o)) {
                    throw new IllegalArgumentException("unknown option '" + values.argument(o).split(" ")[0] + "'");
                }
            }
            checkOutputs();
        }

        /** The files given refused before the JVM starts, as jremix's own outputs are, rather than lost after. */
        private void checkOutputs() {
            List<Output> outputs = new ArrayList<>();
            for (Option<Path> o : List.of(FILE, LOG)) {
                if (values.given(o)) {
                    outputs.add(new Output(values.argument(o), file(o).toAbsolutePath(), ""));
                }
            }
            try {
                OutputFiles.check(outputs);
            } catch (OptionException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
        }

        /** A file as typed (the JVM options printed name it so), or null. */
        Path file(Option<Path> option) {
            return values.given(option) ? Path.of(values.text(option)) : null;
        }
    }

    private static int asm(List<String> args, List<String> java, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        Options o = new Options(args, List.of(TIER, SUMMARY, LOG));
        Tier tier = Tier.of(o.values.get(TIER));
        Path logFile = o.file(LOG);
        if (o.positional.size() != 1) {
            throw new IllegalArgumentException("asm takes one METHOD, e.g. 'com.example.Foo::bar'");
        }
        if (java == null || java.isEmpty()) {
            throw new IllegalArgumentException("asm needs the program to run after --");
        }
        CompileCommand print = new CompileCommand("print", o.positional.get(0), null);
        Hsdis.Found hsdis;
        try {
            // bin/jremix names a directory of the installation (cli/target/hsdis in a source checkout)
            Path adapterDir = Path.of(System.getProperty("jremix.hsdis",
                    Path.of(System.getProperty("java.io.tmpdir"), "jremix-hsdis").toString()));
            hsdis = Hsdis.locate(Path.of(System.getProperty("java.home")), System.getProperty("os.arch"),
                    Hsdis.searchPath(System.getenv("JREMIX_HSDIS_PATH")), adapterDir);
        } catch (Hsdis.Missing e) {
            err.println("jremix jit: " + e.getMessage());
            return MISSING_HSDIS;
        }
        Path log = logFile != null ? logFile : Files.createTempFile("jremix-jit", ".log");
        List<String> jvm = new ArrayList<>(List.of("-XX:+UnlockDiagnosticVMOptions", print.jvmOption(),
                "-XX:PrintAssemblyOptions=intel", "-XX:+LogVMOutput", "-XX:-DisplayVMOutput", "-XX:LogFile=" + log));
        if (logFile != null) {
            jvm.add("-XX:+LogCompilation");
        }
        int exit;
        String text;
        try {
            exit = JavaRun.run(jvm, java, hsdis.libraryPath());
            text = Files.exists(log) ? Files.readString(log) : "";
        } finally {
            if (logFile == null) {
                Files.deleteIfExists(log);
            }
        }
        List<CompiledMethod> compiles = CompiledMethod.parseAll(text);
        if (compiles.stream().anyMatch(c -> !c.decoded())) {
            err.println("jremix jit: the JVM printed raw bytes: the hsdis it loaded (" + hsdis.library()
                    + ") cannot decode for it; " + Hsdis.INSTALL + " and remove other hsdis-amd64.so files from the JDK");
            return MISSING_HSDIS;
        }
        List<CompiledMethod> chosen = tier.choose(compiles);
        if (chosen.isEmpty()) {
            err.println("jremix jit: " + print.pattern() + " was not compiled" + (compiles.isEmpty() ? "" : " by " + o.values.get(TIER))
                    + " while the program ran: run it longer or check the pattern (pkg.Class::method, * allowed)");
            return exit != 0 ? exit : NOT_COMPILED;
        }
        for (CompiledMethod c : chosen) {
            if (tier == Tier.C2 && c.tier() != 4) {
                err.println("jremix jit: " + c.method() + " reached tier " + c.tier() + " only; showing that compile");
            }
            if (!o.values.get(SUMMARY)) {
                c.listing().forEach(out::println);
                out.println();
            }
        }
        out.print(AssemblySummary.table(chosen.stream().map(AssemblySummary::of).toList()));
        return exit;
    }

    private static int command(List<String> args, List<String> java, PrintStream out) throws IOException, InterruptedException {
        Options o = new Options(args, List.of(FILE, LOG));
        Path file = o.file(FILE);
        Path logFile = o.file(LOG);
        List<String> p = o.positional;
        CompileCommand command = null;
        if (!p.isEmpty()) {
            if (p.size() < 2 || p.size() > 3) {
                throw new IllegalArgumentException("command takes KIND PATTERN [FLAG]");
            }
            command = new CompileCommand(p.get(0), p.get(1), p.size() == 3 ? p.get(2) : null);
        } else if (file == null) {
            throw new IllegalArgumentException("command needs KIND PATTERN, or --file FILE");
        }
        List<String> jvm = new ArrayList<>(List.of("-XX:+UnlockDiagnosticVMOptions"));
        if (file != null) {
            List<String> lines = Files.exists(file) ? Files.readAllLines(file) : List.of();
            if (command == null && lines.isEmpty()) {
                throw new IllegalArgumentException(file + " holds no CompileCommand");
            }
            if (command != null && !lines.contains(command.line())) {
                List<String> added = new ArrayList<>(lines);
                added.add(command.line());
                AtomicFiles.write(file, String.join("\n", added) + "\n");
            }
            jvm.add("-XX:CompileCommandFile=" + file);
        } else {
            jvm.add(command.jvmOption());
        }
        if (logFile != null) {
            jvm.addAll(List.of("-XX:+LogCompilation", "-XX:LogFile=" + logFile));
        }
        if (java == null) {
            jvm.forEach(out::println);
            return 0;
        }
        return JavaRun.run(jvm, java, null);
    }

    private static int summary(List<String> args, List<String> java, PrintStream out, PrintStream err) throws IOException {
        if (args.size() != 1 || java != null) {
            throw new IllegalArgumentException("summary takes one FILE");
        }
        Path file = Path.of(args.get(0));
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException("cannot read " + file);
        }
        List<AssemblySummary> summaries = AssemblySummary.of(Files.readString(file));
        if (summaries.isEmpty()) {
            err.println("jremix jit: no compiled method in " + file);
            return NOT_COMPILED;
        }
        out.print(AssemblySummary.table(summaries));
        return 0;
    }
}
