package io.jremix.agent.park;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/**
 * Gives {@code LockSupport} its park hooks whenever it is (re)transformed; every other class passes unchanged.
 * If the rewrite fails the class keeps its original bytecode and the reason is kept for the one-line message.
 */
final class ParkTransformer implements ClassFileTransformer {
    private volatile int methods;
    private volatile boolean unpark;
    private volatile String failure;

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                            byte[] classfile) {
        if (loader != null || !ParkInstrumenter.LOCK_SUPPORT.equals(className)) {
            return null;
        }
        try {
            ParkInstrumenter.Result r = ParkInstrumenter.instrument(classfile);
            methods = r.methods();
            unpark = r.unpark();
            return r.classfile();
        } catch (Throwable t) {
            failure = t.toString();
            return null;
        }
    }

    /** Park methods that got hooks in the last rewrite, out of {@link ParkInstrumenter#PARK_METHODS}. */
    int methods() {
        return methods;
    }

    /** Whether the last rewrite hooked {@code unpark}, which hold times need. */
    boolean unpark() {
        return unpark;
    }

    /** Why the last rewrite failed, or {@code null}. */
    String failure() {
        return failure;
    }
}
