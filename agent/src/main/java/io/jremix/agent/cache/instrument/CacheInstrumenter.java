package io.jremix.agent.cache.instrument;

import java.util.HashSet;
import java.util.Set;

import io.jremix.agent.bytecode.VbdRewrittenCode;
import io.jremix.core.CodeOwner;
import io.jremix.probe.cache.CacheProbe;
import io.jremix.probe.cache.CacheSite;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Rewrites a class so that every instance-field, static-field and array-element access, every Unsafe and
 * VarHandle access call, and the receiver of every interface call, first passes what it touches to
 * {@code io.jremix.probe.cache.CacheProbe}; but for the accesses to an object that never leaves the method that
 * allocated it, which no other thread can contend for ({@link UnsharedAllocations}), and the reads that compiled
 * code does not make: constants, and class words read once before a loop ({@link FoldedReads}).
 *
 * <p>The inserted code is straight-line and leaves the operand stack as it found it, so the class's stack-map
 * frames stay valid and no class has to be loaded to recompute them. Arguments that must be copied from under
 * other arguments go to fresh locals past the method's own, which no frame mentions and no branch crosses; the
 * probe calls take {@code Object} (or the exact type the stack holds), so the verifier checks no assignment it did
 * not check before, and loads no class the original did not.
 * Field accesses in a constructor before its {@code super()}/{@code this()} call are left alone: the receiver is
 * not yet initialized there and must not escape to a probe.
 *
 * <p>For tracing in bursts, a probed method also keeps its own code beside the probed copy ({@link DuplicatedBodies});
 * a method whose body cannot be duplicated keeps per-access probes alone, and is counted.
 */
public final class CacheInstrumenter implements Opcodes {
    private static final String PROBE = "io/jremix/probe/cache/CacheProbe";
    private static final String VAR_HANDLE = "java/lang/invoke/VarHandle";
    private static final Set<String> VAR_HANDLE_READS = Set.of("get", "getVolatile", "getOpaque", "getAcquire");
    private static final Set<String> VAR_HANDLE_WRITES = Set.of("set", "setVolatile", "setOpaque", "setRelease",
            "compareAndSet", "compareAndExchange", "compareAndExchangeAcquire", "compareAndExchangeRelease",
            "weakCompareAndSetPlain", "weakCompareAndSet", "weakCompareAndSetAcquire", "weakCompareAndSetRelease",
            "getAndSet", "getAndSetAcquire", "getAndSetRelease", "getAndAdd", "getAndAddAcquire", "getAndAddRelease",
            "getAndBitwiseOr", "getAndBitwiseOrAcquire", "getAndBitwiseOrRelease", "getAndBitwiseAnd",
            "getAndBitwiseAndAcquire", "getAndBitwiseAndRelease", "getAndBitwiseXor", "getAndBitwiseXorAcquire",
            "getAndBitwiseXorRelease");
    private static final String[] UNSAFE_UPDATE_PREFIXES = {"compareAndSet", "compareAndSwap", "compareAndExchange",
        "weakCompareAndSet", "getAndAdd", "getAndSet", "getAndBitwise"};

    /** Where sites go; the key identifies the instruction so that a class transformed again reuses its ids. */
    interface SiteRegistry {
        int register(String key, CacheSite site);
    }

    /**
     * The rewritten class file ({@code null} if it got no probes), how many probes it got, how many of its probed
     * methods have them on every access because their bodies could not be duplicated, how many accesses got none
     * because their object never leaves the method that allocated it ({@link UnsharedAllocations}), how many reads
     * got none because compiled code does not make them ({@link FoldedReads}), and how many methods got none
     * because probes would have made them too large to compile (or to load).
     */
    record Result(byte[] classfile, int probes, int notDuplicated, int unshared, int folded, int tooLarge) {
    }

    private final SiteRegistry sites;
    private final int referenceSize;
    private final boolean duplicateBodies;
    private final ConstructorEscapes constructors = new ConstructorEscapes();
    private final FinalFields finals = new FinalFields();

    /** @param duplicateBodies whether probed methods keep a copy of their own code to run between bursts */
    public CacheInstrumenter(SiteRegistry sites, int referenceSize, boolean duplicateBodies) {
        this.sites = sites;
        this.referenceSize = referenceSize;
        this.duplicateBodies = duplicateBodies;
    }

