package io.jremix.probe.cache;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The frames outside the JDK that called into probed JDK code (the atomic field updaters, whose own frames are all a
 * site there can name), each a small id for a buffer's event. Code outside the JDK is code of a class that neither
 * the boot nor the platform loader defined, as {@code io.jremix.core.CodeOwner} decides it. A stack walk costs
 * microseconds, so a thread looks up its caller on one sample of JDK code in {@value #EVERY} only.
 *
 * <p>The table takes no monitor (see {@link EventBuffer}): a frame's text goes in the first free slot from its hash
 * on, by compare-and-set, and its slot is its id. Once {@value #MAX_FRAMES} are in, new frames get none.
 */
public final class CallerFrames {
    static final int EVERY = 64;
    static final int MAX_FRAMES = 4096;
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();
    private static final AtomicReferenceArray<String> FRAMES = new AtomicReferenceArray<>(MAX_FRAMES);

    private CallerFrames() {
    }

    /** The id of the calling thread's innermost frame outside the JDK; -1 for none, or when the table is full. */
    static int caller() {
        StackWalker.StackFrame f = WALKER.walk(s -> s.filter(CallerFrames::outsideJdk).findFirst()).orElse(null);
        return f == null ? -1 : id(f.toStackTraceElement().toString());
    }

    /** Whether the frame is outside the JDK and the recording path (boot code when run, not in the unit tests). */
    private static boolean outsideJdk(StackWalker.StackFrame f) {
        Class<?> c = f.getDeclaringClass();
        ClassLoader loader = c.getClassLoader();
        return loader != null && loader != PLATFORM && c != CallerFrames.class && c != TraceRecorder.class;
    }

    static int id(String frame) {
        int start = frame.hashCode() & (MAX_FRAMES - 1);
        for (int i = 0; i < MAX_FRAMES; i++) {
            int slot = (start + i) & (MAX_FRAMES - 1);
            String there = FRAMES.get(slot);
            if (there == null && FRAMES.compareAndSet(slot, null, frame)) {
                return slot;
            }
            if (frame.equals(FRAMES.get(slot))) {
                return slot;
            }
        }
        return -1;
    }

    /** The frame of id {@code id}, as a stack trace prints it; {@code null} for -1. */
    public static String frame(int id) {
        return id < 0 ? null : FRAMES.get(id);
    }
}
