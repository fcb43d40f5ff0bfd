package io.jremix.bench.suite.apps;

import io.jremix.bench.suite.SelfCheckException;
import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;

import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.xml.transform.ErrorListener;
import javax.xml.transform.Templates;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;

/**
 * XSLT with Apache Xalan's interpretive processor (its own {@code TransformerFactoryImpl}, not the JDK's XSLTC): the
 * stylesheet {@code catalog.xsl} is compiled once into shared {@link Templates}; every iteration parses and transforms
 * all generated product catalogs into HTML on {@value #THREADS} threads, each with its own {@link Transformer}. The
 * stylesheet groups items by category (Muenchian grouping with {@code xsl:key}), sorts them, formats prices and
 * aggregates.
 *
 * <p>Self-check: per document, the HTML has one {@code <tr class="item">} row per generated item and one heading
 * per distinct category, and the totals the stylesheet computes with {@code sum()} and {@code count()} equal the
 * price sum and the number of good reviews computed in Java from the generated data.
 */
public final class XalanTransform implements SuiteWorkload {
    private static final int THREADS = 3;
    private static final String[] CATEGORIES = {"tools", "garden", "kitchen", "toys", "books", "audio", "sport", "office"};

    /** What the generator put into one document, for the self-check. */
    private record Expected(int items, int categories, long cents, int goodReviews) {
    }

    private final List<String> documents = new ArrayList<>();
    private final List<Expected> expected = new ArrayList<>();
    private Templates templates;
    private ExecutorService pool;

    @Override
    public void setUp(Size size) throws Exception {
        var factory = new org.apache.xalan.processor.TransformerFactoryImpl();
        factory.setErrorListener(STRICT);
        try (InputStream xsl = XalanTransform.class.getResourceAsStream("catalog.xsl")) {
            templates = factory.newTemplates(new StreamSource(xsl));
        }
        Random random = new Random(20240611L);
        int docs = size.pick(3, 680);
        for (int d = 0; d < docs; d++) {
            generate(d, size.pick(12, 200), random);
        }
        pool = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "xalan-worker");
            t.setDaemon(true);
            return t;
        });
    }

    private void generate(int doc, int items, Random random) {
        StringBuilder xml = new StringBuilder(items * 400);
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<catalog name=\"cat-").append(doc).append("\">\n");
        TreeSet<String> categories = new TreeSet<>();
        long cents = 0;
        int good = 0;
        for (int i = 0; i < items; i++) {
            String category = CATEGORIES[random.nextInt(CATEGORIES.length)];
            int price = 99 + random.nextInt(250_000);
            categories.add(category);
            cents += price;
            xml.append("  <item id=\"d").append(doc).append("-i").append(i).append("\" category=\"").append(category)
                    .append("\" cents=\"").append(price).append("\">\n    <name>widget ").append(i)
                    .append(" &amp; &lt;part&gt; no. ").append(random.nextInt(10_000)).append("</name>\n    <tags>");
            for (int t = random.nextInt(5); t > 0; t--) {
                xml.append("<tag>tag").append(random.nextInt(40)).append("</tag>");
            }
            xml.append("</tags>\n    <reviews>\n");
            for (int r = random.nextInt(6); r > 0; r--) {
                int stars = 1 + random.nextInt(5);
                good += stars >= 4 ? 1 : 0;
                xml.append("      <review stars=\"").append(stars).append("\">Review text ").append(random.nextInt())
                        .append(" of item ").append(i).append("</review>\n");
            }
            xml.append("    </reviews>\n  </item>\n");
        }
        xml.append("</catalog>\n");
        documents.add(xml.toString());
        expected.add(new Expected(items, categories.size(), cents, good));
    }

    @Override
    public Object iterate() throws Exception {
        String[] html = new String[documents.size()];
        List<Future<?>> tasks = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int first = t;
            tasks.add(pool.submit(() -> {
                Transformer transformer = templates.newTransformer();
                transformer.setErrorListener(STRICT);
                for (int d = first; d < html.length; d += THREADS) {
                    StringWriter out = new StringWriter(documents.get(d).length());
                    transformer.transform(new StreamSource(new StringReader(documents.get(d))), new StreamResult(out));
                    html[d] = out.toString();
                    transformer.reset();
                }
                return null;
            }));
        }
        for (Future<?> task : tasks) {
            task.get();
        }
        return html;
    }

    @Override
    public void check(Object result) {
        String[] html = (String[]) result;
        SuiteWorkload.expect("documents transformed", expected.size(), html.length);
        for (int d = 0; d < html.length; d++) {
            Expected e = expected.get(d);
            String doc = "document " + d + ": ";
            SuiteWorkload.expect(doc + "transformed", true, html[d] != null);
            SuiteWorkload.expect(doc + "item rows", e.items(), occurrences(html[d], "<tr class=\"item\">"));
            SuiteWorkload.expect(doc + "category headings", e.categories(), occurrences(html[d], "<h2>"));
            SuiteWorkload.expect(doc + "price total (cents)", Long.toString(e.cents()), paragraph(html[d], "total"));
            SuiteWorkload.expect(doc + "good reviews", Integer.toString(e.goodReviews()), paragraph(html[d], "good"));
        }
    }

    private static int occurrences(String text, String token) {
        int n = 0;
        for (int at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + token.length())) {
            n++;
        }
        return n;
    }

    private static String paragraph(String html, String id) {
        String open = "<p id=\"" + id + "\">";
        int start = html.indexOf(open);
        if (start < 0) {
            throw new SelfCheckException("no paragraph " + id + " in the output");
        }
        start += open.length();
        return html.substring(start, html.indexOf("</p>", start));
    }

    @Override
    public void tearDown() throws InterruptedException {
        if (pool != null) {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
        documents.clear();
        expected.clear();
    }

    /** Turns every stylesheet warning or error into a failure instead of Xalan's default printing to stderr. */
    private static final ErrorListener STRICT = new ErrorListener() {
        @Override
        public void warning(TransformerException e) throws TransformerException {
            throw e;
        }

        @Override
        public void error(TransformerException e) throws TransformerException {
            throw e;
        }

        @Override
        public void fatalError(TransformerException e) throws TransformerException {
            throw e;
        }
    };
}
