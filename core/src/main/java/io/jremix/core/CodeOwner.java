package io.jremix.core;

import java.lang.module.ResolvedModule;
import java.net.URI;
import java.util.Optional;

/**
 * Whether code is the JDK's or the program's, decided by who defined its class and never by its package: the
 * JDK's code is what the boot loader defined (the JDK's own classes, and whatever was appended to the boot class
 * path, jremix's probes among them), what the platform loader defined, the JDK's named modules (its tools, such as
 * {@code jdk.compiler}, are defined by the application loader), and the reflection accessors that older JDKs
 * generate into loaders of their own ({@code jdk.internal.reflect.GeneratedMethodAccessor1} on JDK 17). Every
 * other class is the program's, whatever its package: a {@code com.sun.*}, {@code javax.*} or {@code jdk.*}
 * library on the class path is the program's, as is every class of a custom class loader. Which of the program's
 * classes are jremix's own is a separate question, answered by name ({@link ClassNames#isJremixRuntime}).
 *
 * <p>The rule reads two facts, which a {@link Class}, a class file transformer's arguments, a class in a JFR
 * recording and the text of a frame in jremix's reports all carry: the defining loader, as a label, and the
 * name of the class's module. The label is {@code null} for the boot loader, {@value #PLATFORM} and {@value #APP}
 * for the JDK's two built-in loaders, and for any other loader its name, or the name of its class when it has
 * none (as the JDK's reflection loaders have none) or a name that would pass for one of the others.
 *
 * <p>A frame's text carries them as {@link StackTraceElement#toString()} does, before the class name:
 * {@code loader/module@version/}, where the loader and its {@code /} are left out for the boot loader, the module
 * part for an unnamed module, and the version for the JDK's modules. Unlike {@code StackTraceElement}, which leaves
 * out the names of the built-in loaders too (so that a class from the class path reads exactly like one appended
 * to the boot class path), the text always names a loader other than the boot loader:
 * {@code java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)},
 * {@code platform/java.sql/java.sql.DriverManager.getConnection(DriverManager.java:681)},
 * {@code app//com.example.Main.run(Main.java:12)},
 * {@code app/jdk.compiler/com.sun.tools.javac.Main.main(Main.java:50)},
 * {@code plugins//com.example.Plugin.run(Plugin.java:7)}, and with no prefix at all
 * {@code com.example.BootHook.run(BootHook.java:3)} from the boot class path.
 */
public final class CodeOwner {
    /** The label of the platform class loader. */
    public static final String PLATFORM = "platform";
    /** The label of the application class loader. */
    public static final String APP = "app";
    private static final String BUILT_IN = "jdk.internal.loader.ClassLoaders$";
    /** The loaders, of no name, that the JDK defines its generated reflection accessors in. */
    private static final String REFLECTION = "jdk.internal.reflect.DelegatingClassLoader";

    private CodeOwner() {
    }

    /** Whether {@code c} is the JDK's code. */
    public static boolean isJdk(Class<?> c) {
        return isJdk(c.getClassLoader(), c.getModule());
    }

    /**
     * Whether a class that {@code loader} defines in {@code module} is the JDK's code, as a class file transformer
     * is asked.
     *
     * @param loader the defining loader, {@code null} for the boot loader
     * @param module the class's module; {@code null} stands for an unnamed one
     */
    public static boolean isJdk(ClassLoader loader, Module module) {
        return isJdkByLabel(loaderLabel(loader), module != null && module.isNamed() ? module.getName() : null);
    }

    /**
     * The rule itself: whether a class defined by the loader labelled {@code loaderLabel} in the module named
     * {@code moduleName} is the JDK's code.
     *
     * @param loaderLabel see {@link #loaderLabel(String, String)}, {@code null} for the boot loader
     * @param moduleName  {@code null} for an unnamed module
     */
    public static boolean isJdkByLabel(String loaderLabel, String moduleName) {
        return loaderLabel == null || loaderLabel.equals(PLATFORM) || loaderLabel.equals(REFLECTION)
                || isJdkModule(moduleName);
    }

