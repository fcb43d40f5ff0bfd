package io.jremix.agent.cache.instrument;

import java.util.HashMap;
import java.util.Map;

import org.objectweb.asm.ClassReader;

/** The length of each method's bytecode as a class file states it, read from its Code attribute. */
final class CodeLengths {
    private CodeLengths() {
    }

    /** Code lengths by method name and descriptor; methods without code are left out. */
    static Map<String, Integer> of(byte[] classfile) {
        ClassReader r = new ClassReader(classfile);
        char[] buf = new char[r.getMaxStringLength()];
        int at = r.header + 6;
        at += 2 + 2 * r.readUnsignedShort(at); // interfaces
        int fields = r.readUnsignedShort(at);
        at += 2;
        for (int i = 0; i < fields; i++) {
            at = skipAttributes(r, at + 6);
        }
        Map<String, Integer> lengths = new HashMap<>();
        int methods = r.readUnsignedShort(at);
        at += 2;
        for (int i = 0; i < methods; i++) {
            String method = r.readUTF8(at + 2, buf) + r.readUTF8(at + 4, buf);
            int attributes = r.readUnsignedShort(at + 6);
            at += 8;
            for (int a = 0; a < attributes; a++) {
                if (r.readUTF8(at, buf).equals("Code")) {
                    lengths.put(method, r.readInt(at + 10)); // after max_stack and max_locals
                }
                at += 6 + r.readInt(at + 2);
            }
        }
        return lengths;
    }

    /** The offset after the attribute count at {@code at} and the attributes that follow it. */
    private static int skipAttributes(ClassReader r, int at) {
        int attributes = r.readUnsignedShort(at);
        at += 2;
        for (int a = 0; a < attributes; a++) {
            at += 6 + r.readInt(at + 2);
        }
        return at;
    }
}