    /**
     * @param loader the loader that defines the class ({@code null} for the boot loader), where the constructors
     *               it calls are looked up
     * @return the instrumented class; {@code null} when it has nothing to probe; a result without a class file when
     *     every method it could probe would be too large with probes. A method that probes would push past
     *     HotSpot's HugeMethodLimit, which the JIT would then leave to the interpreter for as long as it kept them,
     *     or past the 64 KB limit, is left as it was; the rest of its class is instrumented.
     */
    Result instrument(byte[] classfile, ClassLoader loader) {
        UnsharedAllocations.Constructors keepThis = (owner, desc) -> constructors.keepThis(loader, owner, desc);
        Set<String> tooLarge = new HashSet<>();
        reading:
        while (true) {
            ClassNode cn = new ClassNode();
            new ClassReader(classfile).accept(cn, duplicateBodies ? ClassReader.EXPAND_FRAMES : 0);
            if ((cn.access & ACC_MODULE) != 0) {
                return null;
            }
            ClassContext ctx = new ClassContext(cn, CodeOwner.isJdkByLabel(CodeOwner.loaderLabel(loader), null));
            FoldedReads.Fields constants = finals.in(loader, cn);
            int probes = 0;
            int notDuplicated = 0;
            int unshared = 0;
            int folded = 0;
            for (MethodNode m : cn.methods) {
                if (m.instructions.size() > 0 && !tooLarge.contains(m.name + m.desc)) {
                    Set<AbstractInsnNode> unprobed = UnsharedAllocations.accesses(cn.name, m, keepThis);
                    unshared += unprobed.size();
                    Set<AbstractInsnNode> notMade = FoldedReads.of(cn.name, m, constants);
                    DuplicatedBodies copy = duplicateBodies ? DuplicatedBodies.copy(m, ctx.frames) : null;
                    boolean compilable = CodeSize.compilable(m.instructions);
                    ProbeInserter rewriter = new ProbeInserter(ctx, m, unprobed, notMade);
                    int n = rewriter.rewrite();
                    probes += n;
                    folded += rewriter.folded;
                    if (duplicateBodies && n > 0 && (copy == null || !copy.join(cn.name))) {
                        notDuplicated++;
                    }
                    if (compilable && !CodeSize.compilable(m.instructions)) {
                        tooLarge.add(m.name + m.desc);
                        continue reading;
                    }
                }
            }
            if (probes == 0) {
                return tooLarge.isEmpty() ? null : new Result(null, 0, 0, unshared, folded, tooLarge.size());
            }
            ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
            try {
                cn.accept(cw);
                return new Result(cw.toByteArray(), probes, notDuplicated, unshared, folded, tooLarge.size());
            } catch (MethodTooLargeException e) {
                if (!tooLarge.add(e.getMethodName() + e.getDescriptor())) {
                    throw e;
                }
            }
        }
    }

    /** What every method of one class shares. */
    private static final class ClassContext {
        final ClassNode cn;
        final String javaName;
        /** Whether the class is the JDK's (defined by the boot or platform loader): its sites note their callers. */
        final boolean jdkCode;
        final boolean classConstants;
        final boolean frames;
        /** Whether the verifier checks the methods against their stack-map frames, never inferring types. */
        final boolean typedByFrames;

        ClassContext(ClassNode cn, boolean jdkCode) {
            this.cn = cn;
            this.javaName = cn.name.replace('/', '.');
            this.jdkCode = jdkCode;
            this.classConstants = (cn.version & 0xFFFF) >= V1_5; // ldc of a class needs class file version 49
            this.frames = (cn.version & 0xFFFF) >= V1_6;
            this.typedByFrames = (cn.version & 0xFFFF) >= V1_7;
        }
    }

    /** Walks one method's instructions once, inserting probes before the accesses. */
    private final class ProbeInserter {
        private final ClassContext ctx;
        private final MethodNode m;
        /** Accesses left without probes: their object never leaves this method. */
        private final Set<AbstractInsnNode> unshared;
        /** Reads left without probes: compiled code does not make them ({@link FoldedReads}). */
        private final Set<AbstractInsnNode> notMade;
        /** How many reads of {@link #notMade} would have had a probe. */
        int folded;
        private final int stashBase;
        private int stashTop;
        private int line = -1;
        private int index;
        private int probes;

