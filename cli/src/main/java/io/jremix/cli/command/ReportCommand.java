package io.jremix.cli.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.jremix.options.InputFile;
import io.jremix.report.AtomicFiles;
import io.jremix.report.Json;
import io.jremix.report.ReportFormat;

/**
 * {@code bin/jremix report IN.json [-o OUT.html]}: turns a saved JSON report (cache, park or VBD) into its HTML page,
 * offline, from the cli jar, or into the format {@code OUT}'s name asks for ({@link ReportFormat}: a park or cache
 * report's collapsed stacks for {@code .collapsed}); the renderers are the report module's, which the agent also uses
 * for a report's name. Without {@code -o} the page goes beside the input, named after it. Every failure is one line
 * on stderr and exit code 2.
 */
public final class ReportCommand {
    static final int FAILED = 2;
    static final String USAGE = "Usage: bin/jremix report <report.json> [-o <report.html>]   the JSON report of a"
            + " run (-XX:REMIXReport, park report=, -XX:VBDReport) as one self-contained HTML page, or as a park or"
            + " cache report's collapsed stacks for an output named *.collapsed";
    /** The largest report read: a long run's report is a few megabytes. */
    static final int MAX_BYTES = 64 * 1024 * 1024;

    private ReportCommand() {
    }

    public static void main(String[] args) {
        System.exit(run(List.of(args), System.out, System.err));
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.size() == 1 && List.of("-h", "-help", "--help", "-?").contains(args.get(0))) {
            out.println(USAGE);
            return 0;
        }
        boolean named = args.size() == 3 && args.get(1).equals("-o");
        if (args.size() != 1 && !named) {
            err.println("jremix: error: expected a JSON report and optionally -o <file>\n" + USAGE);
            return FAILED;
        }
        Path in = Path.of(args.get(0));
        Path target = named ? Path.of(args.get(2)) : beside(in);
        try {
            String content = ReportFormat.render(target, document(in));
            AtomicFiles.checkWritable(target);
            AtomicFiles.write(target, content);
        } catch (IOException e) {
            err.println("jremix: error: " + in + ": " + AtomicFiles.reason(e));
            return FAILED;
        } catch (IllegalArgumentException e) {
            err.println("jremix: error: " + in + ": " + e.getMessage());
            return FAILED;
        }
        out.println("jremix: wrote " + target);
        return 0;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> document(Path in) throws IOException {
        Object doc = Json.parse(InputFile.utf8(in, MAX_BYTES));
        if (!(doc instanceof Map)) {
            throw new IllegalArgumentException("not a jremix report: the document is not a JSON object");
        }
        return (Map<String, Object>) doc;
    }

    private static Path beside(Path in) {
        String name = in.getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return in.resolveSibling(base + ".html");
    }
}
