package io.jremix.cli.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Objects;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import io.jremix.cli.Installation;
import io.jremix.cli.LaunchException;
import io.jremix.report.AtomicFiles;

/**
 * {@code bin/jremix dump <pid> [FILE]}: attaches to a running JVM and loads the dump agent into it with the
 * argument {@code dump} (or {@code dump=FILE}, the agent's ParkDump request); the agent's {@code agentmain} prints
 * the park report on that program's stderr and writes the JSON to FILE, while the program keeps running (the J9
 * profiler's report "whenever a Java dump is requested"). The launch plan runs it with {@code -Djremix.home}. Every
 * failure is one line and exit code 2.
 */
public final class DumpCommand {
    private static final String REQUEST = "dump";
    private static final int FAILED = 2;
    /** What the agent's park profiler sets to "on" while it runs (ParkProfiler.RUNNING_PROPERTY). */
    private static final String PARK_RUNNING = "jremix.parkcontention";

    private DumpCommand() {
    }

    public static void main(String[] args) {
        Installation installation = Installation.at(Path.of(System.getProperty("jremix.home", ".")));
        System.exit(run(args, installation, System.out, System.err));
    }

    static int run(String[] args, Installation installation, PrintStream out, PrintStream err) {
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
            agent = Path.of(installation.dumpAgent());
        } catch (LaunchException e) {
            return fail(err, e.getMessage());
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
            if (!"on".equals(vm.getSystemProperties().getProperty(PARK_RUNNING))) {
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

    private static int fail(PrintStream err, String message) {
        err.println("jremix: error: " + message);
        return FAILED;
    }
}
