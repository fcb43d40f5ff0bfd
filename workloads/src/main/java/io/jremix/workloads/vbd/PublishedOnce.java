package io.jremix.workloads.vbd;

/**
 * An object whose fields are private, set by its constructor before it can escape and never again: under VBD they
 * are effectively final, read plainly. A top-level class, so that it has no nestmates that could write them.
 */
final class PublishedOnce {
    private int a;
    private int b;

    PublishedOnce() {
        a = 1;
        b = 1;
    }

    int sum() {
        return a + b;
    }
}
