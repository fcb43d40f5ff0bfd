package io.jremix.workloads.vbd;

import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * Publication without a lock: {@code s.ref = new T()} against a reader that reads {@code s.ref} and, if it is not
 * null, the two fields the constructor set. The Java memory model lets the reader see the reference before the
 * constructor's stores (its fields are not final), and so see 0 in them; VBD's fields and constructor fence forbid
 * that. x86 keeps stores in order and HotSpot does not move the constructor's stores after the publication, so
 * this cannot fail here without VBD. {@link #fields} publishes a {@link Data}, whose fields VBD orders;
 * {@link #effectivelyFinal} a {@link PublishedOnce}, whose fields VBD reads plainly.
 *
 * @param <T> the object published
 */
final class SafePublicationCase<T> extends LitmusCase<SafePublicationCase.State<T>> {
    static final class Data {
        int a;
        int b;

        Data() {
            a = 1;
            b = 1;
        }
    }

    static final class State<T> {
        T ref;
        int seen;
    }

    private final Supplier<T> constructor;
    private final ToIntFunction<T> sum;

    private SafePublicationCase(String name, Supplier<T> constructor, ToIntFunction<T> sum) {
        super(name, 2, "partial", State::new);
        this.constructor = constructor;
        this.sum = sum;
    }

    static SafePublicationCase<Data> fields() {
        return new SafePublicationCase<>("publication", Data::new, d -> d.a + d.b);
    }

    static SafePublicationCase<PublishedOnce> effectivelyFinal() {
        return new SafePublicationCase<>("publication-final", PublishedOnce::new, PublishedOnce::sum);
    }

    @Override
    void actor(int actor, State<T> s) {
        if (actor == 0) {
            s.ref = constructor.get();
        } else {
            T d = s.ref;
            s.seen = d == null ? -1 : sum.applyAsInt(d);
        }
    }

    @Override
    String outcome(State<T> s) {
        return s.seen == -1 ? "null" : s.seen == 2 ? "constructed" : "partial";
    }
}
