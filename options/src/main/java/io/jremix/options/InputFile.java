package io.jremix.options;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * Reads a file a user names (a repair profile, a relaxed-pattern file, a JSON report, an {@code @argfile}) within a
 * size limit. Only a regular file is opened: a FIFO would block the reader, a device such as {@code /dev/zero} never
 * ends, so either is refused from its attributes, without opening it. A file that grows past the limit while it is
 * read is refused too. Failures of the file system (no such file, access denied) come as they are.
 */
public final class InputFile {
    private static final int MIB = 1024 * 1024;

    private InputFile() {
    }

    /** A file jremix does not read, with the reason in one line; the caller's message names the file. */
    public static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;

        Refused(String reason) {
            super(reason);
        }
    }

    /** The bytes of {@code file}, a regular file of at most {@code maxBytes}. */
    public static byte[] bytes(Path file, int maxBytes) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        if (attributes.isDirectory()) {
            throw new Refused("a directory, not a file");
        }
        if (!attributes.isRegularFile()) {
            throw new Refused("not a regular file (a FIFO, device or socket), which jremix does not read");
        }
        if (attributes.size() > maxBytes) {
            throw tooLarge(maxBytes);
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw tooLarge(maxBytes);
            }
            return bytes;
        }
    }

    /** The text of {@code file} in UTF-8, as {@link #bytes} reads it; a byte that is not UTF-8 is refused by offset. */
    public static String utf8(Path file, int maxBytes) throws IOException {
        return utf8(bytes(file, maxBytes));
    }

    static String utf8(byte[] bytes) throws Refused {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length); // UTF-8 never decodes to more chars than bytes
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int offset = in.position();
            throw new Refused(String.format(Locale.ROOT, "not UTF-8: byte 0x%02x at offset %d (line %d)",
                    bytes[offset] & 0xff, offset, line(bytes, offset)));
        }
        return out.flip().toString();
    }

    private static int line(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return line;
    }

    private static Refused tooLarge(int maxBytes) {
        String limit = maxBytes % MIB == 0 ? maxBytes / MIB + " MiB" : maxBytes + " bytes";
        return new Refused("larger than " + limit + ", the most jremix reads of such a file");
    }
}