        ProbeInserter(ClassContext ctx, MethodNode m, Set<AbstractInsnNode> unshared, Set<AbstractInsnNode> notMade) {
            this.ctx = ctx;
            this.m = m;
            this.unshared = unshared;
            this.notMade = notMade;
            this.stashBase = m.maxLocals;
            this.stashTop = m.maxLocals;
        }

        int rewrite() {
            boolean thisInitialized = !m.name.equals("<init>");
            int pendingNews = 0;
            for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext(), index++) {
                if (insn instanceof LineNumberNode ln) {
                    line = ln.line;
                    continue;
                }
                int op = insn.getOpcode();
                switch (op) {
                    case NEW -> pendingNews++;
                    case GETFIELD, PUTFIELD -> {
                        FieldInsnNode f = (FieldInsnNode) insn;
                        if (thisInitialized && VbdRewrittenCode.checkedCall(f) == null && !unshared.contains(f)
                                && !VbdRewrittenCode.isNullPath(f) && made(f)) {
                            field(f, f.owner, f.name, f.desc, op == PUTFIELD);
                        }
                    }
                    case INVOKESTATIC -> {
                        VbdRewrittenCode.SiteAccess a = VbdRewrittenCode.accessOf((MethodInsnNode) insn);
                        // VBD's access call: its object is on the stack
                        if (a != null && thisInitialized && !unshared.contains(insn)) {
                            field(insn, a.owner(), a.name(), a.descriptor(), a.store());
                        }
                    }
                    case GETSTATIC, PUTSTATIC -> staticField((FieldInsnNode) insn, op == PUTSTATIC);
                    case IALOAD, LALOAD, FALOAD, DALOAD, AALOAD, BALOAD, CALOAD, SALOAD -> {
                        if (!unshared.contains(insn)) {
                            arrayLoad(insn);
                        }
                    }
                    case IASTORE, FASTORE, AASTORE, BASTORE, CASTORE, SASTORE, LASTORE, DASTORE -> {
                        if (!unshared.contains(insn) && !VbdRewrittenCode.isNullPath(insn)) {
                            arrayStore(insn, op == LASTORE || op == DASTORE);
                        }
                    }
                    case INVOKESPECIAL -> {
                        if (((MethodInsnNode) insn).name.equals("<init>")) {
                            if (pendingNews > 0) {
                                pendingNews--;
                            } else {
                                thisInitialized = true;
                            }
                        }
                    }
                    case INVOKEVIRTUAL -> call((MethodInsnNode) insn);
                    case INVOKEINTERFACE -> {
                        if (made(insn)) {
                            header((MethodInsnNode) insn);
                        }
                    }
                    default -> {
                        // not an access
                    }
                }
            }
            m.maxLocals = Math.max(m.maxLocals, stashTop);
            return probes;
        }

        /** Whether compiled code makes this access, which is then probed; counts it left out if not. */
        private boolean made(AbstractInsnNode access) {
            if (notMade.contains(access)) {
                folded++;
                return false;
            }
            return true;
        }

        /**
         * Probes a load or store of field {@code owner.name} of type {@code desc} made by {@code access}, with the
         * object on top of the stack before it (under the value for a store).
         */
        private void field(AbstractInsnNode access, String owner, String name, String desc, boolean store) {
            Type t = Type.getType(desc);
            int site = site(CacheSite.Kind.FIELD, store, sizeOf(t), owner, name);
            InsnList code = new InsnList();
            if (!store) {
                code.add(new InsnNode(DUP));
            } else if (t.getSize() == 1) {
                code.add(new InsnNode(DUP2));
                code.add(new InsnNode(POP));
            } else {
                code.add(new InsnNode(DUP2_X1));
                code.add(new InsnNode(POP2));
                code.add(new InsnNode(DUP_X2));
            }
            code.add(push(site));
            code.add(probe("field", "(Ljava/lang/Object;I)V"));
            insertBefore(access, code);
        }

