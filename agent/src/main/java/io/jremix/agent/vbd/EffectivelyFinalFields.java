package io.jremix.agent.vbd;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.jremix.agent.bytecode.UnpublishedThis;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The instance fields of a class that are written only while their object is unpublished: each is {@code private}
 * in a class with no nestmates, so no other class's code can write it, and every {@code putfield} to it is a
 * constructor's to its own object before that object can escape ({@link UnpublishedThis}), in a constructor whose
 * chain of constructors called first ({@code this(...)} within the class, then {@code Object()}) lets nothing
 * escape either. Such a field has one value from the moment any other thread can reach its object, set before the
 * store that publishes it, so its loads need no ordering: a plain load cannot see anything a volatile one would not.
 *
 * <p>The class's bytecode alone decides, so a superclass other than {@code Object}, whose constructor may publish
 * the object before the field is set and has not necessarily loaded yet, rules its fields out; so does a nest
 * ({@code NestHost}/{@code NestMembers}): a nestmate may write a private field, and reading its class file while
 * this class is being defined would mean loading resources from inside a transformer.
 */
final class EffectivelyFinalFields {
    private static final String OBJECT_CONSTRUCTOR = "java/lang/Object.<init>()V";

    private EffectivelyFinalFields() {
    }

    /**
     * @param candidates names of {@code c}'s fields that would otherwise be ordered
     * @return those of them that are effectively final as above
     */
    static Set<String> of(ClassNode c, Set<String> candidates) {
        boolean nested = c.nestHostClass != null || c.nestMembers != null && !c.nestMembers.isEmpty();
        Set<String> out = new HashSet<>();
        if (nested) {
            return out;
        }
        for (FieldNode f : c.fields) {
            if ((f.access & (Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC)) == Opcodes.ACC_PRIVATE
                    && candidates.contains(f.name)) {
                out.add(f.name);
            }
        }
        if (out.isEmpty()) {
            return out;
        }
        Map<String, UnpublishedThis.Result> constructors = new HashMap<>();
        for (MethodNode m : c.methods) {
            if (m.name.equals("<init>")) {
                constructors.put(m.desc, UnpublishedThis.of(c.name, m, out));
            }
        }
        for (MethodNode m : c.methods) {
            UnpublishedThis.Result r = m.name.equals("<init>") ? constructors.get(m.desc) : null;
            Set<AbstractInsnNode> unpublished = r != null && unpublishedUntilCalled(c.name, m.desc, constructors)
                    ? Set.copyOf(r.accesses()) : Set.of();
            for (AbstractInsnNode insn : m.instructions) {
                if (insn.getOpcode() == Opcodes.PUTFIELD && !unpublished.contains(insn)) {
                    out.remove(((FieldInsnNode) insn).name); // whatever its owner: it may resolve to this class's field
                }
            }
        }
        return out;
    }

    /**
     * Whether nothing can publish {@code this} before constructor {@code desc} of {@code owner} is called back: the
     * constructors it calls first, down to {@code Object()}, are this class's and let {@code this} escape nowhere.
     */
    private static boolean unpublishedUntilCalled(String owner, String desc,
                                                  Map<String, UnpublishedThis.Result> constructors) {
        String calls = constructors.get(desc).calls();
        for (int depth = 0; calls != null && depth < constructors.size(); depth++) {
            if (calls.equals(OBJECT_CONSTRUCTOR)) {
                return true;
            }
            UnpublishedThis.Result next = calls.startsWith(owner + ".<init>(")
                    ? constructors.get(calls.substring(owner.length() + ".<init>".length())) : null;
            if (next == null || next.escapes()) {
                return false;
            }
            calls = next.calls();
        }
        return false;
    }
}
