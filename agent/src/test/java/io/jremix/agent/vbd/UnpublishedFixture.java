package io.jremix.agent.vbd;

import java.util.ArrayList;
import java.util.List;

/** Constructors that let {@code this} escape, or not, at known points; {@link UnpublishedThisTest} reads them. */
@SuppressWarnings({"unused", "FieldMayBeFinal"})
class UnpublishedFixture {
    static final List<Object> REGISTRY = new ArrayList<>();
    static Object sink;

    int a;
    int b;
    long wide;
    String name;
    UnpublishedFixture other;

    /** Nothing escapes: every access counts. */
    UnpublishedFixture(int a) {
        this.a = a;
        this.b = this.a + 1;
        this.wide = 7L;
        this.name = "n" + a;
    }

    /** Registered between its two stores. */
    UnpublishedFixture(int a, boolean register) {
        this.a = a;
        REGISTRY.add(this);
        this.b = a;
    }

    /** A call on {@code this} may publish it. */
    UnpublishedFixture(String name) {
        this.a = 1;
        describe();
        this.name = name;
    }

    /** A loop before the escape keeps its accesses; the store after the escape does not count. */
    UnpublishedFixture(int n, int step) {
        for (int i = 0; i < n; i += step) {
            this.a += i;
        }
        sink = this;
        this.b = n;
    }

    /** The loop's back edge comes from after the escape, so the store inside the loop does not count either. */
    UnpublishedFixture(int n, String prefix) {
        for (int i = 0; i < n; i++) {
            this.a = i;
            REGISTRY.add(this);
        }
    }

    /** {@code this} on one path only: stored into a static, it may escape. */
    UnpublishedFixture(boolean self) {
        Object o = self ? this : new Object();
        this.a = 1;
        sink = o;
        this.b = 2;
    }

    /** Another object of the same class is not {@code this}: its fields are not counted, storing it is no escape. */
    UnpublishedFixture(UnpublishedFixture other) {
        this.other = other;
        other.a = 5;
        this.b = other.b;
    }

    /** Delegates to another constructor first. */
    UnpublishedFixture() {
        this(3);
        this.b = 4;
    }

    /** A lambda that captures {@code this} lets it escape. */
    UnpublishedFixture(long wide) {
        this.wide = wide;
        Runnable r = () -> this.a++;
        REGISTRY.add(r);
        this.b = 1;
    }

    void describe() {
        REGISTRY.add(name);
    }

    static final class Sub extends UnpublishedFixture {
        int c;

        Sub() {
            super(1);
            this.c = 2;
        }
    }
}
