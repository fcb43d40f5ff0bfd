package io.jremix.agent.vbd;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.jremix.agent.bytecode.UnpublishedThis;
import io.jremix.options.VbdRelaxedPatterns;
import io.jremix.probe.vbd.DeclaredFields;
import io.jremix.probe.vbd.VolatileFields;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Makes one class volatile-by-default: each method not relaxed is rewritten by {@link MethodRewriter}, its field
 * accesses made sequentially consistent unless the field is final (after the constructor's fence it never changes),
 * declared volatile already, relaxed, or effectively final ({@link EffectivelyFinalFields}: written only before its
 * object can be published, so read plainly and its constructors' stores left plain). Declarations are never changed, so
 * reflection, serialization and JNA see the class the program declared. Relaxed code (a class or method relaxed by
 * {@code @Relaxed} or a pattern) is left as it is; a relaxed field, or any field of a relaxed class, is accessed
 * plainly from every class VBD rewrites. Another class's field is ordered unless a pattern relaxes it or the classes
 * seen so far tell it needs no ordering ({@link OrderedElsewhere}: relaxed, final, volatile, or the JDK's); patterns
 * are known before any class loads, the rest once the field's class has loaded, so an access rewritten earlier than
 * that stays ordered (more than asked for, never less), but for an instance field found final or the JDK's when the
 * access first runs.
 *
 * <p>The static fields of a class are its own until its initialiser completes (every other thread waits for it),
 * so the initialiser's accesses to them need no fences.
 */
public final class VbdRewriter {
    /** {@code @io.jremix.relaxed.Relaxed}, read from the class file (CLASS retention). */
    public static final String RELAXED = "Lio/jremix/relaxed/Relaxed;";

    private final VbdRelaxedPatterns patterns;
    private final OrderedElsewhere orderedElsewhere = new OrderedElsewhere();
    private final FieldFences fieldFences;

    public VbdRewriter(VbdRelaxedPatterns patterns) {
        this(patterns, FieldFences.forThisMachine());
    }

    VbdRewriter(VbdRelaxedPatterns patterns, FieldFences fieldFences) {
        this.patterns = patterns;
        this.fieldFences = fieldFences;
    }

    /**
     * What became of a class.
     *
     * @param className        binary name with dots
     * @param classfile        the rewritten bytes, or {@code null} when the class is unchanged
     * @param relaxedClass     the whole class was relaxed (annotation or pattern) and left as it was
     * @param fieldSites       field loads and stores made sequentially consistent
     * @param fieldCalls       of those, the instance-field accesses made volatile access calls (the rest fenced)
     * @param arraySites       array-element loads and stores made volatile
     * @param plainAccessSites Unsafe and VarHandle calls made volatile (or fenced, for address accesses)
     * @param fences           fences added besides those of field sites (bulk copies, constructors, address accesses)
     * @param unpublishedSites constructor accesses to their own object before it can escape, made sites that are
     *                         plain when the constructors they call first let nothing escape
     * @param effectivelyFinal fields written only before their object can be published, left plain everywhere
     * @param constructors     what each constructor does with {@code this}, for the sites of subclasses
     * @param relaxedMethods   relaxed methods left as they were, {@code Class::name}
     * @param relaxedFields    relaxed fields left plain, {@code Class::name}
     */
    public record Outcome(String className, byte[] classfile, boolean relaxedClass, int fieldSites, int fieldCalls,
                          int arraySites,
                          int plainAccessSites, int fences, int unpublishedSites, int effectivelyFinal,
                          List<Constructor> constructors,
                          List<String> relaxedMethods, List<String> relaxedFields) {
    }

    /**
     * @param desc    the constructor's descriptor
     * @param escapes whether {@code this} may escape from it
     * @param calls   the constructor it calls first, {@code owner.<init>desc}, or {@code null} if not exactly one
     */
    public record Constructor(String desc, boolean escapes, String calls) {
    }

    /** Records a JDK class (internal name) that is not rewritten: program code accesses its fields as it does. */
    public void jdkClass(String internalName) {
        orderedElsewhere.wholeClass(internalName);
    }

    /** Rewrites {@code original}; throws if the class cannot be rewritten (the caller then leaves it as it was). */
    public Outcome rewrite(byte[] original) {
        return rewrite(original, null, false);
    }

    /**
     * Rewrites {@code original}, which {@code loader} defines, first recording the fields it declares: the sites
     * find their fields there ({@code DeclaredFields}), not by reflection, which would load every field's type.
     */
    public Outcome rewrite(byte[] original, ClassLoader loader) {
        return rewrite(original, loader, true);
    }

    private Outcome rewrite(byte[] original, ClassLoader loader, boolean declare) {
        ClassReader reader = new ClassReader(original);
        ClassNode c = new ClassNode();
        reader.accept(c, ClassReader.EXPAND_FRAMES);
        if (declare) {
            Map<String, Integer> fields = new HashMap<>();
            c.fields.forEach(f -> fields.put(f.name + " " + f.desc, f.access));
            DeclaredFields.declare(loader, c.name, fields);
        }
        String name = c.name.replace('/', '.');
        if (annotated(c.invisibleAnnotations, c.visibleAnnotations) || patterns.relaxesClass(c.name)) {
            orderedElsewhere.wholeClass(c.name);
            return new Outcome(name, null, true, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of(), List.of());
        }
        Set<String> declared = new HashSet<>();
        Set<String> fenced = new HashSet<>();
        List<String> relaxed = new ArrayList<>();
        for (FieldNode f : c.fields) {
            declared.add(f.name);
            if ((f.access & (Opcodes.ACC_FINAL | Opcodes.ACC_VOLATILE)) != 0) {
                orderedElsewhere.field(c.name, f.name);
            } else if (annotated(f.invisibleAnnotations, f.visibleAnnotations) || patterns.relaxesMember(c.name, f.name)) {
                orderedElsewhere.field(c.name, f.name);
                relaxed.add(name + "::" + f.name);
            } else {
                fenced.add(f.name);
            }
        }
        Set<String> effectivelyFinal = EffectivelyFinalFields.of(c, fenced);
        fenced.removeAll(effectivelyFinal);
        Predicate<FieldInsnNode> own = f -> f.owner.equals(c.name) && declared.contains(f.name);
        Predicate<FieldInsnNode> fencedAccess = f -> own.test(f)
                ? fenced.contains(f.name)
                : !orderedElsewhere.covers(f.owner, f.name) && !patterns.relaxesMember(f.owner, f.name);
        Set<String> relaxedMethods = new LinkedHashSet<>();
        int fields = 0;
        int fieldCalls = 0;
        int arrays = 0;
        int plain = 0;
        int fences = 0;
        int unpublishedSites = 0;
        List<Constructor> constructors = new ArrayList<>();
        FieldSites fieldSites = new FieldSites();
        for (MethodNode m : c.methods) {
            if (annotated(m.invisibleAnnotations, m.visibleAnnotations) || patterns.relaxesMember(c.name, m.name)) {
                relaxedMethods.add(name + "::" + m.name);
                continue;
            }
            UnpublishedThis.Result unpublished = m.name.equals("<init>") ? UnpublishedThis.of(c.name, m, fenced) : null;
            if (unpublished != null) {
                constructors.add(new Constructor(m.desc, unpublished.escapes(), unpublished.calls()));
            }
            Predicate<FieldInsnNode> sites = m.name.equals("<clinit>")
                    ? fencedAccess.and(f -> !(isStatic(f) && own.test(f)))
                    : fencedAccess;
            MethodRewriter.Counts n = MethodRewriter.rewrite(c.name, c.version, m, sites, fieldSites, fieldFences,
                    unpublished);
            fields += n.fieldSites();
            fieldCalls += n.fieldCalls();
            arrays += n.arraySites();
            plain += n.plainAccessSites();
            fences += n.fences();
            unpublishedSites += n.unpublishedSites();
        }
        boolean changed = fields + arrays + plain + fences + unpublishedSites > 0;
        byte[] rewritten = changed ? write(reader, c) : null;
        byte[] sitesClass = fieldSites.classfile();
        if (rewritten != null && sitesClass != null) {
            VolatileFields.defineSites(sitesClass);
        }
        return new Outcome(name, rewritten, false, fields, fieldCalls, arrays, plain, fences,
                unpublishedSites, effectivelyFinal.size(), List.copyOf(constructors), List.copyOf(relaxedMethods),
                List.copyOf(relaxed));
    }

    private static boolean isStatic(FieldInsnNode f) {
        return f.getOpcode() == Opcodes.GETSTATIC || f.getOpcode() == Opcodes.PUTSTATIC;
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
}