    /**
     * Whether a named module is one of the JDK's: a module of the run-time image, in the boot layer, with a name
     * the JDK reserves ({@code java.*}, {@code jdk.*}); a program's modules linked into its own image by
     * {@code jlink} stay the program's.
     */
    static boolean isJdkModule(String name) {
        if (name == null || !(name.startsWith("java.") || name.startsWith("jdk."))) {
            return false;
        }
        ModuleLayer boot = ModuleLayer.boot();
        Optional<ResolvedModule> resolved = boot == null ? Optional.empty() : boot.configuration().findModule(name);
        if (resolved.isEmpty()) {
            return false;
        }
        Optional<URI> location = resolved.get().reference().location();
        return location.isPresent() && "jrt".equals(location.get().getScheme());
    }

    /** The label of {@code loader} ({@code null} for the boot loader), see {@link #loaderLabel(String, String)}. */
    public static String loaderLabel(ClassLoader loader) {
        return loader == null ? null : loaderLabel(loader.getClass().getName(), loader.getName());
    }

    /**
     * The label of a class loader, from its class and its name, as a JFR recording also gives them: {@code null}
     * for the boot loader, {@value #PLATFORM} and {@value #APP} for the JDK's built-in loaders, the name of any
     * other loader, or its class's name when it has no name, or one of those two, or one with a {@code /} (which
     * would end the label in a frame's text).
     *
     * @param loaderClass binary name of the loader's class, {@code null} for the boot loader
     * @param loaderName  the loader's name, {@code null} if it has none
     */
    public static String loaderLabel(String loaderClass, String loaderName) {
        if (loaderClass == null) {
            return null;
        }
        if (loaderClass.equals(BUILT_IN + "PlatformClassLoader")) {
            return PLATFORM;
        }
        if (loaderClass.equals(BUILT_IN + "AppClassLoader")) {
            return APP;
        }
        if (loaderName == null || loaderName.isEmpty() || loaderName.equals(PLATFORM) || loaderName.equals(APP)
                || loaderName.equals(REFLECTION) || loaderName.indexOf('/') >= 0) {
            return loaderClass.replace('/', '.');
        }
        return loaderName;
    }

    /** What a frame of a method of {@code c} starts with, see {@link #framePrefix(String, String, String)}. */
    public static String framePrefix(Class<?> c) {
        Module m = c.getModule();
        return m.isNamed()
                ? framePrefix(loaderLabel(c.getClassLoader()), m.getName(), m.getDescriptor().rawVersion().orElse(null))
                : framePrefix(loaderLabel(c.getClassLoader()), null, null);
    }

    /**
     * What a frame's text starts with, before the class name: {@code loader/module@version/} (see the class
     * comment). Empty for the boot loader's unnamed module, the boot class path.
     *
     * @param loaderLabel   {@code null} for the boot loader
     * @param moduleName    {@code null} for an unnamed module
     * @param moduleVersion the module's version, {@code null} if it has none; left out for the JDK's code
     */
    public static String framePrefix(String loaderLabel, String moduleName, String moduleVersion) {
        StringBuilder sb = new StringBuilder();
        if (loaderLabel != null) {
            sb.append(loaderLabel).append('/');
        }
        if (moduleName != null) {
            sb.append(moduleName);
            if (moduleVersion != null && !isJdkByLabel(loaderLabel, moduleName)) {
                sb.append('@').append(moduleVersion);
            }
            sb.append('/');
        } else if (loaderLabel != null) {
            sb.append('/');
        }
        return sb.toString();
    }

    /**
     * Whether a frame whose text starts with {@code prefix} (everything before the class name, as
     * {@link #framePrefix(String, String, String)} writes it) is the JDK's code: one element is the module of a
     * class the boot loader defined, two are the loader and the module (empty for an unnamed one), none is the
     * boot class path.
     */
    public static boolean isJdkFramePrefix(String prefix) {
        String p = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
        int slash = p.indexOf('/');
        if (slash < 0) {
            return true;
        }
        String module = p.substring(slash + 1);
        int at = module.indexOf('@');
        module = at < 0 ? module : module.substring(0, at);
        return isJdkByLabel(p.substring(0, slash), module.isEmpty() ? null : module);
    }
}
