package io.jremix.core.park;

/**
 * How both tables name a thread. A virtual thread is marked as one, so that its waits are not taken for those of a
 * carrier (which parks under its own ForkJoinPool worker name when idle); it usually has no name, and its id then
 * tells the rows apart.
 */
public final class ThreadLabel {
    private ThreadLabel() {
    }

    public static String of(String name, long id, boolean virtual) {
        String shown = name == null || name.isEmpty() ? "#" + id : name;
        return virtual ? "virtual " + shown : shown;
    }
}
