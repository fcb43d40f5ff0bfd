package io.jremix.bench.suite.apps;

import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.Random;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;

/**
 * Deterministic pseudo-text documents for the Lucene workloads: words are drawn from a generated vocabulary of
 * lower-case syllable words with a Zipf-like distribution (rank {@code r} has weight {@code 1/(r+1)}), so a few
 * words are very common and most are rare. Each document has an {@code id}, a short {@code title}, a longer
 * {@code body} and a {@code year}. Besides building Lucene documents, this class answers "which documents contain
 * ..." questions directly from the generated word lists, which is what the workloads' self-checks compare against.
 * {@link #document} may be called from many threads; the "which documents" queries are for setUp only.
 */
final class GeneratedDocs {
    static final String ID = "id";
    static final String TITLE = "title";
    static final String BODY = "body";
    static final String YEAR = "year";
    static final int FIRST_YEAR = 1950;
    static final int YEARS = 75;

    private static final String CONSONANTS = "bdfgklmnprstvz";
    private static final String VOWELS = "aeiou";

    /** Held so that the level set on it sticks (JUL keeps loggers only weakly). */
    private static final Logger VECTORIZATION_LOG =
            Logger.getLogger("org.apache.lucene.internal.vectorization.VectorizationProvider");

    private final String[] vocabulary;
    private final int[][] titles;
    private final int[][] bodies;
    private final int[][] distinctBodyWords;
    private final int[] years;
    private final String[] titleText;
    private final String[] bodyText;
    private BitSet[] bodyPostings;
    private BitSet[] titlePostings;

    /** Generates {@code count} documents whose bodies have {@code bodyWords} words on average. */
    GeneratedDocs(long seed, int count, int vocabularySize, int bodyWords) {
        Random random = new Random(seed);
        vocabulary = vocabulary(random, vocabularySize);
        double[] cumulative = new double[vocabularySize];
        double sum = 0;
        for (int r = 0; r < vocabularySize; r++) {
            sum += 1.0 / (r + 1);
            cumulative[r] = sum;
        }
        titles = new int[count][];
        bodies = new int[count][];
        distinctBodyWords = new int[count][];
        years = new int[count];
        titleText = new String[count];
        bodyText = new String[count];
        for (int d = 0; d < count; d++) {
            titles[d] = words(random, cumulative, 3 + random.nextInt(5));
            bodies[d] = words(random, cumulative, bodyWords / 2 + random.nextInt(bodyWords + 1));
            distinctBodyWords[d] = Arrays.stream(bodies[d]).distinct().sorted().toArray();
            years[d] = FIRST_YEAR + random.nextInt(YEARS);
            titleText[d] = text(titles[d]);
            bodyText[d] = text(bodies[d]);
        }
    }

    private static String[] vocabulary(Random random, int size) {
        Set<String> words = new LinkedHashSet<>();
        StringBuilder word = new StringBuilder();
        while (words.size() < size) {
            word.setLength(0);
            for (int s = 2 + random.nextInt(2); s > 0; s--) {
                word.append(CONSONANTS.charAt(random.nextInt(CONSONANTS.length())))
                        .append(VOWELS.charAt(random.nextInt(VOWELS.length())));
            }
            words.add(word.toString());
        }
        return words.toArray(new String[0]);
    }

    private static int[] words(Random random, double[] cumulative, int n) {
        int[] ranks = new int[n];
        double total = cumulative[cumulative.length - 1];
        for (int i = 0; i < n; i++) {
            int at = Arrays.binarySearch(cumulative, random.nextDouble() * total);
            ranks[i] = Math.min(at >= 0 ? at : -at - 1, cumulative.length - 1);
        }
        return ranks;
    }

    private String text(int[] ranks) {
        StringBuilder text = new StringBuilder(ranks.length * 7);
        for (int rank : ranks) {
            text.append(text.length() == 0 ? "" : " ").append(vocabulary[rank]);
        }
        return text.toString();
    }

