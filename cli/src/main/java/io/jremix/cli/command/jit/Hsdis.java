package io.jremix.cli.command.jit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Finds an hsdis disassembler that the JDK about to run can use, so that PrintAssembly prints instructions.
 *
 * <p>HotSpot looks for {@code hsdis-amd64.so} in the JDK ({@code lib/server/libhsdis-amd64.so},
 * {@code lib/server/hsdis-amd64.so}, {@code lib/hsdis-amd64.so}), then through {@code LD_LIBRARY_PATH}, and stops
 * at the first it can load, usable or not. Debian's libhsdis0-fcml is not usable as installed: it exports only the
 * pre-JDK 13 entry point {@code decode_instructions}, and it links itself into {@code /usr/lib/jvm/*-1?-*&#47;lib}.
 * So jremix compiles a small adapter (hsdis-fcml-adapter.c) against it into a directory of its installation
 * ({@code lib/hsdis}, or {@code cli/target/hsdis} in a source checkout) and puts that directory on
 * {@code LD_LIBRARY_PATH}, which leaves the JDK directories alone. A JDK that ships a usable hsdis of its own keeps
 * it; one that holds libhsdis0-fcml's unusable link gets a message saying to remove the link.
 */
final class Hsdis {
    static final String INSTALL = "apt-get install libhsdis0-fcml";
    private static final String ENTRY_POINT = "decode_instructions_virtual";
    private static final String FCML_LIBRARY = "libhsdis.so.0";
    private static final String NAME = "hsdis-amd64.so";
    private static final List<Path> DEFAULT_SEARCH_PATH = List.of(Path.of("/usr/lib/x86_64-linux-gnu"),
            Path.of("/usr/lib64"), Path.of("/usr/lib"), Path.of("/usr/local/lib"));

    /** No usable hsdis, with the one line that says how to get one. */
    static final class Missing extends Exception {
        private static final long serialVersionUID = 1L;

        Missing(String message) {
            super(message);
        }
    }

    /**
     * A usable hsdis.
     *
     * @param libraryPath the directory to put on {@code LD_LIBRARY_PATH}, or null when the JDK finds it alone
     */
    record Found(Path library, Path libraryPath) {
    }

    private Hsdis() {
    }

    /** Where fcml's hsdis is looked for: {@code JREMIX_HSDIS_PATH} (directories, colon-separated) or the usual ones. */
    static List<Path> searchPath(String jremixHsdisPath) {
        if (jremixHsdisPath == null) {
            return DEFAULT_SEARCH_PATH;
        }
        return Arrays.stream(jremixHsdisPath.split(":")).filter(s -> !s.isEmpty()).map(Path::of).toList();
    }

    /**
     * Finds the hsdis that the JDK at {@code javaHome} will use, building the adapter into {@code adapterDir} when
     * fcml's library is the one available.
     */
    static Found locate(Path javaHome, String arch, List<Path> searchPath, Path adapterDir) throws Missing {
        if (!arch.equals("amd64") && !arch.equals("x86_64")) {
            throw new Missing("no hsdis for " + arch + ": libhsdis0-fcml is x86-64 only; build hsdis from the JDK "
                    + "sources (src/utils/hsdis) and put it in " + javaHome.resolve("lib"));
        }
        for (Path own : List.of(javaHome.resolve("lib/server/lib" + NAME), javaHome.resolve("lib/server/" + NAME),
                javaHome.resolve("lib/" + NAME))) {
            if (Files.exists(own)) {
                if (hasEntryPoint(own)) {
                    return new Found(own, null);
                }
                throw new Missing(own + " (libhsdis0-fcml links it there) is loaded before any other hsdis but lacks "
                        + ENTRY_POINT + ", which JDK 13 and later need: remove it (rm " + own + ") to use jremix's adapter");
            }
        }
        Path fcml = searchPath.stream().map(d -> d.resolve(FCML_LIBRARY)).filter(Files::isRegularFile).findFirst()
                .orElseThrow(() -> new Missing("no hsdis disassembler for PrintAssembly: install Debian's libhsdis0-fcml ("
                        + INSTALL + ")"));
        return new Found(adapt(fcml, adapterDir), adapterDir);
    }

    /** {@code adapterDir/hsdis-amd64.so} for {@code fcml}: a link if it already has the entry point, else the adapter. */
    private static Path adapt(Path fcml, Path adapterDir) throws Missing {
        Path target = adapterDir.resolve(NAME);
        Path stamp = adapterDir.resolve(NAME + ".from");
        try {
            String from = fcml.toRealPath().toString();
            if (Files.exists(target) && Files.exists(stamp) && Files.readString(stamp).equals(from)) {
                return target;
            }
            Files.createDirectories(adapterDir);
            Path tmp = Files.createTempFile(adapterDir, NAME, ".tmp");
            try {
                if (hasEntryPoint(fcml)) {
                    Files.delete(tmp);
                    Files.createSymbolicLink(tmp, fcml.toAbsolutePath());
                } else {
                    compile(fcml, tmp);
                }
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            Files.writeString(stamp, from);
            return target;
        } catch (IOException e) {
            throw new Missing("cannot prepare hsdis in " + adapterDir + ": " + e);
        }
    }

    private static void compile(Path fcml, Path out) throws IOException, Missing {
        Path source = out.resolveSibling("hsdis-fcml-adapter.c");
        try (InputStream in = Hsdis.class.getResourceAsStream("hsdis-fcml-adapter.c")) {
            Files.copy(in, source, StandardCopyOption.REPLACE_EXISTING);
        }
        Path dir = fcml.toAbsolutePath().getParent();
        List<String> cc = new ArrayList<>(List.of("cc", "-shared", "-fPIC", "-O2", "-o", out.toString(), source.toString(),
                "-L" + dir, "-l:" + fcml.getFileName(), "-Wl,-rpath," + dir));
        Process p;
        try {
            p = new ProcessBuilder(cc).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new Missing("building jremix's adapter for libhsdis0-fcml needs a C compiler (apt-get install gcc)");
        }
        try {
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new Missing("building jremix's adapter for " + fcml + " failed: " + String.join(" ", cc) + ": "
                        + output.strip().lines().findFirst().orElse("exit " + p.exitValue()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Missing("interrupted while building jremix's hsdis adapter");
        }
    }

    /** Whether {@code library} exports the entry point JDK 13+ look up: its name is in the dynamic symbol table. */
    static boolean hasEntryPoint(Path library) throws Missing {
        try {
            byte[] bytes = Files.readAllBytes(library);
            byte[] name = (ENTRY_POINT + '\0').getBytes(StandardCharsets.US_ASCII);
            outer:
            for (int i = 0; i + name.length <= bytes.length; i++) {
                for (int j = 0; j < name.length; j++) {
                    if (bytes[i + j] != name[j]) {
                        continue outer;
                    }
                }
                return true;
            }
            return false;
        } catch (IOException e) {
            throw new Missing("cannot read " + library + ": " + e.getMessage());
        }
    }
}
