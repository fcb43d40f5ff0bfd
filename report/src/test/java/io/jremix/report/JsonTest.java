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
    void roundTripsNestedValues() throws Json.MalformedJsonException {
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
    void wholeDoublesAreWrittenAsIntegersAndNonFiniteAsNull() throws Json.MalformedJsonException {
        assertEquals("3\n", Json.write(3.0));
        assertEquals("null\n", Json.write(Double.NaN));
        assertEquals(Arrays.asList(1L, null), Json.parse(Json.write(Arrays.asList(1, Double.POSITIVE_INFINITY))));
    }

    @Test
    void readsStandardJson() throws Json.MalformedJsonException {
        assertEquals(Map.of("a", List.of(1L, -2.5e3, "\u00e9")), Json.parse(" {\"a\" : [1, -2.5e3, \"\\u00e9\"]} "));
    }

    @Test
    void rejectsMalformedDocuments() {
        for (String bad : List.of("", "{", "[1,]", "{\"a\" 1}", "\"open", "tru", "{} x", "[1 2]", "\"\\u12\"",
                "\"\\u+123\"", "\"\\uzzzz\"", "99999999999999999999")) {
            assertThrows(Json.MalformedJsonException.class, () -> Json.parse(bad), bad);
        }
    }

    @Test
    void nestingDeeperThanTheLimitIsAnErrorNotAStackOverflow() throws Json.MalformedJsonException {
        String deepest = "[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH);
        assertEquals(deepest, Json.write(Json.parse(deepest)).replaceAll("\\s", ""), "the limit itself parses");
        assertEquals("JSON: nested deeper than 100 at offset 100", error("[".repeat(5000) + "]".repeat(5000)));
        assertEquals("JSON: nested deeper than 100 at offset 100", error("[".repeat(1_000_000)));
        assertEquals("JSON: nested deeper than 100 at offset 500",
                error("{\"a\":".repeat(5000) + "1" + "}".repeat(5000)));
    }

    private static String error(String json) {
        return assertThrows(Json.MalformedJsonException.class, () -> Json.parse(json)).getMessage();
    }

    @Test
    void messagesQuoteAnExcerpt() {
        String huge = "1".repeat(1_000_000) + ".5.5";
        assertEquals("JSON: bad number '" + "1".repeat(60) + "...' at offset " + huge.length(), error(huge));
        assertEquals("JSON: unexpected character '?' at offset 1", error("[\0]"));
    }

    @Test
    void aDocumentLongerThanTheLimitIsRefusedBeforeParsing() {
        String longest = " ".repeat(Json.MAX_LENGTH) + "1";
        assertEquals("JSON: longer than 67108864 characters", error(longest));
    }
}
