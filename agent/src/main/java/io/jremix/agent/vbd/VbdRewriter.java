package io.jremix.agent.vbd;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.jremix.agent.options.VbdRelaxedPatterns;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.SerialVersionUIDAdder;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

/**
 * Makes one class volatile-by-default: its non-final fields get {@code ACC_VOLATILE} (a final field cannot be
 * volatile, and after the constructor's fence it never changes), and each method not relaxed is rewritten by
 * {@link MethodRewriter}. Relaxed code (a class or method relaxed by {@code @Relaxed} or a pattern) keeps its own
 * accesses plain and reaches the fields VBD made volatile, in its class or another, through plain-access sites
 * ({@link MethodRewriter#relaxFields}), so that it runs as it would without VBD.
 *
 * <p>{@code ACC_VOLATILE} is part of the default {@code serialVersionUID}, so a serializable class without an
 * explicit one would stop reading the streams it wrote without VBD. When a change enters that hash, the class gets
 * the {@code serialVersionUID} it had before, computed from its original bytes.
 */
public final class VbdRewriter {
    /** {@code @io.jremix.relaxed.Relaxed}, read from the class file (CLASS retention). */
    public static final String RELAXED = "Lio/jremix/relaxed/Relaxed;";

    private final VbdRelaxedPatterns patterns;

    public VbdRewriter(VbdRelaxedPatterns patterns) {
        this.patterns = patterns;
    }

    /**
     * What became of a class.
     *
     * @param className      binary name with dots
     * @param classfile      the rewritten bytes, or {@code null} when the class is unchanged
     * @param relaxedClass   the whole class was relaxed (annotation or pattern) and left as it was
     * @param volatileFields names of the fields that became volatile
     * @param arraySites     array-element loads and stores made volatile
     * @param plainAccessSites Unsafe and VarHandle calls made volatile (or fenced, for address accesses)
     * @param fences         fences added (bulk copies, constructors, address accesses)
     * @param relaxedFieldSites field accesses in relaxed code that became plain-access sites
     * @param unpublishedSites constructor accesses to their own object before it can escape, made sites that are
     *                         plain when the constructors they call first let nothing escape
     * @param constructors   what each constructor does with {@code this}, for the sites of subclasses
     * @param relaxedMethods relaxed methods left as they were, {@code Class::name}
     * @param relaxedFields  relaxed fields left plain, {@code Class::name}
     */
    public record Outcome(String className, byte[] classfile, boolean relaxedClass, List<String> volatileFields,
                          int arraySites, int plainAccessSites, int fences, int relaxedFieldSites,
                          int unpublishedSites, List<Constructor> constructors, List<String> relaxedMethods,
                          List<String> relaxedFields) {
    }

    /**
     * @param desc    the constructor's descriptor
     * @param escapes whether {@code this} may escape from it
     * @param calls   the constructor it calls first, {@code owner.<init>desc}, or {@code null} if not exactly one
     */
    public record Constructor(String desc, boolean escapes, String calls) {
    }

