package io.jremix.report.cache;

import java.util.List;

import io.jremix.core.cache.repair.PaddedClass;
import io.jremix.options.Fuzz;
import org.junit.jupiter.api.Test;

/** Repair profiles, mutated and hostile: a profile or one short line, never a hang. */
class RepairProfileFuzzTest {
    private static final ObjectLayout LAYOUT = new ObjectLayout(12, 32, List.of(
            new ObjectLayout.Field("head", "long", 16, 8), new ObjectLayout.Field("tail", "long", 24, 8)));

    @Test
    void profiles() {
        String profile = new RepairProfile(List.of()).merge(List.of(
                new PaddedClass("a.Ring", List.of(List.of("head"), List.of("tail"))),
                new PaddedClass("a.VolatileLong", List.of(List.of("value")))),
                name -> name.equals("a.Ring") ? LAYOUT : null, "2026-11-22").json();
        Fuzz.check(Fuzz.batch(List.of(profile, "{\"format\": \"jremix-repair-profile\", \"version\": 1, \"classes\": []}"),
                54), RepairProfile::parse, RepairProfile.UnusableProfileException.class);
    }
}
