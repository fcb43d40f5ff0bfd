package demo;

import java.util.List;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.function.ThrowingSupplier;

/** A program's class (not jremix's by its package) that waits through a library's code: JUnit's jar here. */
public final class ThroughALibrary {
    private ThroughALibrary() {
    }

    public static List<String> call(ThrowingSupplier<List<String>> walk) {
        return Assertions.assertDoesNotThrow(walk);
    }
}
