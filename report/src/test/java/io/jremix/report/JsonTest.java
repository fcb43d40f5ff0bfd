package io.jremix.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void roundTripsNestedValues() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("text", "quote \" slash \\ newline \n tab \t control \u0001 unicode é");
        doc.put("long", 12345678901L);
        doc.put("double", 1.5);
        doc.put("flag", true);
        doc.put("nothing", null);
        doc.put("list", List.of(1L, "two", List.of(), Map.of()));
        doc.put("object", Map.of("a", List.of(Map.of("b", false))));
        assertEquals(doc, Json.parse(Json.write(doc)));
    }

    @Test
    void wholeDoublesAreWrittenAsIntegersAndNonFiniteAsNull() {
        assertEquals("3\n", Json.write(3.0));
        assertEquals("null\n", Json.write(Double.NaN));
        assertEquals(Arrays.asList(1L, null), Json.parse(Json.write(Arrays.asList(1, Double.POSITIVE_INFINITY))));
    }

    @Test
    void readsStandardJson() {
        assertEquals(Map.of("a", List.of(1L, -2.5e3, "\u00e9")), Json.parse(" {\"a\" : [1, -2.5e3, \"\\u00e9\"]} "));
    }

    @Test
    void rejectsMalformedDocuments() {
        for (String bad : List.of("", "{", "[1,]", "{\"a\" 1}", "\"open", "tru", "{} x", "[1 2]")) {
            assertThrows(IllegalArgumentException.class, () -> Json.parse(bad), bad);
        }
    }
}
