package io.jremix.bench.suite.apps;

import io.jremix.bench.suite.SelfCheckException;
import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import javax.imageio.stream.MemoryCacheImageInputStream;
import org.apache.batik.transcoder.TranscoderInput;
import org.apache.batik.transcoder.TranscoderOutput;
import org.apache.batik.transcoder.image.PNGTranscoder;

/**
 * SVG rendering with Apache Batik: every iteration parses and rasterizes all generated SVG drawings (gradients,
 * Bézier paths, transformed groups, translucent shapes, a blur filter) to PNG with {@link PNGTranscoder} on
 * {@value #THREADS} pool threads, a new transcoder per drawing. Runs headless; sets no global state.
 *
 * <p>Self-check: every PNG decodes (with {@code javax.imageio}, independent of Batik's encoder) to the requested
 * size, and the centre pixel of each large opaque marker square, drawn last at a known position with a known
 * colour, has exactly that colour.
 */
public final class BatikRender implements SuiteWorkload {
    private static final int THREADS = 3;
    private static final int WIDTH = 480;
    private static final int HEIGHT = 360;
    private static final int MARKER = 36;

    /** A marker square: its top-left corner and its opaque RGB colour. */
    private record Marker(int x, int y, int rgb) {
    }

    private final List<String> drawings = new ArrayList<>();
    private final List<List<Marker>> markers = new ArrayList<>();
    private ExecutorService pool;

    @Override
    public void setUp(Size size) {
        Random random = new Random(0xBA71CL);
        int count = size.pick(3, 16);
        for (int d = 0; d < count; d++) {
            generate(random, size.pick(8, 80));
        }
        pool = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "batik-worker");
            t.setDaemon(true);
            return t;
        });
    }

    private void generate(Random random, int shapes) {
        StringBuilder svg = new StringBuilder(shapes * 160);
        svg.append(svg("""
                <?xml version="1.0" encoding="UTF-8"?>
                <svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">
                <defs>
                  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
                    <stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>
                  <filter id="blur"><feGaussianBlur stdDeviation="2.5"/></filter>
                """, WIDTH, HEIGHT, WIDTH, HEIGHT, color(random), color(random)));
        for (int g = 0; g < 4; g++) {
            svg.append(svg("""
                      <radialGradient id="r%d"><stop offset="0" stop-color="%s"/>
                        <stop offset="0.6" stop-color="%s" stop-opacity="0.7"/><stop offset="1" stop-color="%s" stop-opacity="0"/>
                      </radialGradient>
                    """, g, color(random), color(random), color(random)));
        }
        svg.append(svg("</defs>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"url(#bg)\"/>\n", WIDTH, HEIGHT));
        for (int s = 0; s < shapes; s++) {
            int x = random.nextInt(WIDTH);
            int y = random.nextInt(HEIGHT);
            svg.append(switch (s % 4) {
                case 0 -> svg("<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"url(#r%d)\"/>%n",
                        x, y, 10 + random.nextInt(60), random.nextInt(4));
                case 1 -> svg("<path d=\"M%d,%d C%d,%d %d,%d %d,%d Q%d,%d %d,%d Z\" fill=\"%s\" fill-opacity=\"0.4\""
                                + " stroke=\"%s\" stroke-width=\"%d\" stroke-dasharray=\"6 3\"/>%n",
                        x, y, random.nextInt(WIDTH), random.nextInt(HEIGHT), random.nextInt(WIDTH), random.nextInt(HEIGHT),
                        random.nextInt(WIDTH), random.nextInt(HEIGHT), random.nextInt(WIDTH), random.nextInt(HEIGHT), x, y,
                        color(random), color(random), 1 + random.nextInt(4));
                case 2 -> svg("<g transform=\"translate(%d,%d) rotate(%d) scale(%.2f)\" opacity=\"0.8\">"
                                + "<polygon points=\"0,-30 26,15 -26,15\" fill=\"%s\"/>"
                                + "<ellipse cx=\"0\" cy=\"0\" rx=\"22\" ry=\"9\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/></g>%n",
                        x, y, random.nextInt(360), 0.5 + random.nextDouble(), color(random), color(random));
                default -> svg("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" fill=\"%s\" %s/>%n",
                        x, y, 8 + random.nextInt(50), 8 + random.nextInt(50), color(random),
                        s % 16 == 3 ? "filter=\"url(#blur)\"" : "fill-opacity=\"0.6\"");
            });
        }
        // opaque marker squares on top of everything, at integer coordinates so their inner pixels are not blended
        List<Marker> placed = new ArrayList<>();
        for (int m = 0; m < 6; m++) {
            Marker marker = new Marker(12 + m * 76, 20 + random.nextInt(HEIGHT - MARKER - 40), random.nextInt(1 << 24));
            placed.add(marker);
            svg.append(svg("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%06x\"/>%n",
                    marker.x(), marker.y(), MARKER, MARKER, marker.rgb()));
        }
        drawings.add(svg.append("</svg>\n").toString());
        markers.add(placed);
    }

    private static String svg(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    private static String color(Random random) {
        return svg("#%06x", random.nextInt(1 << 24));
    }

    @Override
    public Object iterate() throws Exception {
        List<Future<byte[]>> tasks = new ArrayList<>();
        for (String svg : drawings) {
            tasks.add(pool.submit(() -> {
                PNGTranscoder transcoder = new PNGTranscoder();
                transcoder.addTranscodingHint(PNGTranscoder.KEY_WIDTH, (float) WIDTH);
                transcoder.addTranscodingHint(PNGTranscoder.KEY_HEIGHT, (float) HEIGHT);
                ByteArrayOutputStream png = new ByteArrayOutputStream(64 * 1024);
                transcoder.transcode(new TranscoderInput(new StringReader(svg)), new TranscoderOutput(png));
                return png.toByteArray();
            }));
        }
        byte[][] pngs = new byte[tasks.size()][];
        for (int i = 0; i < pngs.length; i++) {
            pngs[i] = tasks.get(i).get();
        }
        return pngs;
    }

    @Override
    public void check(Object result) {
        byte[][] pngs = (byte[][]) result;
        SuiteWorkload.expect("drawings rendered", drawings.size(), pngs.length);
        for (int d = 0; d < pngs.length; d++) {
            BufferedImage image = decode(pngs[d], d);
            SuiteWorkload.expect("drawing " + d + " size", WIDTH + "x" + HEIGHT, image.getWidth() + "x" + image.getHeight());
            for (Marker m : markers.get(d)) {
                int x = m.x() + MARKER / 2;
                int y = m.y() + MARKER / 2;
                SuiteWorkload.expect("drawing " + d + " pixel at " + x + "," + y, svg("#ff%06x", m.rgb()),
                        svg("#%08x", image.getRGB(x, y)));
            }
        }
    }

    private static BufferedImage decode(byte[] png, int index) {
        try {
            // a memory-cached stream, so ImageIO writes no temp file; read() closes it
            BufferedImage image = ImageIO.read(new MemoryCacheImageInputStream(new ByteArrayInputStream(png)));
            if (image == null) {
                throw new SelfCheckException("drawing " + index + ": output is not a readable PNG");
            }
            return image;
        } catch (IOException e) {
            throw new SelfCheckException("drawing " + index + ": PNG does not decode: " + e);
        }
    }

    @Override
    public void tearDown() throws InterruptedException {
        if (pool != null) {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
        drawings.clear();
        markers.clear();
    }
}
