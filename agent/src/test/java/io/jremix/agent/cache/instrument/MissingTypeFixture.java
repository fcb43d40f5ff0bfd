package io.jremix.agent.cache.instrument;

import java.util.Map;

/**
 * Code that verifies without its {@link Mapper}, whose interface {@link Absent} the test leaves out at run time, as
 * byte-buddy's JNA injector verifies without JNA: the mapper goes only where any object may go (an {@code Object}
 * parameter, a field and an array of its own type), so the verifier never has to load it; and code that does not
 * ({@link Keeper}). Kept to what a class file
 * of version 49 can hold (no lambdas, no string concatenation), for the test's copy without stack-map frames.
 */
public class MissingTypeFixture {
    Mapper last;

    /** Two interface calls of two arguments: the probes stash a {@code String} at the first, a mapper at the second. */
    public static Map<String, Object> options(Map<String, Object> options, boolean withMapper) {
        options.put("allow-objects", Boolean.TRUE);
        if (withMapper) {
            options.put("function-mapper", new Mapper());
        }
        return options;
    }

    /** Accesses to a field of a class that also has a field of the absent type, whose class nothing loads. */
    public static int tally(int n) {
        Tally t = new Tally(n);
        t.count++;
        return t.count;
    }

    /** Field and array accesses of the mapper's type, which VBD rewrites; never called. */
    void keep(Mapper[] mappers, int i) {
        last = mappers[i];
        mappers[i] = last;
    }

    interface Absent {
    }

    abstract static class Base {
    }

    static final class Mapper extends Base implements Absent {
    }

    /** A class with a field of an optional type, absent at run time, and one its code uses. */
    static final class Tally {
        Absent optional;
        int count;

        Tally(int count) {
            this.count = count;
        }
    }

    /**
     * Stores a mapper in a field of its superclass's type: the verifier checks the one against the other, loading
     * the mapper, so without its interface this class fails to load, rewritten or not.
     */
    static final class Keeper {
        Base held;

        void hold() {
            held = new Mapper();
        }
    }
}
