package io.jremix.workloads.libs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Builds the unpadded variant of a published library jar: the same classes, bytecode for bytecode, minus the hand
 * padding. A pad field is an instance field of type {@code byte} whose name is a letter and digits, {@code p10..p157}
 * in the LMAX Disruptor, {@code b000..b177} in JCTools' {@code *Pad} classes and {@code p000..p127} in Agrona's
 * {@code *Padding*} classes; these libraries pad by inheritance, so dropping the fields from the pad classes is
 * enough. Nothing else changes: the pad classes stay (empty) in the hierarchy, and a jar whose code reads or writes
 * a field that matches is refused rather than silently broken.
 *
 * <p>Usage: {@code PadStripper <library.jar> <unpadded.jar>}; prints the number of fields removed per class.
 */
public final class PadStripper {
    private static final Pattern PAD = Pattern.compile("[pb]\\d+");

    private PadStripper() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: PadStripper <library.jar> <unpadded.jar>");
            System.exit(2);
        }
        strip(Path.of(args[0]), Path.of(args[1])).forEach(System.out::println);
    }

    /** Writes {@code out}, the jar without its pad fields, and returns one line per class that lost some. */
    public static List<String> strip(Path jar, Path out) throws IOException {
        List<String> removed = new ArrayList<>();
        Files.createDirectories(out.toAbsolutePath().getParent());
        try (ZipFile in = new ZipFile(jar.toFile()); OutputStream file = Files.newOutputStream(out);
             ZipOutputStream zip = new ZipOutputStream(file)) {
            for (Enumeration<? extends ZipEntry> e = in.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                byte[] bytes;
                try (InputStream s = in.getInputStream(entry)) {
                    bytes = s.readAllBytes();
                }
                if (entry.getName().endsWith(".class") && !entry.getName().startsWith("META-INF/")) {
                    bytes = stripClass(bytes, removed);
                }
                zip.putNextEntry(new ZipEntry(entry.getName()));
                zip.write(bytes);
                zip.closeEntry();
            }
        }
        return removed;
    }

    private static byte[] stripClass(byte[] bytes, List<String> removed) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, 0);
        int[] count = {0};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
                if (isPad(access, name, descriptor)) {
                    count[0]++;
                    return null;
                }
                return super.visitField(access, name, descriptor, signature, value);
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
                    @Override
                    public void visitFieldInsn(int opcode, String owner, String field, String type) {
                        if ((opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD) && PAD.matcher(field).matches()
                                && type.equals("B")) {
                            throw new IllegalStateException(reader.getClassName() + "." + name + " uses " + owner + "."
                                    + field + ": not a pad field, refusing to strip it");
                        }
                        super.visitFieldInsn(opcode, owner, field, type);
                    }
                };
            }
        }, 0);
        if (count[0] == 0) {
            return bytes;
        }
        removed.add(reader.getClassName().replace('/', '.') + ": " + count[0] + " pad fields removed");
        return writer.toByteArray();
    }

    private static boolean isPad(int access, String name, String descriptor) {
        return (access & Opcodes.ACC_STATIC) == 0 && descriptor.equals("B") && PAD.matcher(name).matches();
    }
}
