package io.jremix.bench.suite.apps;

import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * Lucene indexing (like DaCapo's luindex): every iteration indexes the same generated documents (see
 * {@link GeneratedDocs}: id, title, body and year fields) into a fresh in-memory {@link ByteBuffersDirectory}
 * through one {@link IndexWriter} shared by {@value #THREADS} indexing threads (plus Lucene's own merge threads),
 * then commits and closes the writer.
 *
 * <p>Self-check: the committed index holds exactly the generated number of documents, the body field holds exactly
 * the generated number of words, and the document frequencies of a few body and title words, from very common to
 * rare, equal the counts computed directly from the generated word lists.
 */
public final class LuceneIndex implements SuiteWorkload {
    private static final int THREADS = 3;
    /** Frequency ranks of the body words whose document frequencies are checked: common to rare. */
    private static final int[] BODY_PROBES = {0, 3, 40, 400, 2500};
    private static final int[] TITLE_PROBES = {1, 60};

    /** What one iteration's index holds. */
    record Result(int numDocs, long bodyWords, Map<String, Integer> docFreqs) {
    }

    private GeneratedDocs docs;
    private Level luceneWarnings;
    private boolean quieted;
    private ExecutorService indexers;
    private Result expected;

    @Override
    public void setUp(Size size) {
        luceneWarnings = GeneratedDocs.quietLuceneWarnings();
        quieted = true;
        docs = new GeneratedDocs(0x1dec5L, size.pick(120, 80_000), 4_000, size.pick(40, 120));
        Map<String, Integer> docFreqs = new LinkedHashMap<>();
        for (int rank : BODY_PROBES) {
            docFreqs.put(term(GeneratedDocs.BODY, rank).toString(), docs.bodyDocs(rank).cardinality());
        }
        for (int rank : TITLE_PROBES) {
            docFreqs.put(term(GeneratedDocs.TITLE, rank).toString(), docs.titleDocs(rank).cardinality());
        }
        expected = new Result(docs.size(), docs.bodyWordCount(), docFreqs);
        AtomicInteger threadNumber = new AtomicInteger();
        indexers = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "luindex-" + threadNumber.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    private Term term(String field, int rank) {
        return new Term(field, docs.word(rank));
    }

    @Override
    public Object iterate() throws Exception {
        try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
            IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer());
            try (IndexWriter writer = new IndexWriter(dir, config)) {
                List<Callable<Void>> tasks = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int first = t;
                    tasks.add(() -> {
                        for (int d = first; d < docs.size(); d += THREADS) {
                            writer.addDocument(docs.document(d));
                        }
                        return null;
                    });
                }
                for (Future<Void> done : indexers.invokeAll(tasks)) {
                    done.get();
                }
                writer.commit();
            }
            return read(dir);
        }
    }

    private Result read(ByteBuffersDirectory dir) throws IOException {
        try (DirectoryReader reader = DirectoryReader.open(dir)) {
            Map<String, Integer> docFreqs = new LinkedHashMap<>();
            for (int rank : BODY_PROBES) {
                Term term = term(GeneratedDocs.BODY, rank);
                docFreqs.put(term.toString(), reader.docFreq(term));
            }
            for (int rank : TITLE_PROBES) {
                Term term = term(GeneratedDocs.TITLE, rank);
                docFreqs.put(term.toString(), reader.docFreq(term));
            }
            return new Result(reader.numDocs(), reader.getSumTotalTermFreq(GeneratedDocs.BODY), docFreqs);
        }
    }

    @Override
    public void check(Object result) {
        Result r = (Result) result;
        SuiteWorkload.expect("documents in the index", expected.numDocs(), r.numDocs());
        SuiteWorkload.expect("words in the body field", expected.bodyWords(), r.bodyWords());
        for (Map.Entry<String, Integer> e : expected.docFreqs().entrySet()) {
            SuiteWorkload.expect("docFreq of " + e.getKey(), e.getValue(), r.docFreqs().get(e.getKey()));
        }
    }

    @Override
    public void tearDown() throws InterruptedException {
        if (indexers != null) {
            indexers.shutdownNow();
            indexers.awaitTermination(10, TimeUnit.SECONDS);
        }
        docs = null;
        if (quieted) {
            GeneratedDocs.restoreLuceneWarnings(luceneWarnings);
        }
    }
}
