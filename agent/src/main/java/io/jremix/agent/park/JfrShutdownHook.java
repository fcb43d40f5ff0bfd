package io.jremix.agent.park;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jremix.agent.feature.ModuleAccess;

/**
 * Takes JFR's own shutdown hook out of the race with the exit report. At exit JFR's hook stops every recording
 * and then deletes the repository's chunk files; the application's shutdown hooks all start at once, so when it
 * ran before the monitor stream had read the last chunk, that chunk's events were gone without a trace: a short
 * run lost every monitor record (4 of 20 runs of a 0.2 s program here). The hook is unregistered here and run by
 * the exit report itself once the stream has drained ({@link JfrMonitorEvents#close()}), so JFR's work (a dump on
 * exit the program asked for, its clean-up) still happens, only afterwards.
 *
 * <p>The hook is found by its thread name among the registered hooks, {@code java.lang.ApplicationShutdownHooks},
 * which the agent may read after opening {@code java.lang} to itself with {@link Instrumentation#redefineModule}.
 * On a JDK where that fails, nothing changes and the report says when the race was lost.
 */
final class JfrShutdownHook {
    static final String NAME = "JFR Shutdown Hook";

    private JfrShutdownHook() {
    }

    /** Unregisters JFR's hook and returns it, for the caller to run; {@code null} if it could not be found. */
    static Thread takeOver(Instrumentation inst) {
        try {
            ModuleAccess.openToAgent(inst, Object.class.getModule(), "java.lang");
            Class<?> hooks = Class.forName("java.lang.ApplicationShutdownHooks");
            Field field = hooks.getDeclaredField("hooks");
            field.setAccessible(true);
            List<Thread> registered;
            synchronized (hooks) { // its methods are static synchronized
                registered = new ArrayList<>(((Map<?, ?>) field.get(null)).size());
                for (Object t : ((Map<?, ?>) field.get(null)).keySet()) {
                    registered.add((Thread) t);
                }
            }
            for (Thread t : registered) {
                if (t.getName().equals(NAME) && Runtime.getRuntime().removeShutdownHook(t)) {
                    return t;
                }
            }
            return null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
