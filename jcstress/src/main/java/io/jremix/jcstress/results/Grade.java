package io.jremix.jcstress.results;

import org.openjdk.jcstress.annotations.Expect;

/** What an outcome means under this package's convention (see {@link io.jremix.jcstress.VbdLimit}). */
public enum Grade {
    /** {@code ACCEPTABLE}: an interleaving of the actors could produce it. */
    SC,
    /** {@code ACCEPTABLE_INTERESTING}: not SC, but the Java memory model allows it for plain accesses. */
    NON_SC_ALLOWED,
    /** {@code FORBIDDEN} (or undeclared): not SC, and forbidden even for plain accesses. */
    NON_SC_FORBIDDEN;

    public static Grade of(Expect expect) {
        switch (expect) {
            case ACCEPTABLE:
                return SC;
            case ACCEPTABLE_INTERESTING:
                return NON_SC_ALLOWED;
            default:
                return NON_SC_FORBIDDEN;
        }
    }

    public boolean sequentiallyConsistent() {
        return this == SC;
    }
}
