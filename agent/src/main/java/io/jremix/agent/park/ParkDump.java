package io.jremix.agent.park;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Objects;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import io.jremix.report.AtomicFiles;

/**
 * {@code bin/jremix dump <pid> [FILE]}: attaches to a running JVM and loads the dump agent into it with the
 * argument {@code dump} (or {@code dump=FILE}); the agent's {@code agentmain} prints the park report on that
 * program's stderr and writes the JSON to FILE, while the program keeps running (the seed's report "whenever a Java
 * dump is requested"). Every failure is one line and exit code 2.
 */
public final class ParkDump {
    private static final String REQUEST = "dump";
    private static final int FAILED = 2;
    private static final String DUMP_AGENT_JAR = "jremix-agent-dump.jar";

    private ParkDump() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Whether the agent argument string is a dump request. */
    public static boolean isRequest(String agentArgs) {
        return agentArgs != null && (agentArgs.equals(REQUEST) || agentArgs.startsWith(REQUEST + "="));
    }

    /** The file a dump request names, or {@code null}. */
    public static Path requestedFile(String agentArgs) {
        return agentArgs.length() > REQUEST.length() ? Path.of(agentArgs.substring(REQUEST.length() + 1)) : null;
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 1 || args.length > 2) {
            return fail(err, "usage: bin/jremix dump <pid> [<file>]");
        }
        long pid;
        try {
            pid = Long.parseLong(args[0]);
        } catch (NumberFormatException e) {
            return fail(err, "not a process id: '" + args[0] + "' (usage: bin/jremix dump <pid> [<file>])");
        }
        // the program resolves names against its own directory: send an absolute one
        Path file = args.length == 2 ? Path.of(args[1]).toAbsolutePath() : null;
        if (file != null) {
            try {
                AtomicFiles.checkWritable(file);
            } catch (IOException e) {
                return fail(err, "cannot write '" + args[1] + "': " + e.getMessage());
            }
        }
        Path agent;
        try {
            agent = dumpAgentJar();
        } catch (URISyntaxException e) {
            return fail(err, "cannot locate " + DUMP_AGENT_JAR + ": " + e.getMessage());
        }
        if (!Files.isRegularFile(agent)) {
            return fail(err, agent + " is missing; run 'mvn -B -DskipTests package'");
        }
        if (ProcessHandle.of(pid).isEmpty()) {
            return fail(err, "no process with pid " + pid);
        }
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            return fail(err, "cannot attach to process " + pid + " (not a Java program of this user?): " + e.getMessage());
        }
        try {
            if (!"on".equals(vm.getSystemProperties().getProperty(ParkProfiler.RUNNING_PROPERTY))) {
                return fail(err, "process " + pid + " is not running with -XXgetparkcontention");
            }
            List<Object> before = version(file);
            vm.loadAgent(agent.toString(), file == null ? REQUEST : REQUEST + "=" + file);
            if (file != null && Objects.equals(before, version(file))) {
                return fail(err, "process " + pid + " did not write " + file + "; its stderr says why");
            }
        } catch (IOException | AgentLoadException | AgentInitializationException e) {
            return fail(err, "could not get the report of process " + pid + ": " + e.getMessage());
        } finally {
            try {
                vm.detach();
            } catch (IOException e) {
                // the report is done; a failed detach changes nothing for the user
            }
        }
        out.println("jremix: park report of process " + pid + " printed on its stderr"
                + (file == null ? "" : " and written to " + file));
        return 0;
    }

    /** Identifies one version of the file: a report replaces it atomically, so both change. Null if absent. */
    private static List<Object> version(Path file) {
        if (file == null) {
            return null;
        }
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return List.of(String.valueOf(a.fileKey()), a.lastModifiedTime());
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The dump agent beside this jar: only a manifest naming the agent class, which the program has loaded already
     * from this jar, so its {@code agentmain} finds the running profiler.
     */
    private static Path dumpAgentJar() throws URISyntaxException {
        return Path.of(ParkDump.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolveSibling(DUMP_AGENT_JAR);
    }

    private static int fail(PrintStream err, String message) {
        err.println("jremix: error: " + message);
        return FAILED;
    }
}
