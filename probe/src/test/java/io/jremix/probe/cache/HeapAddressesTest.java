package io.jremix.probe.cache;

import java.lang.management.ManagementFactory;

import com.sun.management.HotSpotDiagnosticMXBean;
import jdk.internal.misc.Unsafe;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HeapAddressesTest {

    /**
     * HotSpot scales a compressed reference by the object alignment, or not at all when the heap fits under 4 GB;
     * without compressed references there is nothing to scale.
     */
    @Test
    void theShiftIsNoneOrTheObjectAlignment() {
        Unsafe u = Unsafe.getUnsafe();
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        int alignment = Integer.parseInt(vm.getVMOption("ObjectAlignmentInBytes").getValue());
        long unaligned = u.arrayBaseOffset(long[].class) + Long.BYTES; // a long[1], as calibration allocates
        long longArray = (unaligned + alignment - 1) / alignment * alignment;
        int shift = HeapAddresses.calibrate(o -> longArray);
        if (u.arrayIndexScale(Object[].class) == 8) {
            assertEquals(0, shift);
        } else {
            assertTrue(shift == 0 || 1 << shift == alignment, "shift " + shift + ", alignment " + alignment);
        }
        assertEquals(shift, HeapAddresses.shift());
    }
}
