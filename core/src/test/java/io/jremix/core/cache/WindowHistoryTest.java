package io.jremix.core.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class WindowHistoryTest {
    private static final long S = 1_000_000_000L;

    private static Finding finding(String cls, long sampled) {
        return new Finding(SharingKind.FALSE_SHARING, cls, Datum.Kind.FIELD, List.of("value"), sampled * 10, sampled,
                true, List.of(), List.of(), List.of(), 1e6, 0, 0, Map.of(), List.of(), 0.01);
    }

    private static WindowHistory.Seen seen(String cls, long sampled, boolean newFound) {
        return new WindowHistory.Seen(SharingKind.FALSE_SHARING, cls, Datum.Kind.FIELD, List.of("value"), sampled,
                newFound);
    }

    @Test
    void eachWindowKeepsItsOwnShareOfTheLatchedFindings() {
        WindowHistory h = new WindowHistory();
        h.opened(1000, 0, 0, 0, List.of());
        h.closed(3 * S, 500, 40, List.of(finding("a.A", 40)), List.of());
        h.opened(5000, 5 * S, 500, 40, List.of(finding("a.A", 40)));
        h.closed(7 * S, 800, 70, List.of(finding("a.A", 60), finding("b.B", 10)), List.of());
        h.opened(9000, 9 * S, 800, 70, List.of(finding("a.A", 60), finding("b.B", 10)));
        h.closed(10 * S, 900, 70, List.of(finding("a.A", 60), finding("b.B", 10)), List.of());

        assertEquals(List.of(
                new WindowHistory.Window(1, 1000, 0, 3 * S, 500, 40, List.of(seen("a.A", 40, true)), -1,
                        WindowHistory.Shed.NONE),
                new WindowHistory.Window(2, 5000, 5 * S, 2 * S, 300, 30,
                        List.of(seen("a.A", 20, false), seen("b.B", 10, true)), -1, WindowHistory.Shed.NONE),
                new WindowHistory.Window(3, 9000, 9 * S, S, 100, 0, List.of(), -1, WindowHistory.Shed.NONE)),
                h.windows());
    }

    @Test
    void aWindowCountsEveryClassItStoppedTracingAndNamesTheFirst() {
        WindowHistory h = new WindowHistory();
        List<String> shed = IntStream.range(0, WindowHistory.MAX_SHED_NAMES + 5).mapToObj(i -> "p.C" + (char) ('z' - i))
                .toList();
        h.opened(1000, 0, 0, 0, List.of());
        h.closed(2 * S, 0, 0, List.of(), shed);
        h.costed(S);

        WindowHistory.Shed kept = h.windows().get(0).shed();
        assertEquals(WindowHistory.MAX_SHED_NAMES + 5, kept.classes());
        assertEquals(shed.stream().sorted().limit(WindowHistory.MAX_SHED_NAMES).toList(), kept.names());
        assertEquals("p.Cb", kept.names().get(0), "alphabetically, and kept when the window is costed");
    }

    @Test
    void theCostOfAWindowGoesToTheLastOneClosed() {
        WindowHistory h = new WindowHistory();
        h.costed(S); // none closed yet: nothing to cost
        h.opened(1000, 0, 0, 0, List.of());
        h.closed(2 * S, 0, 0, List.of(), List.of());
        h.opened(61_000, 60 * S, 0, 0, List.of());
        h.closed(62 * S, 0, 0, List.of(), List.of());
        h.costed(3 * S);

        assertEquals(List.of(-1L, 3 * S), h.windows().stream().map(WindowHistory.Window::costNanos).toList());
        assertEquals(2 * S, h.windows().get(1).nanos(), "the rest of the window as it was");
    }

    @Test
    void keepsTheLatestWindowsOnly() {
        WindowHistory h = new WindowHistory();
        for (int i = 0; i < WindowHistory.MAX_WINDOWS + 5; i++) {
            h.opened(i, i, 0, 0, List.of());
            h.closed(i + 1, 0, 0, List.of(), List.of());
        }
        List<WindowHistory.Window> kept = h.windows();
        assertEquals(WindowHistory.MAX_WINDOWS, kept.size());
        assertEquals(6, kept.get(0).number());
        assertEquals(WindowHistory.MAX_WINDOWS + 5, kept.get(kept.size() - 1).number());
    }

    @Test
    void aCloseWithoutAnOpenWindowRecordsNothing() {
        WindowHistory h = new WindowHistory();
        h.closed(S, 10, 1, List.of(), List.of());
        assertEquals(List.of(), h.windows());
    }
}