        private void staticField(FieldInsnNode f, boolean write) {
            if (!ctx.classConstants || !made(f)) {
                return; // old class files cannot load a class constant
            }
            int site = site(CacheSite.Kind.STATIC, write, sizeOf(Type.getType(f.desc)), f.owner, f.name);
            InsnList code = new InsnList();
            code.add(new LdcInsnNode(Type.getObjectType(f.owner)));
            code.add(push(site));
            code.add(probe("staticField", "(Ljava/lang/Class;I)V"));
            insertBefore(f, code);
        }

        private void arrayLoad(AbstractInsnNode insn) {
            int site = site(CacheSite.Kind.ELEMENT, false, 0, null, null);
            InsnList code = new InsnList();
            code.add(new InsnNode(DUP2));
            code.add(push(site));
            code.add(probe("element", "(Ljava/lang/Object;II)V"));
            insertBefore(insn, code);
        }

        private void arrayStore(AbstractInsnNode insn, boolean wide) {
            int site = site(CacheSite.Kind.ELEMENT, true, 0, null, null);
            InsnList code = new InsnList();
            if (wide) { // array, index, value2 -> value2, array, index -> array, index, value2, array, index
                code.add(new InsnNode(DUP2_X2));
                code.add(new InsnNode(POP2));
                code.add(new InsnNode(DUP2_X2));
            } else {    // array, index, value -> value, array, index -> array, index, value, array, index
                code.add(new InsnNode(DUP_X2));
                code.add(new InsnNode(POP));
                code.add(new InsnNode(DUP2_X1));
            }
            code.add(push(site));
            code.add(probe("element", "(Ljava/lang/Object;II)V"));
            insertBefore(insn, code);
        }

        private void call(MethodInsnNode c) {
            if (c.owner.equals("sun/misc/Unsafe") || c.owner.equals("jdk/internal/misc/Unsafe")) {
                unsafe(c);
            } else if (c.owner.equals(VAR_HANDLE)
                    && (VAR_HANDLE_READS.contains(c.name) || VAR_HANDLE_WRITES.contains(c.name))) {
                varHandle(c);
            }
        }

        /**
         * Probes the receiver's header before an interface call: the call checks the receiver's class, reading the
         * word that a neighbour's writes can keep taking away. A virtual call is left alone, since HotSpot binds most
         * of them through the class hierarchy without reading the receiver.
         */
        private void header(MethodInsnNode c) {
            int site = site(CacheSite.Kind.HEADER, false, 0, null, null);
            newStash();
            InsnList before = new InsnList();
            InsnList after = new InsnList();
            stash(Type.getArgumentTypes(c.desc), 0, before, after);
            before.add(new InsnNode(DUP));
            before.add(push(site));
            before.add(probe("header", "(Ljava/lang/Object;I)V"));
            before.add(after);
            insertBefore(c, before);
        }

        private void unsafe(MethodInsnNode c) {
            Type[] args = Type.getArgumentTypes(c.desc);
            if (args.length < 2 || !args[0].getDescriptor().equals("Ljava/lang/Object;") || args[1] != Type.LONG_TYPE) {
                return; // off-heap forms take an absolute address
            }
            boolean update = false;
            for (String p : UNSAFE_UPDATE_PREFIXES) {
                update |= c.name.startsWith(p);
            }
            Type value;
            if (update || c.name.startsWith("put")) {
                value = args[args.length - 1];
            } else if (c.name.startsWith("get")) {
                value = Type.getReturnType(c.desc);
            } else {
                return; // bulk copies and the like
            }
            if (value.getSort() == Type.VOID) {
                return;
            }
            boolean write = update || c.name.startsWith("put");
            int site = site(CacheSite.Kind.UNSAFE, write, sizeOf(value), null, null);
            newStash();
            InsnList before = new InsnList();
            InsnList after = new InsnList();
            int[] slots = stash(args, 1, before, after);
            before.add(new InsnNode(DUP));
            before.add(new VarInsnNode(LLOAD, slots[1]));
            before.add(push(site));
            before.add(probe("unsafe", "(Ljava/lang/Object;JI)V"));
            before.add(after);
            insertBefore(c, before);
        }