    /**
     * Silences the warning Lucene logs on stderr, through JUL, when it probes a JDK newer than it knows (JDK 23+);
     * returns the logger's previous level, for {@link #restoreLuceneWarnings} in tearDown.
     */
    static Level quietLuceneWarnings() {
        Level before = VECTORIZATION_LOG.getLevel();
        VECTORIZATION_LOG.setLevel(Level.SEVERE);
        return before;
    }

    static void restoreLuceneWarnings(Level before) {
        VECTORIZATION_LOG.setLevel(before);
    }

    int size() {
        return bodies.length;
    }

    int vocabularySize() {
        return vocabulary.length;
    }

    /** The word of a frequency rank (0 is the most frequent). */
    String word(int rank) {
        return vocabulary[rank];
    }

    /** Document {@code d} as Lucene sees it: id and title stored, body and title analyzed, year as a point. */
    Document document(int d) {
        Document doc = new Document();
        doc.add(new StringField(ID, id(d), Field.Store.YES));
        doc.add(new TextField(TITLE, titleText[d], Field.Store.YES));
        doc.add(new TextField(BODY, bodyText[d], Field.Store.NO));
        doc.add(new IntPoint(YEAR, years[d]));
        doc.add(new StoredField(YEAR, years[d]));
        return doc;
    }

    static String id(int d) {
        return "doc" + d;
    }

    /** Total number of words in all bodies. */
    long bodyWordCount() {
        return Arrays.stream(bodies).mapToLong(b -> b.length).sum();
    }

    /** The documents whose body contains the word of this rank (a fresh set the caller may modify). */
    BitSet bodyDocs(int rank) {
        if (bodyPostings == null) {
            bodyPostings = postings(distinctBodyWords);
        }
        return (BitSet) bodyPostings[rank].clone();
    }

    /** The documents whose title contains the word of this rank (a fresh set the caller may modify). */
    BitSet titleDocs(int rank) {
        if (titlePostings == null) {
            titlePostings = postings(titles);
        }
        return (BitSet) titlePostings[rank].clone();
    }

    private BitSet[] postings(int[][] fields) {
        BitSet[] postings = new BitSet[vocabulary.length];
        Arrays.setAll(postings, r -> new BitSet());
        for (int d = 0; d < fields.length; d++) {
            for (int rank : fields[d]) {
                postings[rank].set(d);
            }
        }
        return postings;
    }

    /** The documents whose body has a word starting with {@code prefix}. */
    BitSet bodyDocsWithPrefix(String prefix) {
        BitSet docs = new BitSet();
        for (int r = 0; r < vocabulary.length; r++) {
            if (vocabulary[r].startsWith(prefix)) {
                docs.or(bodyDocs(r));
            }
        }
        return docs;
    }

    /** The documents whose body has word {@code first} directly followed by {@code second}. */
    BitSet bodyDocsWithPhrase(int first, int second) {
        BitSet docs = bodyDocs(first);
        docs.and(bodyDocs(second));
        for (int d = docs.nextSetBit(0); d >= 0; d = docs.nextSetBit(d + 1)) {
            int[] body = bodies[d];
            int i = 0;
            while (i + 1 < body.length && (body[i] != first || body[i + 1] != second)) {
                i++;
            }
            docs.set(d, i + 1 < body.length);
        }
        return docs;
    }

    /** The documents of the years {@code from} to {@code to}, both included. */
    BitSet docsOfYears(int from, int to) {
        BitSet docs = new BitSet();
        for (int d = 0; d < years.length; d++) {
            docs.set(d, years[d] >= from && years[d] <= to);
        }
        return docs;
    }

    /** The rank of the body word at a position, for picking phrases that occur ({@code position} wraps). */
    int bodyWordAt(int d, int position) {
        return bodies[d][Math.floorMod(position, bodies[d].length)];
    }

    int bodyLength(int d) {
        return bodies[d].length;
    }
}
