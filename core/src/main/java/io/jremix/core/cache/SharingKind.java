package io.jremix.core.cache;

/**
 * Whether the threads fighting over a cache line touch the same bytes (true sharing) or not (false sharing); or
 * whether they write fields that would share a line under another placement of their objects (latent false sharing).
 */
public enum SharingKind {
    FALSE_SHARING("false-sharing", "false sharing"),
    TRUE_SHARING("true-sharing", "true sharing"),
    LATENT_FALSE_SHARING("latent-false-sharing", "latent false sharing");

    private final String key;
    private final String words;

    SharingKind(String key, String words) {
        this.key = key;
        this.words = words;
    }

    /** The JSON value: {@code false-sharing}, {@code true-sharing} or {@code latent-false-sharing}. */
    public String key() {
        return key;
    }

    /** For text reports: {@code false sharing}. */
    public String words() {
        return words;
    }
}
