package io.jremix.agent.cache.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

import io.jremix.agent.bytecode.UnpublishedThis;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Whether a constructor keeps the object it initialises to itself: neither it nor the constructors it chains to
 * ({@code super(...)} or {@code this(...)}, up to {@code Object}'s) hands {@code this} to other code
 * ({@link UnpublishedThis}). Their class files are read as resources of the loader of the class being
 * instrumented, without loading the classes; one that cannot be read or followed counts as letting {@code this}
 * out. Each constructor's answer is kept per loader: the same constructors come up in class after class.
 */
public final class ConstructorEscapes {
    private static final String OBJECT_INIT = "java/lang/Object.<init>()V";
    private static final String INIT = ".<init>";
    /** What a constructor that may let {@code this} out chains to, in {@link #chains}. */
    private static final String ESCAPES = "";
    /** Longer chains count as letting {@code this} out: reading them costs more than the probes they would save. */
    private static final int MAX_CHAIN = 8;

    /**
     * Per loader (the boot loader under {@code null}), each constructor read so far and the one it chains to. No
     * lock is held while a class file is read: a loader that locks itself to find a resource, while another thread
     * holding that lock transforms a class, would otherwise deadlock. Two threads may read the same file; both
     * find the same answer.
     */
    private final Map<ClassLoader, Map<String, String>> chains = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * Whether {@code owner.<init>desc}, as {@code loader} finds it, and every constructor it chains to keep
     * {@code this} to themselves.
     */
    boolean keepThis(ClassLoader loader, String owner, String desc) {
        Map<String, String> known = chains.computeIfAbsent(loader, l -> new ConcurrentHashMap<>());
        String key = owner + INIT + desc;
        for (int depth = 0; depth < MAX_CHAIN && !key.equals(ESCAPES); depth++) {
            if (key.equals(OBJECT_INIT)) {
                return true;
            }
            String next = known.get(key);
            if (next == null) { // not computeIfAbsent: reading a class file may load classes, and come back here
                next = chainedFrom(loader, key);
                known.put(key, next);
            }
            key = next;
        }
        return false;
    }

    /** The constructor that {@code key} calls first if it lets {@code this} out nowhere, else {@link #ESCAPES}. */
    private static String chainedFrom(ClassLoader loader, String key) {
        int dot = key.indexOf(INIT);
        String owner = key.substring(0, dot);
        MethodNode ctor = constructor(loader, owner, key.substring(dot + INIT.length()));
        UnpublishedThis.Result r = ctor == null ? null : UnpublishedThis.of(owner, ctor, Set.of());
        return r == null || r.escapes() || r.calls() == null ? ESCAPES : r.calls();
    }

    private static MethodNode constructor(ClassLoader loader, String owner, String desc) {
        byte[] classfile = read(loader, owner);
        if (classfile == null) {
            return null;
        }
        ClassNode cn = new ClassNode();
        try {
            new ClassReader(classfile).accept(cn, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (RuntimeException malformed) {
            return null;
        }
        for (MethodNode m : cn.methods) {
            if (m.name.equals("<init>") && m.desc.equals(desc)) {
                return m;
            }
        }
        return null;
    }

    /** The class file of {@code owner} (internal name) as a resource of {@code loader}, or {@code null}. */
    public static byte[] read(ClassLoader loader, String owner) {
        ClassLoader from = loader != null ? loader : ClassLoader.getPlatformClassLoader();
        try (InputStream in = from.getResourceAsStream(owner + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
