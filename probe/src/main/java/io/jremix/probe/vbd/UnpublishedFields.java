package io.jremix.probe.vbd;

import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bootstrap methods of a constructor's accesses to its own object's fields before the object can be seen by any
 * other thread. No other thread can read or write those fields yet, so the order of these accesses cannot be
 * observed and they need no fences; the release fence at the end of the constructor orders them before whatever
 * publishes the object. The agent proves, per constructor, that {@code this} does not escape before such an access;
 * what it cannot see when it rewrites a class is the constructor it calls first ({@code super(...)} or
 * {@code this(...)}), which may belong to a class not loaded yet. That is settled here, when the site first runs and
 * the whole chain of constructors has loaded: the access is plain only if every constructor up the chain was
 * rewritten by VBD and lets {@code this} escape nowhere, up to {@code Object()}; otherwise it is volatile.
 */
public final class UnpublishedFields {
    private static final String OBJECT_CONSTRUCTOR = "java/lang/Object.<init>()V";
    /** Longer chains (deeper class hierarchies than any real program's) are taken to escape. */
    private static final int MAX_CHAIN = 64;
    /** What each constructor VBD rewrote calls first, or {@link #ESCAPES}, by {@code owner.<init>desc}. */
    private static final Map<String, String> CHAINS = new ConcurrentHashMap<>();
    private static final String ESCAPES = "";

    private UnpublishedFields() {
    }

    /**
     * Records one rewritten constructor.
     *
     * @param owner   its class, internal name
     * @param desc    its descriptor
     * @param escapes whether {@code this} may escape anywhere in it (other than into the constructor it calls first)
     * @param calls   the constructor it calls first, {@code owner.<init>desc}, or {@code null} if it has no single one
     */
    public static void constructor(String owner, String desc, boolean escapes, String calls) {
        String chain = escapes || calls == null ? ESCAPES : calls;
        // two classes of one name in two loaders that disagree: take the careful answer
        CHAINS.merge(owner + ".<init>" + desc, chain, (a, b) -> a.equals(b) ? a : ESCAPES);
    }

    /** Whether no constructor from {@code first} up to {@code Object()} lets {@code this} escape. */
    static boolean neverEscapes(String first) {
        String c = first;
        for (int depth = 0; depth < MAX_CHAIN; depth++) {
            if (c.equals(OBJECT_CONSTRUCTOR)) {
                return true;
            }
            String next = CHAINS.get(c);
            if (next == null || next.equals(ESCAPES)) {
                return false;
            }
            c = next;
        }
        return false;
    }

    /** A load of {@code this.name} after the constructor {@code calls} returned and before {@code this} escapes. */
    public static CallSite getField(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner,
                                    String calls) {
        return UnpublishedFieldLinker.link(name, site, owner, false, neverEscapes(calls));
    }

    /** A store to {@code this.name} after the constructor {@code calls} returned and before {@code this} escapes. */
    public static CallSite putField(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner,
                                    String calls) {
        return UnpublishedFieldLinker.link(name, site, owner, true, neverEscapes(calls));
    }
}
