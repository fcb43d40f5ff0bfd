package io.jremix.agent.options;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VbdRelaxedPatternsTest {

    private static VbdRelaxedPatterns of(String... lines) throws OptionException {
        return VbdRelaxedPatterns.parse("relaxed.txt", List.of(lines));
    }

    @Test
    void packageWildcardRelaxesWholeClasses() throws OptionException {
        VbdRelaxedPatterns p = of("java/io/*.*");
        assertTrue(p.relaxesClass("java/io/File"));
        assertTrue(p.relaxesClass("java/io/sub/Thing"));
        assertFalse(p.relaxesClass("java/nio/File"));
        assertTrue(p.relaxesMember("java/io/File", "anything"));
    }

    @Test
    void dottedPackageWildcardNamesThePackage() throws OptionException {
        VbdRelaxedPatterns p = of("com.example.*");
        assertTrue(p.relaxesClass("com/example/Ring"));
        assertTrue(p.relaxesClass("com/example/deep/Node"));
        assertFalse(p.relaxesClass("com/examples/Ring"));
    }

    @Test
    void classFormsAreEquivalent() throws OptionException {
        for (String line : List.of("com/example/Ring", "com.example.Ring::*", "com.example.Ring.*", "com/example/Ring.*")) {
            VbdRelaxedPatterns p = of(line);
            assertTrue(p.relaxesClass("com/example/Ring"), line);
            assertFalse(p.relaxesClass("com/example/Ring$Node"), line);
        }
    }

    @Test
    void memberFormsNameMethodsAndFieldsButNotTheClass() throws OptionException {
        for (String line : List.of("com.example.Ring::offer", "com.example.Ring.offer", "com/example/Ring.offer")) {
            VbdRelaxedPatterns p = of(line);
            assertFalse(p.relaxesClass("com/example/Ring"), line);
            assertTrue(p.relaxesMember("com/example/Ring", "offer"), line);
            assertFalse(p.relaxesMember("com/example/Ring", "poll"), line);
            assertFalse(p.relaxesMember("com/example/RingBuffer", "offer"), line);
        }
    }

    @Test
    void wildcardsWorkInEitherPart() throws OptionException {
        VbdRelaxedPatterns p = of("com.example.*::count*", "*Node::<init>");
        assertTrue(p.relaxesMember("com/example/deep/Thing", "countDown"));
        assertTrue(p.relaxesMember("com/example/Ring$Node", "<init>"));
        assertFalse(p.relaxesMember("com/example/Ring$Node", "next"));
    }

    @Test
    void commentsAndBlankLinesAreIgnored() throws OptionException {
        VbdRelaxedPatterns p = of("# relaxed code", "", "   ", "com.example.Ring::offer   # hot loop");
        assertTrue(p.relaxesMember("com/example/Ring", "offer"));
        assertTrue(of("# nothing").isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"::offer", "com.example.Ring::", "com.example.Ring::offer(I)V", "com..Ring::x",
        "com/example/Ring.a.b", "com.example.Ring::off-er", "com example", "/com/Ring", "com.example.Ring::a::b"})
    void malformedPatternsNameTheirLine(String line) {
        OptionException e = assertThrows(OptionException.class, () -> of("# first", line));
        assertTrue(e.getMessage().contains("relaxed.txt line 2"), e.getMessage());
    }
}
