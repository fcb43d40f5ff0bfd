package io.jremix.bench.corpus;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a bug's code comes from: two versions of a library on Maven Central (copied by the bench module's build into
 * {@code bench/target/corpus/}, with the jars they need at run time), or the JDK itself, unpadded by JVM flags.
 *
 * @param artifact {@code group:artifact}, or {@code null} for the JDK
 * @param before   the last version with the bug
 * @param after    the first version with the fix
 * @param runtime  other jars both versions need, as {@code group:artifact:version}
 */
public record Source(String artifact, String before, String after, List<String> runtime) {
    /**
     * The JDK's own {@code @Contended} padding switched off. The CDS archive keeps the layout JDK classes had when it
     * was dumped, padded, whatever the flags say, so the classes must be loaded from the class files.
     */
    private static final List<String> UNPADDED_JDK = List.of("-XX:ContendedPaddingWidth=0", "-Xshare:off");

    public Source {
        runtime = List.copyOf(runtime);
    }

    static Source maven(String artifact, String before, String after, String... runtime) {
        return new Source(artifact, before, after, List.of(runtime));
    }

    static Source jdk() {
        return new Source(null, String.join(" ", UNPADDED_JDK), "defaults", List.of());
    }

    public boolean isJdk() {
        return artifact == null;
    }

    /** The jars of the version before ({@code fixed} false) or after the fix, under {@code dir}. */
    public List<Path> jars(Path dir, boolean fixed) {
        if (isJdk()) {
            return List.of();
        }
        String name = artifact.substring(artifact.indexOf(':') + 1);
        List<Path> jars = new ArrayList<>(List.of(dir.resolve(name + "-" + (fixed ? after : before) + ".jar")));
        for (String coordinates : runtime) {
            String[] parts = coordinates.split(":");
            jars.add(dir.resolve(parts[1] + "-" + parts[2] + ".jar"));
        }
        return jars;
    }

    /** The JVM options of the version before ({@code fixed} false) or after the fix. */
    public List<String> jvmOptions(boolean fixed) {
        return isJdk() && !fixed ? UNPADDED_JDK : List.of();
    }

    /** {@code before → after}, as the table shows it. */
    public String versions() {
        return isJdk() ? "JDK `" + before + "` → JDK defaults" : artifact + " " + before + " → " + after;
    }
}
