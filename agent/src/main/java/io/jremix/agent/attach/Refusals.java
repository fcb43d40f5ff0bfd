package io.jremix.agent.attach;

import java.util.List;

import io.jremix.agent.feature.AgentOptions;
import io.jremix.agent.feature.Asked;
import io.jremix.agent.feature.OutputsInUse;

/** Why options cannot start in this running program, in one line; each says what to do instead. */
final class Refusals {
    private Refusals() {
    }

    /** The reason, or {@code null} when the features {@code asked} can start here now. */
    static String of(AgentOptions options, List<Asked<?>> asked) {
        if (asked.isEmpty()) {
            return "nothing to start: give -remix:detect or -XXgetparkcontention (see bin/jremix --help)";
        }
        for (Asked<?> feature : asked) {
            String refusal = feature.attachRefusal();
            if (refusal != null) {
                return refusal;
            }
        }
        return OutputsInUse.conflict(options.outputs());
    }
}
