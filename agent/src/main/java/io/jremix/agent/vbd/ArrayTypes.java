package io.jremix.agent.vbd;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.AnalyzerAdapter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * The static type of the array each {@code AALOAD}, {@code BALOAD} and {@code BASTORE} works on, as the verifier
 * sees it: {@code AALOAD}'s replacement must cast to the component type, and byte and boolean arrays share
 * {@code BALOAD}/{@code BASTORE}. Class files of version 50 and later carry stack-map frames, and
 * {@link AnalyzerAdapter} follows them exactly. Older ones have none; their types are inferred by data flow, and
 * where two different array types meet (the old verifier would merge them through the class hierarchy, which a
 * transformer cannot load) the method cannot be typed and the class is left as it was.
 */
final class ArrayTypes {
    private static final Type NULL = Type.getObjectType("null");
    private static final BasicValue MIXED = new BasicValue(Type.getObjectType("java/lang/Object"));

    private ArrayTypes() {
    }

    /**
     * Array descriptors by instruction, for the typed array instructions of {@code m}; an instruction that is
     * unreachable, or works on the {@code null} constant, is absent (it touches no memory).
     */
    static Map<AbstractInsnNode, String> of(String owner, int classVersion, MethodNode m) {
        return (classVersion & 0xFFFF) >= Opcodes.V1_6 ? fromFrames(owner, m) : inferred(owner, m);
    }

    static boolean needsType(int op) {
        return op == Opcodes.AALOAD || op == Opcodes.BALOAD || op == Opcodes.BASTORE;
    }

    private static Map<AbstractInsnNode, String> fromFrames(String owner, MethodNode m) {
        Map<AbstractInsnNode, String> out = new HashMap<>();
        AnalyzerAdapter frames = new AnalyzerAdapter(owner, m.access, m.name, m.desc, null);
        for (AbstractInsnNode insn : m.instructions) {
            if (needsType(insn.getOpcode()) && frames.stack != null) {
                List<Object> stack = frames.stack;
                Object t = stack.get(stack.size() - depth(insn.getOpcode()));
                if (t instanceof String s && s.startsWith("[")) {
                    out.put(insn, s);
                }
            }
            insn.accept(frames);
        }
        return out;
    }

    private static Map<AbstractInsnNode, String> inferred(String owner, MethodNode m) {
        Frame<BasicValue>[] frames;
        try {
            frames = new Analyzer<>(new DescriptorInterpreter()).analyze(owner, m);
        } catch (AnalyzerException e) {
            throw new IllegalArgumentException("cannot type the arrays of " + m.name + m.desc + ": " + e.getMessage(), e);
        }
        Map<AbstractInsnNode, String> out = new HashMap<>();
        for (int i = 0; i < frames.length; i++) {
            AbstractInsnNode insn = m.instructions.get(i);
            Frame<BasicValue> f = frames[i];
            if (!needsType(insn.getOpcode()) || f == null) {
                continue;
            }
            Type t = f.getStack(f.getStackSize() - depth(insn.getOpcode())).getType();
            if (t.getSort() == Type.ARRAY) {
                out.put(insn, t.getDescriptor());
            } else if (!t.equals(NULL)) {
                throw new IllegalArgumentException("class file version 49 or older, and different array types meet"
                        + " before an array access in " + m.name + m.desc);
            }
        }
        return out;
    }

    private static int depth(int op) {
        return op == Opcodes.BASTORE ? 3 : 2;
    }

    /** {@link BasicInterpreter} keeping reference types; two different ones merge to {@link #MIXED}. */
    private static final class DescriptorInterpreter extends BasicInterpreter {
        DescriptorInterpreter() {
            super(Opcodes.ASM9);
        }

        @Override
        public BasicValue newValue(Type type) {
            if (type != null && (type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY)) {
                return new BasicValue(type);
            }
            return super.newValue(type);
        }

        @Override
        public BasicValue binaryOperation(AbstractInsnNode insn, BasicValue array, BasicValue index)
                throws AnalyzerException {
            if (insn.getOpcode() == Opcodes.AALOAD && array.getType().getSort() == Type.ARRAY) {
                return newValue(Type.getType(array.getType().getDescriptor().substring(1)));
            }
            return super.binaryOperation(insn, array, index);
        }

        @Override
        public BasicValue merge(BasicValue a, BasicValue b) {
            if (a.equals(b)) {
                return a;
            }
            if (a.isReference() && b.isReference()) {
                return a.getType().equals(NULL) ? b : b.getType().equals(NULL) ? a : MIXED;
            }
            return BasicValue.UNINITIALIZED_VALUE;
        }
    }
}
