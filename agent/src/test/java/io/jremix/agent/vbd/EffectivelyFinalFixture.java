package io.jremix.agent.vbd;

import java.util.ArrayList;
import java.util.List;

/**
 * Fields for {@link EffectivelyFinalFieldsTest}, top-level classes so that none has a nest: only {@code set} and
 * {@code delegated} are written only while their object is unpublished.
 */
class EffectivelyFinalFixture {
    static final List<Object> SEEN = new ArrayList<>();
    private static int count;

    private int set;
    private int delegated;
    private int later;
    private int afterEscape;
    private int onAnother;
    protected int inherited;
    int packaged;
    private final int declared;

    EffectivelyFinalFixture(int v) {
        set = v;
        inherited = v;
        packaged = v;
        declared = v;
    }

    EffectivelyFinalFixture(int v, EffectivelyFinalFixture other) {
        this(v);
        other.onAnother = v;
        delegated = set + 1;
        count++;
        SEEN.add(this);
        afterEscape = v;
    }

    void setLater(int v) {
        later = v;
    }

    int sum() {
        return set + delegated + later + afterEscape + onAnother + inherited + packaged + declared + count;
    }
}

/** Its constructor writes before {@code this} escapes, but its superclass's constructor may publish it first. */
class EffectivelyFinalSub extends EffectivelyFinalFixture {
    private int own;

    EffectivelyFinalSub(int v) {
        super(v);
        own = v;
    }

    int own() {
        return own;
    }
}

/** The constructor it calls first lets {@code this} escape, so the store after it comes after publication. */
class EffectivelyFinalDelegate {
    private int first;
    private int second;

    EffectivelyFinalDelegate(int v) {
        first = v;
        EffectivelyFinalFixture.SEEN.add(this);
    }

    EffectivelyFinalDelegate() {
        this(1);
        second = 2;
    }

    int sum() {
        return first + second;
    }
}

/** A nest: its member can write the host's private field. */
class EffectivelyFinalNest {
    private int value;

    EffectivelyFinalNest(int v) {
        value = v;
    }

    int value() {
        return value;
    }

    static final class Writer {
        static void write(EffectivelyFinalNest n) {
            n.value = 0;
        }
    }
}
