package io.jremix.cli.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import io.jremix.cli.Installation;
import io.jremix.cli.LaunchException;

/**
 * A running JVM jremix attached to, checked to be one it can work in. What jremix runs there is in its system
 * properties (set by the agent: each feature's attach, and its entry point), read without loading anything.
 */
final class AttachedJvm implements AutoCloseable {
    private static final int OLDEST_JAVA = 17;
    private static final String STARTED = "jremix.started";
    private static final String ATTACHED_CACHE = "jremix.attach.cache";
    private static final String ATTACHED_PARK = "jremix.attach.park";
    private static final String PARK_RUNNING = "jremix.parkcontention";

    private final long pid;
    private final VirtualMachine vm;
    private final Properties properties;

    private AttachedJvm(long pid, VirtualMachine vm, Properties properties) {
        this.pid = pid;
        this.vm = vm;
        this.properties = properties;
    }

    /** Attaches, or says in one line why not: no such process, another user's, not Java, too old a Java. */
    static AttachedJvm attach(long pid) throws LaunchException {
        ProcessHandle process = ProcessHandle.of(pid).orElseThrow(() -> new LaunchException("no process with pid " + pid));
        String me = System.getProperty("user.name");
        String owner = process.info().user().orElse(me);
        if (!owner.equals(me)) {
            throw new LaunchException("process " + pid + " belongs to user " + owner + "; run bin/jremix attach as "
                    + owner);
        }
        if (JvmLibrary.surelyAbsent(pid)) {
            throw new LaunchException("cannot attach to process " + pid + ": not a Java program (no JVM library in"
                    + " its memory map)");
        }
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw new LaunchException("cannot attach to process " + pid + ": not a Java program, or one started with"
                    + " -XX:+DisableAttachMechanism (" + e.getMessage() + ")");
        }
        AttachedJvm jvm;
        try {
            jvm = new AttachedJvm(pid, vm, vm.getSystemProperties());
        } catch (IOException e) {
            detach(vm);
            throw new LaunchException("cannot read the properties of process " + pid + ": " + e.getMessage());
        }
        String tooOld = tooOld(jvm.properties.getProperty("java.specification.version", "0"));
        if (tooOld != null) {
            jvm.close();
            throw new LaunchException("process " + pid + " runs " + tooOld);
        }
        return jvm;
    }

    /** {@code status}: what jremix runs in that JVM now, one line each. */
    int printStatus(PrintStream out) {
        String prefix = "jremix: process " + pid + " (Java " + properties.getProperty("java.version") + "): ";
        int lines = 0;
        if (properties.getProperty(STARTED) != null) {
            out.println(prefix + "started under jremix with " + properties.getProperty(STARTED));
            lines++;
        }
        if (properties.getProperty(ATTACHED_CACHE) != null) {
            out.println(prefix + "cache detection attached: " + properties.getProperty(ATTACHED_CACHE));
            lines++;
        }
        if (properties.getProperty(ATTACHED_PARK) != null) {
            out.println(prefix + "park profiling attached since " + properties.getProperty(ATTACHED_PARK));
            lines++;
        }
        if (lines == 0) {
            out.println(prefix + "jremix is not running there");
        }
        return 0;
    }

    /**
     * Loads the agent with the command and relays its answer until it says it is done: always the jar that only
     * names the agent class, with the agent's jar on its class path. A JVM the agent is in already (started under
     * jremix, or attached before) has that class, so there is one agent; another loads it from the agent's jar. No
     * jar appends to the boot class path: the agent defines the probes in the boot loader itself.
     */
    int send(AttachCommandLine command, Installation installation, PrintStream out, PrintStream err)
            throws LaunchException {
        boolean stop = command.action().equals("stop");
        if (stop && properties.getProperty(PARK_RUNNING) == null && properties.getProperty(ATTACHED_CACHE) == null) {
            throw new LaunchException("nothing to stop in process " + pid + ": park profiling is not running there,"
                    + " nor attached detection windows");
        }
        if (command.action().equals("dump") && properties.getProperty(PARK_RUNNING) == null) {
            throw new LaunchException("park profiling is not running in process " + pid + "; start it with"
                    + " 'bin/jremix attach " + pid + " -XXgetparkcontention'");
        }
        installation.agent(); // the agent and the probes' jar, which the dump agent's class path leads to
        String jar = installation.dumpAgent();
        try (AttachChannel channel = AttachChannel.create()) {
            try {
                vm.loadAgent(jar, command.request(channel.file()));
            } catch (AgentLoadException | AgentInitializationException | IOException e) {
                throw new LaunchException("could not load jremix into process " + pid + ": " + e.getMessage());
            }
            if (Files.size(channel.file()) == 0) { // the agent answers something before its agentmain returns
                throw new LaunchException("process " + pid + " did not answer; is it running another jremix?");
            }
            return channel.relay(ProcessHandle.of(pid).orElseThrow(), out, err);
        } catch (IOException e) {
            throw new LaunchException("could not read the answer of process " + pid + ": " + e.getMessage());
        }
    }

    /** Why a JVM of this {@code java.specification.version} is too old for jremix, or {@code null}. */
    static String tooOld(String specificationVersion) {
        String feature = specificationVersion.startsWith("1.") ? specificationVersion.substring(2) : specificationVersion;
        try {
            if (Integer.parseInt(feature) >= OLDEST_JAVA) {
                return null;
            }
        } catch (NumberFormatException e) {
            // an unknown version: said as it is
        }
        return "Java " + specificationVersion + "; jremix needs Java " + OLDEST_JAVA + " or later";
    }

    @Override
    public void close() {
        detach(vm);
    }

    private static void detach(VirtualMachine vm) {
        try {
            vm.detach();
        } catch (IOException e) {
            // the command is done; a failed detach changes nothing for the user
        }
    }
}
