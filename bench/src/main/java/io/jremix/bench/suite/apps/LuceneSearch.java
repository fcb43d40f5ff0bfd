package io.jremix.bench.suite.apps;

import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * Lucene searching (like DaCapo's lusearch): setUp indexes generated documents (see {@link GeneratedDocs}) into an
 * in-memory directory and opens one {@link IndexSearcher}; every iteration runs the same list of queries (term,
 * conjunction, disjunction, phrase, prefix, and a term filtered by a year range; some parsed by a per-thread
 * {@link QueryParser}, some built from query classes) from {@value #THREADS} threads sharing the searcher. Each query
 * counts all its hits exactly and fetches the stored ids of its top {@value #TOP} hits.
 *
 * <p>Self-check: every query's total hit count equals the number of generated documents that match it, computed
 * directly from the generated word lists and years, each top-hit list is as long as it should be, and every
 * iteration returns exactly the same hits as the first.
 */
public final class LuceneSearch implements SuiteWorkload {
    private static final int THREADS = 3;
    private static final int TOP = 10;

    /** One query of the list: its query-parser syntax (or null) and how to build it otherwise. */
    private record Spec(String parse, Query built) {
        Query query(QueryParser parser) throws Exception {
            return parse != null ? parser.parse(parse) : built;
        }
    }

    /** A query's hits: the exact total and the ids of the top hits. */
    record Hits(long total, List<String> top) {
    }

    private final Analyzer analyzer = new StandardAnalyzer();
    private GeneratedDocs docs;
    private Level luceneWarnings;
    private boolean quieted;
    private ByteBuffersDirectory dir;
    private DirectoryReader reader;
    private IndexSearcher searcher;
    private ExecutorService searchers;
    private final List<Spec> specs = new ArrayList<>();
    private final List<Integer> expectedTotals = new ArrayList<>();
    private List<Hits> first;

    @Override
    public void setUp(Size size) throws Exception {
        luceneWarnings = GeneratedDocs.quietLuceneWarnings();
        quieted = true;
        docs = new GeneratedDocs(0x5ea7cL, size.pick(200, 40_000), 5_000, size.pick(40, 100));
        dir = new ByteBuffersDirectory();
        try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig(analyzer))) {
            for (int d = 0; d < docs.size(); d++) {
                writer.addDocument(docs.document(d));
            }
        }
        reader = DirectoryReader.open(dir);
        searcher = new IndexSearcher(reader);
        Random random = new Random(42);
        for (int i = 0, n = size.pick(24, 7_200); i < n; i++) {
            addQuery(i % 6, random);
        }
        AtomicInteger threadNumber = new AtomicInteger();
        searchers = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "lusearch-" + threadNumber.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Adds a query of the given kind on random words, with its hit count computed from the generated data. */
    private void addQuery(int kind, Random random) {
        int a = random.nextInt(300);
        int b = random.nextInt(kind == 0 || kind == 4 ? docs.vocabularySize() : 1_000);
        String wa = docs.word(a);
        String wb = docs.word(b);
        String body = GeneratedDocs.BODY;
        BitSet matches = docs.bodyDocs(a);
        switch (kind) {
            case 0 -> add(null, new TermQuery(new Term(body, wb)), docs.bodyDocs(b));
            case 1 -> {
                matches.and(docs.bodyDocs(b));
                add("+" + wa + " +" + wb, null, matches);
            }
            case 2 -> {
                matches.or(docs.titleDocs(b));
                add(null, new BooleanQuery.Builder().add(new TermQuery(new Term(body, wa)), Occur.SHOULD)
                        .add(new TermQuery(new Term(GeneratedDocs.TITLE, wb)), Occur.SHOULD).build(), matches);
            }
            case 3 -> {
                int d = random.nextInt(docs.size());
                int at = random.nextInt(docs.bodyLength(d));
                int p = docs.bodyWordAt(d, at);
                int q = docs.bodyWordAt(d, at + 1);
                add("\"" + docs.word(p) + " " + docs.word(q) + "\"", null, docs.bodyDocsWithPhrase(p, q));
            }
            case 4 -> add(wb.substring(0, 3) + "*", null, docs.bodyDocsWithPrefix(wb.substring(0, 3)));
            default -> {
                int from = GeneratedDocs.FIRST_YEAR + random.nextInt(GeneratedDocs.YEARS);
                int to = from + random.nextInt(20);
                matches.and(docs.docsOfYears(from, to));
                add(null, new BooleanQuery.Builder().add(new TermQuery(new Term(body, wa)), Occur.MUST)
                        .add(IntPoint.newRangeQuery(GeneratedDocs.YEAR, from, to), Occur.FILTER).build(), matches);
            }
        }
    }

    private void add(String parse, Query built, BitSet matches) {
        specs.add(new Spec(parse, built));
        expectedTotals.add(matches.cardinality());
    }

    @Override
    public Object iterate() throws Exception {
        List<Callable<List<Hits>>> tasks = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int firstQuery = t;
            tasks.add(() -> {
                QueryParser parser = new QueryParser(GeneratedDocs.BODY, analyzer);
                StoredFields stored = searcher.storedFields();
                List<Hits> hits = new ArrayList<>();
                for (int i = firstQuery; i < specs.size(); i += THREADS) {
                    TopDocs top = searcher.search(specs.get(i).query(parser),
                            new TopScoreDocCollectorManager(TOP, null, Integer.MAX_VALUE, false));
                    List<String> ids = new ArrayList<>();
                    for (ScoreDoc hit : top.scoreDocs) {
                        ids.add(stored.document(hit.doc).get(GeneratedDocs.ID));
                    }
                    hits.add(new Hits(top.totalHits.value, ids));
                }
                return hits;
            });
        }
        List<Future<List<Hits>>> results = searchers.invokeAll(tasks);
        Hits[] all = new Hits[specs.size()];
        for (int t = 0; t < THREADS; t++) {
            List<Hits> hits = results.get(t).get();
            for (int k = 0; k < hits.size(); k++) {
                all[t + k * THREADS] = hits.get(k);
            }
        }
        return List.of(all);
    }

    @Override
    public void check(Object result) {
        @SuppressWarnings("unchecked")
        List<Hits> hits = (List<Hits>) result;
        SuiteWorkload.expect("number of queries answered", specs.size(), hits.size());
        for (int i = 0; i < hits.size(); i++) {
            Spec spec = specs.get(i);
            String what = "query " + i + " (" + (spec.parse() != null ? spec.parse() : spec.built()) + ")";
            SuiteWorkload.expect(what + " total hits", (long) expectedTotals.get(i), hits.get(i).total());
            SuiteWorkload.expect(what + " top hits", (int) Math.min(TOP, hits.get(i).total()), hits.get(i).top().size());
            if (first != null) {
                SuiteWorkload.expect(what + " hits, compared with the first iteration", first.get(i), hits.get(i));
            }
        }
        if (first == null) {
            first = hits;
        }
    }

    @Override
    public void tearDown() throws Exception {
        if (searchers != null) {
            searchers.shutdownNow();
            searchers.awaitTermination(10, TimeUnit.SECONDS);
        }
        if (reader != null) {
            reader.close();
        }
        if (dir != null) {
            dir.close();
        }
        analyzer.close();
        if (quieted) {
            GeneratedDocs.restoreLuceneWarnings(luceneWarnings);
        }
    }
}
