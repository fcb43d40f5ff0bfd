package io.jremix.bench.corpus;

import java.util.List;

import io.jremix.options.CacheContentionOptions;

/**
 * The sensitivities an after-version must stay silent at, as the options that set them: the defaults, and ten times
 * the default sensitivity. The one place to change when the rule for what is worth reporting changes.
 */
final class Sensitivity {
    private Sensitivity() {
    }

    /** Ten times as sensitive as the defaults: a tenth of the default cost share. */
    static List<String> tenTimes() {
        return List.of("-XX:REMIXCostShare=" + CacheContentionOptions.COST_SHARE.defaultValue() / 10);
    }
}
