package io.jremix.core;

/** A count with its noun, singular for one ("1 class", "2 classes"), for the lines jremix writes for people. */
public final class Counted {
    private Counted() {
    }

    /** {@code n} and {@code noun}, with an {@code s} unless {@code n} is one. */
    public static String of(long n, String noun) {
        return of(n, noun, noun + "s");
    }

    /** {@code n} and {@code one} or {@code many}, for nouns whose plural is not the singular and an {@code s}. */
    public static String of(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