    /** Rewrites {@code original}; throws if the class cannot be rewritten (the caller then leaves it as it was). */
    public Outcome rewrite(byte[] original) {
        ClassReader reader = new ClassReader(original);
        ClassNode c = new ClassNode();
        reader.accept(c, ClassReader.EXPAND_FRAMES);
        String name = c.name.replace('/', '.');
        if (annotated(c.invisibleAnnotations, c.visibleAnnotations) || patterns.relaxesClass(c.name)) {
            int sites = 0;
            for (MethodNode m : c.methods) {
                sites += MethodRewriter.relaxFields(c, m, Set.of());
            }
            return new Outcome(name, sites > 0 ? write(reader, c) : null, true, List.of(), 0, 0, 0, sites, 0, List.of(),
                    List.of(), List.of());
        }
        Set<String> relaxedFields = new LinkedHashSet<>();
        List<String> volatileFields = new ArrayList<>();
        boolean serialHashChanged = false;
        boolean declaresSerialVersion = false;
        for (FieldNode f : c.fields) {
            declaresSerialVersion |= f.name.equals("serialVersionUID");
            if ((f.access & (Opcodes.ACC_FINAL | Opcodes.ACC_VOLATILE)) != 0) {
                continue;
            }
            if (annotated(f.invisibleAnnotations, f.visibleAnnotations) || patterns.relaxesMember(c.name, f.name)) {
                relaxedFields.add(name + "::" + f.name);
                continue;
            }
            f.access |= Opcodes.ACC_VOLATILE;
            volatileFields.add(f.name);
            serialHashChanged |= entersSerialHash(f.access);
        }
        Set<String> relaxedMethods = new LinkedHashSet<>();
        int arrays = 0;
        int plain = 0;
        int fences = 0;
        int relaxedSites = 0;
        int unpublishedSites = 0;
        List<Constructor> constructors = new ArrayList<>();
        Set<String> madeVolatile = Set.copyOf(volatileFields);
        for (MethodNode m : c.methods) {
            if (annotated(m.invisibleAnnotations, m.visibleAnnotations) || patterns.relaxesMember(c.name, m.name)) {
                relaxedMethods.add(name + "::" + m.name);
                relaxedSites += MethodRewriter.relaxFields(c, m, madeVolatile);
                continue;
            }
            UnpublishedThis.Result unpublished = m.name.equals("<init>") ? unpublished(c.name, m, madeVolatile) : null;
            if (unpublished != null) {
                constructors.add(new Constructor(m.desc, unpublished.escapes(), unpublished.calls()));
            }
            MethodRewriter.Counts n = MethodRewriter.rewrite(c.name, c.version, m, unpublished);
            arrays += n.arraySites();
            plain += n.plainAccessSites();
            fences += n.fences();
            unpublishedSites += n.unpublishedSites();
        }
        boolean changed = volatileFields.size() + arrays + plain + fences + relaxedSites + unpublishedSites > 0;
        if (changed && serialHashChanged && !declaresSerialVersion && serialVersionApplies(c)) {
            c.fields.add(new FieldNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL
                    | Opcodes.ACC_SYNTHETIC, "serialVersionUID", "J", null, originalSerialVersion(original)));
        }
        return new Outcome(name, changed ? write(reader, c) : null, false, List.copyOf(volatileFields), arrays, plain,
                fences, relaxedSites, unpublishedSites, List.copyOf(constructors), List.copyOf(relaxedMethods),
                List.copyOf(relaxedFields));
    }

    /** What a constructor does with {@code this}; one the analysis cannot follow is taken to let it escape. */
    private static UnpublishedThis.Result unpublished(String owner, MethodNode ctor, Set<String> fields) {
        try {
            return UnpublishedThis.of(owner, ctor, fields);
        } catch (AnalyzerException e) {
            return new UnpublishedThis.Result(null, true, List.of());
        }
    }

    private static byte[] write(ClassReader reader, ClassNode c) {
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        c.accept(writer);
        return writer.toByteArray();
    }

    private static boolean annotated(List<AnnotationNode> invisible, List<AnnotationNode> visible) {
        return contains(invisible) || contains(visible);
    }

    private static boolean contains(List<AnnotationNode> annotations) {
        if (annotations != null) {
            for (AnnotationNode a : annotations) {
                if (a.desc.equals(RELAXED)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The default serialVersionUID hashes every field's modifiers but those of private static or transient ones. */
    private static boolean entersSerialHash(int access) {
        boolean isPrivate = (access & Opcodes.ACC_PRIVATE) != 0;
        return !(isPrivate && (access & (Opcodes.ACC_STATIC | Opcodes.ACC_TRANSIENT)) != 0);
    }

    /** Enums and records have fixed serial forms; interfaces have no non-final fields. */
    private static boolean serialVersionApplies(ClassNode c) {
        return (c.access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_ENUM)) == 0
                && !"java/lang/Record".equals(c.superName);
    }

    private static long originalSerialVersion(byte[] original) {
        List<Long> out = new ArrayList<>(1);
        new ClassReader(original).accept(new SerialVersionUIDAdder(Opcodes.ASM9, new ClassVisitor(Opcodes.ASM9) {
        }) {
            @Override
            public void visitEnd() {
                try {
                    out.add(computeSVUID());
                } catch (java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return out.get(0);
    }
}
