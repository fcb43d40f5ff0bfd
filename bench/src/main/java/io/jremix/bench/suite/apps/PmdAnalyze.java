package io.jremix.bench.suite.apps;

import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import net.sourceforge.pmd.PMDConfiguration;
import net.sourceforge.pmd.PmdAnalysis;
import net.sourceforge.pmd.lang.java.JavaLanguageModule;
import net.sourceforge.pmd.lang.rule.RulePriority;
import net.sourceforge.pmd.lang.rule.RuleSet;
import net.sourceforge.pmd.lang.rule.RuleSetLoader;
import net.sourceforge.pmd.reporting.Report;
import net.sourceforge.pmd.reporting.RuleViolation;
import net.sourceforge.pmd.util.log.PmdReporter;
import org.slf4j.event.Level;

/**
 * Static analysis with PMD 7: setUp writes generated Java classes (ordinary methods with loops, collections and
 * helper calls, plus a planted, seeded number of rule violations) to a temp directory; every iteration runs a full
 * {@link PmdAnalysis} over them with PMD's own pool of {@value #THREADS} analysis threads and six Java rules (XPath
 * and Java rules, several needing type resolution), collecting the {@link Report} in memory. No renderer, no
 * analysis cache, and PMD's messages go to an in-memory reporter instead of the console.
 *
 * <p>Self-check: the number of violations of each rule equals the number the generator planted, PMD reported no
 * processing or configuration errors and logged no warnings.
 */
public final class PmdAnalyze implements SuiteWorkload {
    private static final int THREADS = 2;
    private static final String[] RULES = {
        "category/java/errorprone.xml/EmptyCatchBlock",
        "category/java/errorprone.xml/CompareObjectsWithEquals",
        "category/java/bestpractices.xml/UnusedPrivateField",
        "category/java/bestpractices.xml/UnusedLocalVariable",
        "category/java/bestpractices.xml/UnusedPrivateMethod",
        "category/java/bestpractices.xml/SystemPrintln",
    };

    /** PMD's log messages, kept instead of printed; any warning or error fails the self-check. */
    private final List<String> messages = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Integer> planted = new TreeMap<>();
    private Path dir;
    private PMDConfiguration config;
    private List<RuleSet> ruleSets;

    @Override
    public void setUp(Size size) throws IOException {
        dir = Files.createTempDirectory("jremix-pmd");
        for (String rule : RULES) {
            planted.put(rule.substring(rule.lastIndexOf('/') + 1), 0);
        }
        Random random = new Random(7_000_007L);
        int files = size.pick(3, 640);
        for (int n = 0; n < files; n++) {
            Path pkg = Files.createDirectories(dir.resolve("gen/p" + n % 4));
            Files.writeString(pkg.resolve("Gen" + n + ".java"), generate(n, random));
        }
        config = new PMDConfiguration();
        config.setReporter(new CollectingReporter());
        config.setThreads(THREADS);
        config.setIgnoreIncrementalAnalysis(true); // no cache file, and no advice to use one
        config.setDefaultLanguageVersion(JavaLanguageModule.getInstance().getVersion("17"));
        config.setMinimumPriority(RulePriority.LOW);
        config.addInputPath(dir);
        ruleSets = RuleSetLoader.fromPmdConfig(config).loadFromResources(List.of(RULES));
    }

