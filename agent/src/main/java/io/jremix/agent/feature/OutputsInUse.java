package io.jremix.agent.feature;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.jremix.options.Output;
import io.jremix.report.OutputFiles;

/**
 * The files jremix writes in this JVM: those of the options the program started with, as long as it runs, and those
 * of what {@code bin/jremix attach} started, until it stops. An attach, or a dump, whose file is one of them is
 * refused: of two writers of one file, the later would replace what the other wrote.
 */
public final class OutputsInUse {
    private static final List<Output> IN_USE = new ArrayList<>();

    private OutputsInUse() {
    }

    public static synchronized void claim(List<Output> outputs) {
        IN_USE.addAll(outputs);
    }

    /** Those of {@code outputs} that name one of {@code files} ({@code null} ones ignored): one feature's. */
    public static List<Output> naming(List<Output> outputs, Path... files) {
        List<Path> named = Arrays.asList(files);
        return outputs.stream().filter(o -> named.contains(o.file())).toList();
    }

    /** Gives up the claims on {@code files}: nothing writes them any more. */
    public static synchronized void release(Path... files) {
        List<Path> named = Arrays.asList(files);
        IN_USE.removeIf(o -> named.contains(o.file()));
    }

    /** The line refusing {@code outputs}, naming the first that is in use and what writes it; null if none is. */
    public static synchronized String conflict(List<Output> outputs) {
        for (Output o : outputs) {
            String refusal = refusal(o.file(), "'" + o.option() + "'");
            if (refusal != null) {
                return refusal;
            }
        }
        return null;
    }

    /** The line refusing {@code file}, which {@code what} names, if it is in use here; null otherwise. */
    public static synchronized String refusal(Path file, String what) {
        for (Output o : IN_USE) {
            if (OutputFiles.same(file, o.file())) {
                return what + " names a file that jremix already writes in this program, for '" + o.option()
                        + "': give it a file of its own";
            }
        }
        return null;
    }
}
