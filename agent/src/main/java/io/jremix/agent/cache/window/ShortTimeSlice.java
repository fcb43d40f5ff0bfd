package io.jremix.agent.cache.window;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Optional;

/**
 * Asks Linux for a short time slice for the thread that starts tracing bursts, so that it starts them on time while
 * the program's threads hold every core. Linux's scheduler (EEVDF, from 6.6) lets a running thread finish its slice
 * (about 1.5 ms on two cores) before a thread that wakes may take its core, and a thread that asked for a shorter
 * slice (6.12 and later, {@code sched_setattr}'s {@code sched_runtime}) is the exception. Measured on two busy cores
 * woken in 2 ms spells: the burst thread woke up to 2 ms late, most bursts due in a spell began as it ended, and
 * with a 0.1 ms slice it woke within about 0.2 ms.
 *
 * <p>The call goes through the foreign function API (Java 22 and later), by reflection since jremix builds for 17,
 * and only where native access is enabled for jremix ({@code --enable-native-access=ALL-UNNAMED}): otherwise Java
 * would print a warning on the program's stderr. Nice value and policy stay as they are.
 */
final class ShortTimeSlice {
    /** The shortest slice the kernel grants. */
    static final long SLICE_NANOS = 100_000;
    private static final int ATTR_SIZE = 56;
    private static final long POLICY_OFFSET = 4;
    private static final long RUNTIME_OFFSET = 24;
    private static final int SCHED_OTHER = 0;
    private static final int SCHED_BATCH = 3;

    private ShortTimeSlice() {
    }

    /** Requests the slice for the calling thread; returns why it was not granted, empty if it was. */
    static Optional<String> request() {
        if (!System.getProperty("os.name", "").startsWith("Linux")) {
            return Optional.of("not Linux");
        }
        String arch = System.getProperty("os.arch", "");
        long[] calls = switch (arch) { // sched_setattr, sched_getattr
            case "amd64", "x86_64" -> new long[] {314, 315};
            case "aarch64" -> new long[] {274, 275};
            default -> null;
        };
        if (calls == null) {
            return Optional.of("no system call number known for " + arch);
        }
        try {
            Object enabled = Module.class.getMethod("isNativeAccessEnabled").invoke(ShortTimeSlice.class.getModule());
            if (!Boolean.TRUE.equals(enabled)) {
                return Optional.of("native access is not enabled (--enable-native-access=ALL-UNNAMED)");
            }
            return set(calls[0], calls[1]);
        } catch (NoSuchMethodException | ClassNotFoundException e) {
            return Optional.of("needs Java 22 or later");
        } catch (Throwable e) { // a refusal of any kind leaves the thread as it was
            return Optional.of(e.toString());
        }
    }

    private static Optional<String> set(long setattr, long getattr) throws Throwable {
        Foreign f = new Foreign();
        MethodHandle syscall = f.syscall();
        Object arena = f.arena.getMethod("ofConfined").invoke(null);
        try {
            Object attr = f.arena.getMethod("allocate", long.class).invoke(arena, (long) ATTR_SIZE);
            long read = (long) syscall.invokeWithArguments(getattr, 0L, attr, (long) ATTR_SIZE, 0L);
            int policy = (int) f.segment.getMethod("get", f.ofInt, long.class).invoke(attr, f.javaInt, POLICY_OFFSET);
            if (read != 0 || (policy != SCHED_OTHER && policy != SCHED_BATCH)) {
                return Optional.of(String.format(Locale.ROOT, "sched_getattr gave %d, policy %d", read, policy));
            }
            f.segment.getMethod("set", f.ofLong, long.class, long.class).invoke(attr, f.javaLong, RUNTIME_OFFSET,
                    SLICE_NANOS);
            long set = (long) syscall.invokeWithArguments(setattr, 0L, attr, 0L, 0L);
            return set == 0 ? Optional.empty() : Optional.of("sched_setattr refused it");
        } finally {
            f.arena.getMethod("close").invoke(arena);
        }
    }

    /** The classes and constants of {@code java.lang.foreign} this needs. */
    private static final class Foreign {
        final Class<?> arena = Class.forName("java.lang.foreign.Arena");
        final Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
        final Class<?> ofInt = Class.forName("java.lang.foreign.ValueLayout$OfInt");
        final Class<?> ofLong = Class.forName("java.lang.foreign.ValueLayout$OfLong");
        final Object javaInt;
        final Object javaLong;
        private final Object address;
        private final Class<?> layout = Class.forName("java.lang.foreign.MemoryLayout");
        private final Class<?> linker = Class.forName("java.lang.foreign.Linker");

        Foreign() throws ReflectiveOperationException {
            Class<?> valueLayout = Class.forName("java.lang.foreign.ValueLayout");
            javaInt = valueLayout.getField("JAVA_INT").get(null);
            javaLong = valueLayout.getField("JAVA_LONG").get(null);
            address = valueLayout.getField("ADDRESS").get(null);
        }

        /** {@code long syscall(long number, long pid, void *attr, long, long)}, the C library's. */
        MethodHandle syscall() throws ReflectiveOperationException {
            Object nativeLinker = linker.getMethod("nativeLinker").invoke(null);
            Object lookup = linker.getMethod("defaultLookup").invoke(nativeLinker);
            Method find = Class.forName("java.lang.foreign.SymbolLookup").getMethod("find", String.class);
            Object symbol = ((Optional<?>) find.invoke(lookup, "syscall")).orElseThrow();
            Object args = Array.newInstance(layout, 5);
            Object[] kinds = {javaLong, javaLong, address, javaLong, javaLong};
            for (int i = 0; i < kinds.length; i++) {
                Array.set(args, i, kinds[i]);
            }
            Class<?> descriptor = Class.forName("java.lang.foreign.FunctionDescriptor");
            Object signature = descriptor.getMethod("of", layout, args.getClass()).invoke(null, javaLong, args);
            Class<?> option = Class.forName("java.lang.foreign.Linker$Option");
            Object options = Array.newInstance(option, 1); // syscall(2) is variadic after the number
            Array.set(options, 0, option.getMethod("firstVariadicArg", int.class).invoke(null, 1));
            return (MethodHandle) linker.getMethod("downcallHandle", segment, descriptor, options.getClass())
                    .invoke(nativeLinker, symbol, signature, options);
        }
    }
}
