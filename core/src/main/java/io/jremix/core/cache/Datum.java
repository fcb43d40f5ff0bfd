package io.jremix.core.cache;

/**
 * What one access touched, as the report names it: a field of a class, or an element of an array type.
 *
 * @param className binary class name with dots ({@code a.b.Outer$Inner}), or the array type as Java
 *                  source spells it ({@code long[]})
 * @param member    field name, or {@code null} for an array element
 * @param offset    byte offset of the datum inside its object (inside the class mirror for statics)
 * @param size      bytes accessed
 * @param kind      instance field, static field or array element
 * @param index     element index for array elements, otherwise -1
 */
public record Datum(String className, String member, int offset, int size, Kind kind, int index) {

    /**
     * The member name of an object's header, read by the type check of an interface call: another thread's writes
     * on its line slow every such call down, though no field is shared.
     */
    public static final String HEADER = "(header)";

    /** Where the datum lives. */
    public enum Kind { FIELD, STATIC, ELEMENT }

    public static Datum field(String className, String name, int offset, int size) {
        return new Datum(className, name, offset, size, Kind.FIELD, -1);
    }

    public static Datum staticField(String className, String name, int offset, int size) {
        return new Datum(className, name, offset, size, Kind.STATIC, -1);
    }

    public static Datum element(String arrayType, int index, int offset, int size) {
        return new Datum(arrayType, null, offset, size, Kind.ELEMENT, index);
    }

    /** The label of a hit line: {@code value[16]} for fields, {@code [3]} for the element at index 3. */
    public String hitLabel() {
        return kind == Kind.ELEMENT ? "[" + index + "]" : member + "[" + offset + "]";
    }

    /** {@code Class::field} or {@code long[]}: how other findings refer to this datum. */
    public String qualifiedName() {
        return kind == Kind.ELEMENT ? className : className + "::" + member;
    }
}
