package io.jremix.agent.cache.instrument;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;

/**
 * The final fields whose values C2 takes for constants, from the class files that declare them, read as resources
 * of the loader of the class being instrumented (as {@link ConstructorEscapes} reads constructors), without loading
 * the classes, and kept per loader. HotSpot's {@code ciField::initialize_from} (JDK 17 and 25) makes every static
 * final field a constant but {@code System.in}, {@code out} and {@code err}, which C2 folds once the class is
 * initialised; and the final instance fields of the classes {@code trust_final_non_static_fields} names, of which
 * instrumented code can read those of records and of the JDK's four atomic field updaters (the others it trusts,
 * boxes, {@code String} and {@code java.lang.invoke}, keep their fields to themselves, and hidden classes get no
 * probes): C2 folds those where it holds their object as a constant.
 */
final class FinalFields implements Opcodes {
    /**
     * Class files read, at most, to find the class that declares a static field javac named by a subclass or
     * subinterface; one not found is probed.
     */
    private static final int MAX_SUPERTYPES = 8;
    private static final Set<String> MUTABLE_STATIC_FINALS = Set.of("in", "out", "err");
    private static final String SYSTEM = "java/lang/System";
    private static final Set<String> TRUSTED_UPDATERS = Set.of(
            "java/util/concurrent/atomic/AtomicIntegerFieldUpdater$AtomicIntegerFieldUpdaterImpl",
            "java/util/concurrent/atomic/AtomicLongFieldUpdater$CASUpdater",
            "java/util/concurrent/atomic/AtomicLongFieldUpdater$LockedUpdater",
            "java/util/concurrent/atomic/AtomicReferenceFieldUpdater$AtomicReferenceFieldUpdaterImpl");

    /**
     * What one class file declares: its static fields, each with whether it is final; its final instance fields if C2
     * trusts them; and its supertypes.
     */
    record Declared(Map<String, Boolean> statics, Set<String> trustedFinals, List<String> supertypes) {
        static final Declared UNKNOWN = new Declared(Map.of(), Set.of(), List.of());

        static Declared of(ClassNode cn) {
            Map<String, Boolean> statics = new HashMap<>();
            Set<String> trusted = new HashSet<>();
            boolean trusts = trustsFinals(cn);
            for (FieldNode f : cn.fields) {
                boolean isFinal = (f.access & ACC_FINAL) != 0;
                if ((f.access & ACC_STATIC) != 0) {
                    statics.put(f.name, isFinal && !(cn.name.equals(SYSTEM) && MUTABLE_STATIC_FINALS.contains(f.name)));
                } else if (isFinal && trusts) {
                    trusted.add(f.name);
                }
            }
            List<String> supertypes = new ArrayList<>();
            if (cn.superName != null) {
                supertypes.add(cn.superName);
            }
            supertypes.addAll(cn.interfaces);
            return new Declared(statics, trusted, supertypes);
        }

        /** HotSpot's {@code InstanceKlass::is_record()}: a final class extending Record with a Record attribute. */
        private static boolean trustsFinals(ClassNode cn) {
            return TRUSTED_UPDATERS.contains(cn.name) || (cn.recordComponents != null
                    && (cn.access & ACC_FINAL) != 0 && "java/lang/Record".equals(cn.superName));
        }
    }

    /**
     * Per loader (the boot loader under {@code null}), each class read so far. Not a ConcurrentHashMap: its code
     * carries probes while a window is open, and this runs on the program's threads as they load classes.
     */
    private final Map<ClassLoader, Map<String, Declared>> classes = Collections.synchronizedMap(new WeakHashMap<>());

    /** The lookups for the code of {@code self}, defined by {@code loader}: its own fields from its class node. */
    FoldedReads.Fields in(ClassLoader loader, ClassNode self) {
        Declared own = Declared.of(self);
        Map<String, Declared> known = classes.computeIfAbsent(loader, l -> Collections.synchronizedMap(new HashMap<>()));
        return new FoldedReads.Fields() {
            @Override
            public boolean staticFinal(String owner, String name) {
                Deque<String> todo = new ArrayDeque<>(List.of(owner));
                for (int read = 0; read < MAX_SUPERTYPES && !todo.isEmpty(); read++) {
                    Declared d = declared(todo.poll());
                    Boolean isFinal = d.statics().get(name);
                    if (isFinal != null) {
                        return isFinal;
                    }
                    todo.addAll(d.supertypes());
                }
                return false;
            }

            /** Other classes read such fields only within their nest, as the fields are private. */
            @Override
            public boolean trustedFinal(String owner, String name) {
                return sameNest(owner) && declared(owner).trustedFinals().contains(name);
            }

            private boolean sameNest(String owner) {
                String host = self.nestHostClass != null ? self.nestHostClass : self.name;
                return owner.equals(self.name) || owner.equals(host) || owner.startsWith(host + "$");
            }

            @Override
            public boolean ownFinalsFolded() {
                return TRUSTED_UPDATERS.contains(self.name);
            }

            private Declared declared(String c) {
                if (c.equals(self.name)) {
                    return own;
                }
                Declared d = known.get(c);
                if (d == null) { // not computeIfAbsent: reading a class file may load classes, and come back here
                    d = read(loader, c);
                    known.put(c, d);
                }
                return d;
            }
        };
    }

    private static Declared read(ClassLoader loader, String owner) {
        byte[] classfile = ConstructorEscapes.read(loader, owner);
        if (classfile == null) {
            return Declared.UNKNOWN;
        }
        ClassNode cn = new ClassNode();
        try {
            new ClassReader(classfile).accept(cn,
                    ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (RuntimeException malformed) {
            return Declared.UNKNOWN;
        }
        return Declared.of(cn);
    }
}
