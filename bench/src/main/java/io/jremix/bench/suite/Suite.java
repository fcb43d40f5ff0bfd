package io.jremix.bench.suite;

import java.util.List;
import java.util.Locale;

/** The workloads of the suite, by name (names follow DaCapo and Renaissance where the workload is theirs). */
public final class Suite {
    private static final String APPS = "io.jremix.bench.suite.apps.";
    private static final String JDK = "io.jremix.bench.suite.jdk.";

    /** Real applications built from libraries, or workloads of the JDK's own concurrency utilities. */
    public enum Kind { APPLICATION, JDK }

    /** A workload: its name, kind, what it does, and the class that implements it. */
    public record Entry(String name, Kind kind, String library, String description, String className) {
        public SuiteWorkload create() throws ReflectiveOperationException {
            return Class.forName(className).asSubclass(SuiteWorkload.class).getConstructor().newInstance();
        }
    }

    private static final List<Entry> ALL = List.of(
            new Entry("h2", Kind.APPLICATION, "com.h2database:h2",
                    "in-memory SQL database, bank transfers and queries from concurrent clients", APPS + "H2Bank"),
            new Entry("luindex", Kind.APPLICATION, "org.apache.lucene:lucene-core",
                    "indexes generated documents with concurrent indexing threads", APPS + "LuceneIndex"),
            new Entry("lusearch", Kind.APPLICATION, "org.apache.lucene:lucene-core",
                    "searches an index of generated documents from concurrent threads", APPS + "LuceneSearch"),
            new Entry("xalan", Kind.APPLICATION, "xalan:xalan",
                    "XSLT transforms of generated XML documents on concurrent threads", APPS + "XalanTransform"),
            new Entry("batik", Kind.APPLICATION, "org.apache.xmlgraphics:batik-transcoder",
                    "renders generated SVG drawings to PNG on concurrent threads", APPS + "BatikRender"),
            new Entry("pmd", Kind.APPLICATION, "net.sourceforge.pmd:pmd-java",
                    "static analysis of generated Java sources with PMD's multi-threaded analysis", APPS + "PmdAnalyze"),
            new Entry("jython", Kind.APPLICATION, "org.python:jython-standalone",
                    "Python programs run by Jython interpreters on concurrent threads", APPS + "JythonScripts"),
            new Entry("tomcat", Kind.APPLICATION, "org.apache.tomcat.embed:tomcat-embed-core",
                    "embedded Tomcat serving a servlet to loopback HTTP clients", APPS + "TomcatServe"),
            new Entry("reactor", Kind.APPLICATION, "io.projectreactor:reactor-core",
                    "reactive pipelines on Reactor's parallel schedulers", APPS + "ReactorPipeline"),
            new Entry("fj-sort", Kind.JDK, "java.util.concurrent.ForkJoinPool",
                    "parallel merge sort as recursive fork/join tasks", JDK + "ForkJoinSort"),
            new Entry("streams", Kind.JDK, "java.util.stream",
                    "parallel-stream word statistics over generated text", JDK + "ParallelStreams"),
            new Entry("chm", Kind.JDK, "java.util.concurrent.ConcurrentHashMap",
                    "concurrent histogram and cache updates in ConcurrentHashMaps", JDK + "ConcurrentMapUpdates"),
            new Entry("executor", Kind.JDK, "java.util.concurrent.ThreadPoolExecutor",
                    "a pipeline of tasks through thread pools, futures and blocking queues", JDK + "ExecutorPipeline"));

    private Suite() {
    }

    public static List<Entry> all() {
        return ALL;
    }

    /**
     * The workloads a selection names: {@code all}, {@code apps}, {@code jdk}, or names separated by commas.
     *
     * @throws IllegalArgumentException for a name that is not in the suite
     */
    public static List<Entry> select(String selection) {
        switch (selection.toLowerCase(Locale.ROOT)) {
            case "all":
                return ALL;
            case "apps":
                return ALL.stream().filter(e -> e.kind() == Kind.APPLICATION).toList();
            case "jdk":
                return ALL.stream().filter(e -> e.kind() == Kind.JDK).toList();
            default:
                return List.of(selection.split(",")).stream().map(Suite::named).toList();
        }
    }

    /**
     * The workload with this name; a fully qualified class name also works, for workloads outside the suite
     * (the harness's own tests use one that fails on purpose).
     */
    public static Entry named(String name) {
        String n = name.trim();
        return ALL.stream().filter(e -> e.name().equals(n)).findFirst()
                .orElseGet(() -> {
                    if (!n.contains(".")) {
                        throw new IllegalArgumentException("no workload '" + n + "' in the suite; known: "
                                + String.join(", ", ALL.stream().map(Entry::name).toList()));
                    }
                    return new Entry(n, Kind.JDK, "-", "a workload outside the suite", n);
                });
    }
}
