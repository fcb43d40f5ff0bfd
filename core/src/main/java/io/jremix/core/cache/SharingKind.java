package io.jremix.core.cache;

/** Whether the threads fighting over a cache line touch the same bytes (true sharing) or not (false sharing). */
public enum SharingKind {
    FALSE_SHARING("false-sharing", "false sharing"),
    TRUE_SHARING("true-sharing", "true sharing");

    private final String key;
    private final String words;

    SharingKind(String key, String words) {
        this.key = key;
        this.words = words;
    }

    /** The JSON value: {@code false-sharing} or {@code true-sharing}. */
    public String key() {
        return key;
    }

    /** For text reports: {@code false sharing}. */
    public String words() {
        return words;
    }
}
