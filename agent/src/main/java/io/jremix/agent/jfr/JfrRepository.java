package io.jremix.agent.jfr;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import io.jremix.agent.feature.ModuleAccess;

/**
 * The disk under the JFR recordings jremix streams: the park profiler's monitor events and the re-armed windows'
 * execution samples. A {@code RecordingStream} reads its events back from the chunk files of JFR's repository (no
 * API hands events over from memory: an in-memory recording reaches Java only through a chunk written to disk), and
 * JFR ends the JVM when it cannot write a chunk for want of space ("An irrecoverable error in Jfr. Shutting down
 * VM..."), so:
 * <ul>
 * <li>unless someone else chose where JFR records ({@code -XX:FlightRecorderOptions:repository}, {@code JFR.configure},
 * a recording started before, {@code -XX:StartFlightRecording}), the repository goes into a directory of jremix's
 * own in {@code java.io.tmpdir}, owner-only, removed at exit, rather than JFR's world-readable default there;</li>
 * <li>a recording starts only with {@value #START_MEGABYTES} MB free there, and stops once less than
 * {@value #KEEP_MEGABYTES} MB remain, checked at each of its flushes (every second): between two, JFR writes at
 * most its buffers (10 MB by default) and what the program does in that second.</li>
 * </ul>
 * Someone else's repository is never moved: their recordings go on writing there whatever jremix's do.
 */
public final class JfrRepository {
    static final long KEEP_MEGABYTES = 32;
    static final long START_MEGABYTES = 2 * KEEP_MEGABYTES;
    private static final String INTERNAL = "jdk.jfr.internal";

    /** Where jremix's recordings write, once {@link #prepare} found it; jremix's own directory or another's. */
    private static volatile Path directory;

    private JfrRepository() {
    }

    /**
     * Before jremix starts a recording: checks the room where JFR would record, and gives JFR jremix's own directory
     * there if no one chose one.
     *
     * @param inst opens JFR's internals to jremix, which chooses the repository through them; {@code null} leaves
     *             JFR's choice, {@code java.io.tmpdir}, as it is
     * @return {@code null} when a recording may start, else why not, as a clause
     */
    public static synchronized String prepare(Instrumentation inst) {
        Path dir = directory;
        if (dir != null && Files.isDirectory(dir)) {
            return roomToStart(dir);
        }
        try {
            Repository jfr = Repository.open(inst);
            String chosen = jfr == null ? null : jfr.base();
            Path where = Path.of(chosen != null ? chosen : System.getProperty("java.io.tmpdir"));
            String noRoom = roomToStart(where);
            if (noRoom == null) {
                directory = jfr == null || chosen != null || startsRecordingItself() ? where : own(jfr, where);
            }
            return noRoom;
        } catch (IOException | RuntimeException e) {
            return "JFR has no directory of jremix's own to record to (" + e + ")";
        }
    }

    /** While a recording runs: whether at least {@value #KEEP_MEGABYTES} MB are free where it writes. */
    public static boolean hasRoom() {
        Path d = directory;
        return d == null || megabytesFree(d) >= KEEP_MEGABYTES;
    }

    /** Why a recording stopped when {@link #hasRoom()} turned false, as a clause. */
    public static String noRoom() {
        return String.format(Locale.ROOT, "less than %d MB are left free in %s, where JFR records (a full disk ends"
                + " the JVM in JFR)", KEEP_MEGABYTES, directory);
    }

    private static String roomToStart(Path dir) {
        if (!Files.isWritable(dir)) {
            return "JFR would record to " + dir + ", which cannot be written";
        }
        long free = megabytesFree(dir);
        return free >= START_MEGABYTES ? null : String.format(Locale.ROOT, "JFR would record to %s, which has %d MB"
                + " free, and jremix starts a recording with %d MB free (a full disk ends the JVM in JFR)", dir, free,
                START_MEGABYTES);
    }

    /** 0 when the directory is gone or cannot be measured. */
    private static long megabytesFree(Path dir) {
        return dir.toFile().getUsableSpace() >> 20;
    }

    /** A directory of jremix's own in {@code parent}, for JFR to make its repository in. */
    private static Path own(Repository jfr, Path parent) throws IOException {
        // owner-only where the platform has POSIX permissions: createTempDirectory's default there
        Path own = Files.createTempDirectory(parent, "jremix-jfr-");
        own.toFile().deleteOnExit(); // JFR's shutdown hook, which runs before, removes what it made inside
        jfr.setBase(own);
        return own;
    }

    /**
     * {@code -XX:StartFlightRecording}: JFR starts that recording after the agent's premain, in the repository it
     * finds; it is the user's.
     */
    private static boolean startsRecordingItself() {
        try {
            VMOption start = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption("StartFlightRecording");
            return start.getOrigin() != VMOption.Origin.DEFAULT;
        } catch (RuntimeException | LinkageError e) {
            return false; // not HotSpot: no such option
        }
    }

    /**
     * JFR's {@code jdk.jfr.internal.Repository}: its base location, {@code null} until someone sets it or JFR
     * starts recording, is what {@code JFR.configure repositorypath=} sets. JDK 17 passes it as a
     * {@code SecuritySupport.SafePath}, later JDKs as a {@link Path}.
     */
    private record Repository(Object instance) {
        /** {@code null} where JFR's internals cannot be reached. */
        static Repository open(Instrumentation inst) {
            try {
                Module jfr = ModuleLayer.boot().findModule("jdk.jfr").orElseThrow();
                if (inst != null) {
                    ModuleAccess.openToAgent(inst, jfr, INTERNAL);
                }
                Class<?> type = Class.forName(INTERNAL + ".Repository");
                return new Repository(type.getMethod("getRepository").invoke(null));
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }

        String base() {
            try {
                Object base = instance.getClass().getMethod("getBaseLocation").invoke(instance);
                return base == null ? null : base.toString();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read JFR's repository: " + e, e);
            }
        }

        void setBase(Path dir) {
            try {
                for (Method m : instance.getClass().getMethods()) {
                    if (m.getName().equals("setBasePath") && m.getParameterCount() == 1) {
                        Class<?> type = m.getParameterTypes()[0];
                        Object path = type.isInstance(dir) ? dir : type.getConstructor(Path.class).newInstance(dir);
                        m.invoke(instance, path);
                        return;
                    }
                }
                throw new IllegalStateException("JFR's repository has no setBasePath");
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot set JFR's repository: " + e.getCause(), e);
            }
        }
    }
}