    /** One class: clean methods, used helpers and fields, and a random number of each planted violation. */
    private String generate(int n, Random random) {
        StringBuilder src = new StringBuilder(8192).append("""
                package gen.p%d;

                import java.util.ArrayList;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                /** Generated class %d. */
                public class Gen%d {
                    private final List<String> names = new ArrayList<>();
                    private final Map<String, Integer> counts = new HashMap<>();
                    private int total;
                """.formatted(n % 4, n, n));
        for (int f = plant("UnusedPrivateField", random, 3); f > 0; f--) {
            src.append("    private int spare%d = %d;%n".formatted(f, f));
        }
        src.append("%n    public Gen%d(List<String> seed) {%n        names.addAll(seed);%n    }%n".formatted(n));
        for (int m = 0, methods = 6 + random.nextInt(6); m < methods; m++) {
            src.append("""

                        public int work%1$d(int limit) {
                            int acc = %1$d;
                            for (int i = 0; i < limit; i++) {
                                String key = names.isEmpty() ? "k" + i : names.get(i %% names.size());
                                counts.merge(key, i, Integer::sum);
                                if (i %% %2$d == 0) {
                                    acc += key.length() * %3$d;
                                } else {
                                    acc -= helper%1$d(i);
                                }
                            }
                            total += acc;
                            return acc;
                        }

                        private int helper%1$d(int x) {
                            return x * %4$d + total + counts.getOrDefault("k" + x, 0);
                        }
                    """.formatted(m, 2 + m, random.nextInt(100), 31 + m));
        }
        for (int c = plant("EmptyCatchBlock", random, 3); c > 0; c--) {
            src.append("""

                        public int parse%d(String text) {
                            int value = 0;
                            try {
                                value = Integer.parseInt(text);
                            } catch (NumberFormatException e) {
                            }
                            return value;
                        }
                    """.formatted(c));
        }
        for (int p = plant("SystemPrintln", random, 3); p > 0; p--) {
            src.append("%n    public void log%d(String message) {%n        System.%s.println(message + total);%n    }%n"
                    .formatted(p, p % 2 == 0 ? "err" : "out"));
        }
        for (int l = plant("UnusedLocalVariable", random, 3); l > 0; l--) {
            src.append("%n    public int scratch%d(int x) {%n        int temp = x * %d;%n        return x + total;%n    }%n"
                    .formatted(l, l));
        }
        for (int d = plant("UnusedPrivateMethod", random, 2); d > 0; d--) {
            src.append("%n    private int dead%d(int x) {%n        return x - %d;%n    }%n".formatted(d, d));
        }
        for (int e = plant("CompareObjectsWithEquals", random, 2); e > 0; e--) {
            src.append("%n    public boolean same%d(String left, List<String> other) {%n".formatted(e))
                    .append("        return left == other.get(%d);%n    }%n".formatted(e));
        }
        return src.append("}\n").toString();
    }

    private int plant(String rule, Random random, int max) {
        int count = random.nextInt(max + 1);
        planted.merge(rule, count, Integer::sum);
        return count;
    }

    @Override
    public Object iterate() {
        try (PmdAnalysis pmd = PmdAnalysis.create(config)) {
            pmd.addRuleSets(ruleSets);
            return pmd.performAnalysisAndCollectReport();
        }
    }

    @Override
    public void check(Object result) {
        Report report = (Report) result;
        SuiteWorkload.expect("processing errors", List.of(),
                report.getProcessingErrors().stream().map(e -> e.getFileId() + ": " + e.getMsg()).toList());
        SuiteWorkload.expect("configuration errors", List.of(),
                report.getConfigurationErrors().stream().map(e -> e.rule().getName() + ": " + e.issue()).toList());
        SuiteWorkload.expect("PMD warnings and errors", List.of(), List.copyOf(messages));
        Map<String, Integer> found = new TreeMap<>();
        planted.keySet().forEach(rule -> found.put(rule, 0));
        for (RuleViolation v : report.getViolations()) {
            found.merge(v.getRule().getName(), 1, Integer::sum);
        }
        SuiteWorkload.expect("violations per rule", planted, found);
    }

    @Override
    public void tearDown() throws IOException {
        if (dir != null) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /** Keeps PMD's warnings and errors for the self-check instead of logging them. */
    private final class CollectingReporter implements PmdReporter {
        @Override
        public boolean isLoggable(Level level) {
            return level.compareTo(Level.WARN) <= 0;
        }

        @Override
        public void logEx(Level level, String message, Object[] args, Throwable error) {
            messages.add(level + ": " + message + " " + Arrays.toString(args) + (error == null ? "" : " " + error));
        }

        @Override
        public int numErrors() {
            return (int) List.copyOf(messages).stream().filter(m -> m.startsWith(Level.ERROR.name())).count();
        }
    }
}
