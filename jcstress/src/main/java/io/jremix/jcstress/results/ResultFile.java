package io.jremix.jcstress.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.InProcessCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;

/**
 * The binary result file of a jcstress 0.16 run: {@code jcstress-results-<yyyy-MM-dd-HH-mm-ss>.bin.gz} in the
 * directory jcstress ran in (its {@code -r} directory gets only the HTML report). It holds every fork's
 * {@code TestResult}, serialized; jcstress's own reader gives them back exactly, so nothing here parses report text.
 */
public final class ResultFile {
    private static final String PREFIX = "jcstress-results-";

    private ResultFile() {
    }

    /** The one result file jcstress wrote in {@code dir}; a directory with none or several is an error. */
    public static Path in(Path dir) throws IOException {
        List<Path> found;
        try (Stream<Path> files = Files.list(dir)) {
            found = files.filter(p -> p.getFileName().toString().startsWith(PREFIX)
                    && p.getFileName().toString().endsWith(".bin.gz")).sorted().toList();
        }
        if (found.size() != 1) {
            throw new IOException(found.isEmpty() ? "no " + PREFIX + "*.bin.gz in " + dir + ": jcstress did not run"
                    : "several jcstress result files in " + dir + ": " + found);
        }
        return found.get(0);
    }

    /** Every fork's result in the file, in the order jcstress wrote them. */
    public static List<ForkResult> read(Path file) throws IOException {
        InProcessCollector collector = new InProcessCollector();
        DiskReadCollector reader = new DiskReadCollector(file.toString(), collector);
        try {
            reader.dump();
        } catch (ClassNotFoundException e) {
            throw new IOException(file + " was not written by jcstress 0.16: " + e.getMessage(), e);
        } finally {
            reader.close();
        }
        List<ForkResult> forks = new ArrayList<>();
        for (TestResult r : collector.getTestResults()) {
            Map<String, Long> counts = new LinkedHashMap<>();
            for (String outcome : r.getStateKeys()) {
                counts.put(outcome, r.getCount(outcome));
            }
            forks.add(new ForkResult(r.getName(), r.status().name(), counts, List.copyOf(r.getMessages()),
                    List.copyOf(r.getConfig().jvmArgs)));
        }
        return forks;
    }

    /** {@link #read} that throws unchecked, for streams. */
    public static List<ForkResult> readUnchecked(Path file) {
        try {
            return read(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
