package io.jremix.agent.cache.collect;

import java.util.List;
import java.util.Map;

import io.jremix.core.cache.Datum;
import io.jremix.core.cache.Finding;
import io.jremix.core.cache.SharingKind;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SiteCallersTest {
    private static final String UPDATER = "java.util.concurrent.atomic.AtomicLongFieldUpdater$CASUpdater.getAndAdd("
            + "AtomicLongFieldUpdater.java:494)";

    private static Finding on(String className, String... sites) {
        return new Finding(SharingKind.FALSE_SHARING, className, Datum.Kind.FIELD, List.of("a"), 10, 1, true,
                List.of(), List.of(), List.of(sites), 1, 0, 0, Map.of(), List.of(), 0);
    }

    @Test
    void aJdkSiteIsLedByTheHottestCallerOfItsFindingsClass() {
        SiteCallers callers = new SiteCallers();
        callers.called(UPDATER, "app.Pair", "app.Pair.addLeft(Pair.java:7)");
        callers.called(UPDATER, "app.Pair", "app.Pair.addRight(Pair.java:9)");
        callers.called(UPDATER, "app.Pair", "app.Pair.addRight(Pair.java:9)");
        callers.called(UPDATER, "app.Other", "app.Other.add(Other.java:3)");
        List<Finding> named = callers.named(List.of(on("app.Pair", UPDATER, "app.Pair.get(Pair.java:4)"),
                on("app.Other", UPDATER), on("app.Third", UPDATER)));
        assertEquals(List.of("app.Pair.addRight(Pair.java:9) via " + UPDATER, "app.Pair.get(Pair.java:4)"),
                named.get(0).sites());
        assertEquals(List.of("app.Other.add(Other.java:3) via " + UPDATER), named.get(1).sites());
        assertEquals(List.of(UPDATER), named.get(2).sites(), "no caller sampled for this class: the JDK's frame");
    }
}
