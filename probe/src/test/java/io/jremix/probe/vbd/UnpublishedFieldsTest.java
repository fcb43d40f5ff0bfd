package io.jremix.probe.vbd;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When a constructor-local site may be plain: every constructor up the chain is known and lets nothing escape. */
class UnpublishedFieldsTest {

    @Test
    void aChainOfNonEscapingConstructorsUpToObjectIsPlain() {
        UnpublishedFields.constructor("t/Base", "()V", false, "java/lang/Object.<init>()V");
        UnpublishedFields.constructor("t/Mid", "(I)V", false, "t/Base.<init>()V");
        UnpublishedFields.constructor("t/Mid", "()V", false, "t/Mid.<init>(I)V");
        assertTrue(UnpublishedFields.neverEscapes("java/lang/Object.<init>()V"));
        assertTrue(UnpublishedFields.neverEscapes("t/Mid.<init>()V"));
    }

    @Test
    void anEscapeOrAnUnknownConstructorAnywhereUpTheChainIsNot() {
        UnpublishedFields.constructor("u/Leaky", "()V", true, "java/lang/Object.<init>()V");
        UnpublishedFields.constructor("u/BelowLeaky", "()V", false, "u/Leaky.<init>()V");
        UnpublishedFields.constructor("u/BelowJdk", "()V", false, "java/lang/Thread.<init>()V");
        UnpublishedFields.constructor("u/NoSingleCall", "()V", false, null);
        assertFalse(UnpublishedFields.neverEscapes("u/BelowLeaky.<init>()V"));
        assertFalse(UnpublishedFields.neverEscapes("u/BelowJdk.<init>()V"), "the JDK's constructors are not analysed");
        assertFalse(UnpublishedFields.neverEscapes("u/NoSingleCall.<init>()V"));
        assertFalse(UnpublishedFields.neverEscapes("u/NeverLoaded.<init>()V"));
    }

    @Test
    void twoClassesOfOneNameThatDisagreeAreTakenToEscape() {
        UnpublishedFields.constructor("v/Twice", "()V", false, "java/lang/Object.<init>()V");
        assertTrue(UnpublishedFields.neverEscapes("v/Twice.<init>()V"));
        UnpublishedFields.constructor("v/Twice", "()V", true, "java/lang/Object.<init>()V");
        assertFalse(UnpublishedFields.neverEscapes("v/Twice.<init>()V"));
    }

    @Test
    void aCycleEndsAsAnEscape() {
        UnpublishedFields.constructor("w/A", "()V", false, "w/B.<init>()V");
        UnpublishedFields.constructor("w/B", "()V", false, "w/A.<init>()V");
        assertFalse(UnpublishedFields.neverEscapes("w/A.<init>()V"));
    }
}
