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

    /**
     * The member name of a field that a JDK class declares, in an object of a class of the program's that extends it:
     * the declaring class's simple name and the field's, {@code AtomicReference.value}, as JOL prints it. Such a datum
     * is named under the object's class, which is what padding can change. A field's own name holds no dot, so the
     * two never clash.
     */
    public static String inherited(String declaringClass, String field) {
        return declaringClass.substring(declaringClass.lastIndexOf('.') + 1) + "." + field;
    }

    /** Whether {@code member} names a field a JDK superclass declares ({@link #inherited}). */
    public static boolean isInherited(String member) {
        return member.indexOf('.') >= 0;
    }

    /** The field's name as its class declares it: {@code value} for {@code AtomicReference.value}. */
    public static String declaredName(String member) {
        return member.substring(member.lastIndexOf('.') + 1);
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
