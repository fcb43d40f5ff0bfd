package io.jremix.agent.vbd;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.jremix.agent.bytecode.VbdRewrittenCode;
import io.jremix.probe.vbd.VolatileFields;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The volatile access methods of one rewritten class, generated as a class of their own next to
 * {@code VolatileFields} on the boot class path: one force-inlined static method per field the class accesses and
 * direction, {@code g<site>(Object)} or {@code p<site>(Object, value)}, which calls {@code VolatileFields.getX/putX}
 * with the site's number. A rewritten {@code getfield} is then a single {@code invokestatic} of the same size: C2's
 * inlining limits count the bytes of the program's methods (not those of force-inlined callees), so a site that
 * pushed its number itself made hot methods too big to inline.
 *
 * <p>A reference travels as {@code Object}, cast back at the site: a method on the boot class path whose signature
 * names a class of the program is one C2 will not inline ("unloaded signature classes").
 *
 * <p>Sites are numbered per class and field, not per instruction. At most {@link #MAX_CLASSES} such classes are
 * made (they live as long as the JVM); a later class's fields are fenced instead.
 */
final class FieldSites {
    static final String PREFIX = VbdRewrittenCode.SITES_PREFIX;
    private static final int MAX_CLASSES = 50_000;
    private static final AtomicInteger CLASSES = new AtomicInteger();
    private static final String OBJECT = "Ljava/lang/Object;";
    private static final String FIELDS = "io/jremix/probe/vbd/VolatileFields";
    private static final String FORCE_INLINE = "Ljdk/internal/vm/annotation/ForceInline;";

    private String name;
    private boolean full;
    private final Map<String, Integer> numbers = new HashMap<>();
    /** The descriptor of the field of each method to generate, by the method's name. */
    private final Map<String, String> methods = new LinkedHashMap<>();

    /** The call that makes {@code f}'s access, or {@code null} when no more sites can be made (then it is fenced). */
    MethodInsnNode call(FieldInsnNode f) {
        boolean load = f.getOpcode() == Opcodes.GETFIELD;
        String field = f.owner + "." + f.name + ":" + f.desc;
        Integer site = numbers.get(field);
        if (site == null) {
            if (full || name == null && !claimName()) {
                return null;
            }
            site = VolatileFields.site(f.owner, f.name, f.desc);
            if (site < 0) {
                full = true;
                return null;
            }
            numbers.put(field, site);
        }
        String method = (load ? "g" : "p") + site;
        methods.put(method, f.desc);
        return new MethodInsnNode(Opcodes.INVOKESTATIC, name, method, descriptor(f.desc, load), false);
    }

    private boolean claimName() {
        int n = CLASSES.incrementAndGet();
        if (n > MAX_CLASSES) {
            full = true;
            return false;
        }
        name = PREFIX + n;
        return true;
    }

    /** The class of this class's access methods, or {@code null} when it has none. */
    byte[] classfile() {
        if (methods.isEmpty()) {
            return null;
        }
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, name,
                null, "java/lang/Object", null);
        methods.forEach((method, field) -> method(w, method, field));
        w.visitEnd();
        return w.toByteArray();
    }

    /** {@code g<site>}: loads the field of its argument; {@code p<site>}: stores its second argument there. */
    private void method(ClassWriter w, String method, String field) {
        boolean load = method.charAt(0) == 'g';
        String desc = descriptor(field, load);
        MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, method, desc,
                null, null);
        m.visitAnnotation(FORCE_INLINE, true).visitEnd();
        m.visitCode();
        m.visitVarInsn(Opcodes.ALOAD, 0);
        Type[] arguments = Type.getArgumentTypes(desc);
        if (!load) {
            m.visitVarInsn(arguments[1].getOpcode(Opcodes.ILOAD), 1);
        }
        m.visitLdcInsn(Integer.parseInt(method.substring(1)));
        Type result = Type.getReturnType(desc);
        String accessor = (load ? "get" : "put") + VolatileFieldCalls.kind(Type.getType(field));
        String signature = load ? "(" + OBJECT + "I)" + result : "(" + OBJECT + arguments[1] + "I)V";
        m.visitMethodInsn(Opcodes.INVOKESTATIC, FIELDS, accessor, signature, false);
        m.visitInsn(result.getOpcode(Opcodes.IRETURN));
        m.visitMaxs(0, 0);
        m.visitEnd();
    }

    /**
     * {@code (Object)T} or {@code (Object, T)V} for a field of descriptor {@code desc}: a reference as
     * {@code Object} (the site casts a load back), and a {@code boolean} stored as the {@code int} that
     * {@code putfield} takes.
     */
    private static String descriptor(String desc, boolean load) {
        Type t = Type.getType(desc);
        boolean reference = t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY;
        String value = reference ? OBJECT : t.getSort() == Type.BOOLEAN && !load ? "I" : desc;
        return load ? "(" + OBJECT + ")" + value : "(" + OBJECT + value + ")V";
    }
}