        private void varHandle(MethodInsnNode c) {
            Type[] args = Type.getArgumentTypes(c.desc);
            int site = site(CacheSite.Kind.VARHANDLE, VAR_HANDLE_WRITES.contains(c.name), 0, null, null);
            newStash();
            InsnList before = new InsnList();
            InsnList after = new InsnList();
            int[] slots = stash(args, 0, before, after);
            before.add(new InsnNode(DUP));
            boolean firstIsReference = args.length > 0 && args[0].getSort() >= Type.ARRAY;
            before.add(firstIsReference ? new VarInsnNode(ALOAD, slots[0]) : new InsnNode(ACONST_NULL));
            boolean secondIsInt = args.length > 1 && args[1] == Type.INT_TYPE;
            before.add(secondIsInt ? new VarInsnNode(ILOAD, slots[1]) : new InsnNode(ICONST_M1));
            before.add(push(site));
            before.add(probe("varHandle", "(Ljava/lang/invoke/VarHandle;Ljava/lang/Object;II)V"));
            before.add(after);
            insertBefore(c, before);
        }

        /**
         * Starts a probe's stash. With stack-map frames (class files of version 51 and later) every probe reuses the
         * same locals: no frame names them. Older class files may be verified by type inference (version 50 when its
         * frames fail), which merges a local's types where paths meet and at exception handlers, loading both
         * classes to find their common superclass: one local holding a {@code String} at one probe and a class
         * whose interface is missing at another made byte-buddy's {@code ClassInjector$UsingJna} fail to load. There
         * each probe gets locals of its own, which only ever hold the types the original code had at that probe.
         */
        private void newStash() {
            if (ctx.typedByFrames) {
                stashTop = stashBase;
            }
        }

        /**
         * Stores {@code args[from..]} from the stack into fresh locals (last argument first) and fills
         * {@code reload} with the loads that put them back.
         *
         * @return the local slot of each argument, indexed like {@code args}
         */
        private int[] stash(Type[] args, int from, InsnList store, InsnList reload) {
            int[] slots = new int[args.length];
            for (int i = from; i < args.length; i++) {
                slots[i] = stashTop;
                stashTop += args[i].getSize();
            }
            for (int i = args.length - 1; i >= from; i--) {
                store.add(new VarInsnNode(args[i].getOpcode(ISTORE), slots[i]));
            }
            for (int i = from; i < args.length; i++) {
                reload.add(new VarInsnNode(args[i].getOpcode(ILOAD), slots[i]));
            }
            m.maxLocals = Math.max(m.maxLocals, stashTop);
            return slots;
        }

        /** Registers a probe's site; the id it pushes is marked in a class traced in bursts. */
        private int site(CacheSite.Kind kind, boolean write, int size, String owner, String name) {
            String where = ctx.javaName + "." + m.name + "(" + (ctx.cn.sourceFile == null ? "Unknown Source"
                    : ctx.cn.sourceFile + (line >= 0 ? ":" + line : "")) + ")";
            String key = ctx.cn.name + "." + m.name + m.desc + "#" + index;
            int id = sites.register(key, new CacheSite(kind, write, size, owner, name, ctx.javaName, where,
                    ctx.jdkCode));
            return duplicateBodies ? id | CacheProbe.BURST_SITE : id;
        }

        private void insertBefore(AbstractInsnNode insn, InsnList code) {
            m.instructions.insertBefore(insn, code);
            probes++;
        }
    }

    private int sizeOf(Type t) {
        return switch (t.getSort()) {
            case Type.BOOLEAN, Type.BYTE -> 1;
            case Type.CHAR, Type.SHORT -> 2;
            case Type.INT, Type.FLOAT -> 4;
            case Type.LONG, Type.DOUBLE -> 8;
            default -> referenceSize;
        };
    }

    private static MethodInsnNode probe(String name, String desc) {
        return new MethodInsnNode(INVOKESTATIC, PROBE, name, desc, false);
    }

    private static AbstractInsnNode push(int value) {
        if (value >= -1 && value <= 5) {
            return new InsnNode(ICONST_0 + value);
        }
        if (value == (short) value) {
            return new IntInsnNode(value == (byte) value ? BIPUSH : SIPUSH, value);
        }
        return new LdcInsnNode(value);
    }
}
