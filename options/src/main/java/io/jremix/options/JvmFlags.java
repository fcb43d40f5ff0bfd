package io.jremix.options;

import java.util.ArrayList;
import java.util.List;

/** The JVM flags that the features some options ask for need, on the JVM that runs the program. */
public final class JvmFlags {
    /** The first JDK that warns when an agent is loaded into a running JVM (bin/jremix dump) without this flag. */
    private static final int DYNAMIC_AGENT_WARNING = 21;

    private JvmFlags() {
    }

    /** The flags for {@code values} on a JVM of version {@code javaFeature}. */
    public static List<String> of(Values values, int javaFeature) {
        List<String> flags = new ArrayList<>();
        if (pads(values)) { // padding at class load relies on @Contended, which the JVM honours outside the JDK only so
            flags.add("-XX:-RestrictContended");
        }
        if (javaFeature >= DYNAMIC_AGENT_WARNING && values.get(ParkContentionOptions.PROFILE)) {
            flags.add("-XX:+EnableDynamicAgentLoading");
        }
        return flags;
    }

    /** Repair pads classes: under -remix (online, the last -remix option decides), or with a profile and no -remix. */
    private static boolean pads(Values values) {
        String mode = values.get(CacheContentionOptions.MODE);
        return values.given(CacheContentionOptions.MODE) ? mode.equals("online")
                : values.given(CacheContentionOptions.PROFILE);
    }
}
