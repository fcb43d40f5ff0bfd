package io.jremix.agent.vbd;

/** Instance fields of every type, read and written outside constructors, for the volatile access call tests. */
@SuppressWarnings("unused")
public class FieldCallsFixture extends FieldCallsBase {
    boolean flag;
    byte b;
    char c;
    short s;
    int i;
    long l;
    float f;
    double d;
    String text;
    int[] numbers;

    /** Writes every field and reads it back, through another object than {@code this}. */
    public static String roundTrip(int seed) {
        FieldCallsFixture o = new FieldCallsFixture();
        o.flag = seed % 2 == 1;
        o.b = (byte) (seed * 3);
        o.c = (char) ('a' + seed);
        o.s = (short) (seed * 1000);
        o.i = seed * 100_000;
        o.l = seed * 10_000_000_000L;
        o.f = seed / 4f;
        o.d = seed / 8d;
        o.text = "t" + seed;
        o.numbers = new int[] {seed};
        o.inherited = seed + 1;
        o.l += o.i;
        return o.flag + " " + o.b + " " + o.c + " " + o.s + " " + o.i + " " + o.l + " " + o.f + " " + o.d + " "
                + o.text + " " + o.numbers[0] + " " + o.inherited;
    }

    public static long readLong(FieldCallsFixture o) {
        return o.l;
    }

    public static void writeLong(FieldCallsFixture o, long v) {
        o.l = v;
    }

    public static void writeText(FieldCallsFixture o, String v) {
        o.text = v;
    }

    /** Writes and reads fields of {@code this}, inherited one included, as instance methods do. */
    public String roundTripOnThis(int seed) {
        flag = seed % 2 == 1;
        b = (byte) (seed * 3);
        c = (char) ('a' + seed);
        s = (short) (seed * 1000);
        i = seed * 100_000;
        l = seed * 10_000_000_000L;
        f = seed / 4f;
        d = seed / 8d;
        text = "t" + seed;
        numbers = new int[] {seed};
        inherited = seed + 1;
        l += i;
        d *= f;
        return flag + " " + b + " " + c + " " + s + " " + i + " " + l + " " + f + " " + d + " " + text + " "
                + numbers[0] + " " + inherited;
    }

    /** Reads a field of {@code this} on one path and of {@code other} on the other. */
    public long eitherObject(FieldCallsFixture other, boolean mine) {
        return (mine ? this : other).l;
    }
}
