package io.jremix.report.cache;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RepairReportTest {
    private static final ObjectLayout BEFORE = new ObjectLayout(12, 24, List.of(
            new ObjectLayout.Field("AtomicReference.value", "Object", 12, 4), new ObjectLayout.Field("head", "Object", 16, 4)));
    private static final ObjectLayout AFTER = new ObjectLayout(12, 288, List.of(
            new ObjectLayout.Field("AtomicReference.value", "Object", 12, 4), new ObjectLayout.Field("head", "Object", 144, 4),
            new ObjectLayout.Field("jremix$tailPadding", "long", 280, 8)));

    private static RepairReport report(RepairReport.Padded padded) {
        return new RepairReport(List.of(padded), List.of(), null, List.of(), List.of("did not pad a.B: a JDK class"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> first(RepairReport r) {
        return ((List<Map<String, Object>>) r.json().get("padded")).get(0);
    }

    @Test
    void eachPaddedClassGivesItsSizesAndTheBytesAddedToItsLiveInstances() {
        RepairReport r = report(new RepairReport.Padded("a.Queue", List.of(List.of("head")), "profile", List.of(),
                BEFORE, AFTER, 3L));
        List<String> lines = r.lines();
        assertTrue(lines.contains("Padded a.Queue: 24 -> 288 bytes an instance (+264); 3 live at exit, +792 bytes."),
                lines.toString());
        assertTrue(lines.contains("did not pad a.B: a JDK class"), lines.toString());
        Map<String, Object> padded = first(r);
        assertEquals(24, padded.get("instanceBytesBefore"));
        assertEquals(288, padded.get("instanceBytesAfter"));
        assertEquals(264, padded.get("bytesAdded"));
        assertEquals(3L, padded.get("liveInstances"));
        assertEquals(792L, padded.get("liveBytesAdded"));
        assertEquals(List.of("did not pad a.B: a JDK class"), r.json().get("notes"));
    }

    @Test
    void whatIsNotKnownIsSaidSo() {
        RepairReport.Padded unknown = new RepairReport.Padded("a.Old", List.of(List.of("x")), "profile", List.of(),
                null, AFTER, null);
        assertEquals("unpadded size not known -> 288 bytes an instance; live instances not counted", unknown.sizeLine());
        Map<String, Object> json = first(report(unknown));
        assertEquals(null, json.get("bytesAdded"));
        assertEquals(null, json.get("liveBytesAdded"));
        assertEquals("24 -> 288 bytes an instance (+264); 0 live at exit, +0 bytes", new RepairReport.Padded("a.Q",
                List.of(List.of("x")), "online", List.of(), BEFORE, AFTER, 0L).sizeLine());
    }
}
