package io.jremix.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.jremix.options.OptionException;
import io.jremix.options.Output;

/**
 * The files a run will write, checked before it starts so that none is lost when the run's data is ready: each can
 * be written ({@link AtomicFiles#checkWritable}), and no two are the same file, where the one written last would
 * replace the other.
 */
public final class OutputFiles {
    private OutputFiles() {
    }

    /** Refuses, in one line naming the options, an output that could not be written or that another one names too. */
    public static void check(List<Output> outputs) throws OptionException {
        for (Output o : outputs) {
            try {
                AtomicFiles.checkWritable(o.file());
            } catch (IOException e) {
                throw new OptionException("cannot write '" + o.option() + "': " + e.getMessage()
                        + (o.note().isEmpty() ? "" : "; " + o.note()));
            }
        }
        for (int i = 0; i < outputs.size(); i++) {
            for (int j = i + 1; j < outputs.size(); j++) {
                Output a = outputs.get(i);
                Output b = outputs.get(j);
                if (same(a.file(), b.file())) {
                    throw new OptionException("'" + a.option() + "' and '" + b.option() + "' name the same file, "
                            + resolved(a.file()) + ": give each output a file of its own");
                }
            }
        }
    }

    /**
     * Whether {@code a} and {@code b} are the same file: the same path once absolute, with {@code ..} resolved and
     * the symbolic links among their directories followed, or, where both exist, one file by
     * {@link Files#isSameFile} (a hard or symbolic link to the other).
     */
    public static boolean same(Path a, Path b) {
        if (resolved(a).equals(resolved(b))) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /** {@code file} absolute, in its directory's real path: the part of it that exists, the rest normalised. */
    static Path resolved(Path file) {
        Path absolute = file.toAbsolutePath();
        Path name = absolute.getFileName();
        Path dir = absolute.getParent();
        if (name == null || dir == null) {
            return absolute.normalize();
        }
        Path rest = name;
        for (Path existing = dir; existing != null; existing = existing.getParent()) {
            try {
                return existing.toRealPath().resolve(rest).normalize();
            } catch (IOException e) {
                rest = existing.getFileName() == null ? rest : existing.getFileName().resolve(rest);
            }
        }
        return absolute.normalize();
    }
}
