package io.jremix.e2e.vbd;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Reads and writes a {@code long} at a misaligned index of a {@code byte[]} through a view handle, as Lucene does:
 * legal in plain mode, an {@code IllegalStateException} in volatile mode. Prints the value read back.
 */
public final class MisalignedView {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private MisalignedView() {
    }

    public static void main(String[] args) {
        byte[] bytes = new byte[16];
        LONGS.set(bytes, 3, 0x0102030405060708L);
        System.out.println("read " + Long.toHexString((long) LONGS.get(bytes, 3)));
    }
}
