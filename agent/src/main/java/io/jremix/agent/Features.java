package io.jremix.agent;

import java.util.List;

import io.jremix.agent.cache.CacheFeature;
import io.jremix.agent.feature.Feature;
import io.jremix.agent.park.ParkFeature;
import io.jremix.agent.vbd.VbdFeature;

/** jremix's features, in the order they start. */
final class Features {
    /**
     * Volatile-by-default first: it cannot rewrite a class loaded before it starts, so the features after it, which
     * load classes of their own as they start, load them only once it can.
     */
    static final List<Feature<?>> ALL = List.of(new VbdFeature(), new ParkFeature(), new CacheFeature());

    private Features() {
    }
}
