package io.jremix.cli.command.doctor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.core.Counted;
import io.jremix.core.jvm.JvmDescription;

/**
 * The machine's side: counters, CPU, virtualisation, cores and NUMA, then what the low-latency blog tunes (C-states,
 * governor, turbo, huge pages, isolated CPUs), perf's permission and the cache-line size. Everything comes from procfs
 * and sysfs under one root, plus {@code perf} and {@code systemd-detect-virt} when they are installed.
 */
final class MachineChecks {
    /** The Intel models REMIX's PEBS HITM events were documented for (the REMIX paper): Ivy Bridge EP to Skylake. */
    private static final Set<Integer> REMIX_MODELS = Set.of(62, 63, 69, 70, 71, 78, 86, 94);
    private static final String CPU = "sys/devices/system/cpu/";
    private static final String PMU = "sys/bus/event_source/devices/";
    /** Idle states whose exit latency is at least this many microseconds make a warning. */
    private static final int DEEP_IDLE_MICROS = 20;
    private static final String NO_JREMIX = "jremix does not call perf_event_open";

    private final SystemFiles files;
    private final Commands commands;
    private final JvmDescription jvm;
    private final Optional<CpuInfo> cpuinfo;

    MachineChecks(SystemFiles files, Commands commands, JvmDescription jvm) {
        this.files = files;
        this.commands = commands;
        this.jvm = jvm;
        this.cpuinfo = CpuInfo.read(files);
    }

    List<Check> all() {
        return List.of(counters(), cpu(), virtualisation(), cores(), numa(), cStates(), governor(), turbo(), thp(),
                isolcpus(), paranoid(), cacheLine());
    }

    Check counters() {
        String name = "performance counters";
        String consequence = "jremix rebuilds coherence misses in software and needs no counters";
        boolean pmu = files.exists(PMU + "cpu") || files.exists(PMU + "cpu_core");
        if (!pmu) {
            return Check.info(name, "none: no CPU PMU in /" + PMU + " (not exposed to this "
                    + (isVirtual() ? "virtual machine" : "kernel") + ")", consequence
                    + " (REMIX's HITM sampling could not run here)", Check.NOTHING
                    + " for jremix; for perf itself, expose the PMU (KVM: -cpu host,pmu=on)");
        }
        List<String> found = new ArrayList<>();
        found.add("CPU PMU present" + cpuinfo.map(c -> c.hasFlag("arch_perfmon") ? " (Intel architectural)"
                : c.hasFlag("perfctr_core") ? " (AMD core counters)" : "").orElse(""));
        Optional<String> stat = commands.output(List.of("perf", "stat", "-x,", "-e", "cycles", "true"));
        boolean counted = stat.map(out -> out.lines().anyMatch(l -> l.matches("\\d+,.*cycles.*"))).orElse(false);
        if (stat.isPresent()) {
            found.add(counted ? "perf counts cycles" : "perf cannot count cycles");
        }
        int precise = files.read(PMU + "cpu/caps/max_precise").flatMap(MachineChecks::integer).orElse(0);
        boolean ibs = files.exists(PMU + "ibs_op");
        found.add(precise > 0 ? "precise sampling (max_precise " + precise + ")"
                : ibs ? "AMD IBS sampling" : "no precise memory sampling (max_precise 0)");
        boolean remixEvents = precise >= 2 && cpuinfo.map(c -> c.hasFlag("arch_perfmon")).orElse(false);
        String remix = remixEvents ? " (a hardware back end could use PEBS HITM events, as REMIX did)"
                : " (REMIX's PEBS HITM sampling, Intel precise events, is not available here)";
        String value = String.join(", ", found);
        if (stat.isPresent() && !counted) {
            return Check.info(name, value, consequence + remix, Check.NOTHING + " for jremix");
        }
        return Check.ok(name, value, consequence + remix, Check.NOTHING);
    }

    Check cpu() {
        String name = "CPU";
        if (cpuinfo.isEmpty()) {
            return Check.info(name, "unknown: /proc/cpuinfo is missing", "jremix works on any x86 or ARM CPU",
                    Check.NOTHING);
        }
        CpuInfo c = cpuinfo.get();
        String model = c.field("model name").orElse(System.getProperty("os.arch"));
        String vendor = c.field("vendor_id").orElse("");
        Optional<Integer> family = c.number("cpu family");
        Optional<Integer> number = c.number("model");
        String value = model + (vendor.isEmpty() ? "" : " (" + vendor + family.map(f -> ", family " + f).orElse("")
                + number.map(m -> ", model " + m).orElse("") + ")");
        boolean remixCpu = vendor.equals("GenuineIntel") && family.orElse(0) == 6
                && number.map(REMIX_MODELS::contains).orElse(false);
        return Check.info(name, value, remixCpu ? "one of the Intel models REMIX ran on, and jremix works on any CPU"
                : "not one of REMIX's Intel models (62, 63, 69, 70, 71, 78, 86, 94), while jremix works on any x86 or ARM CPU",
                Check.NOTHING);
    }

    Check virtualisation() {
        String name = "virtualisation";
        List<String> evidence = new ArrayList<>();
        Optional<String> detected = commands.output(List.of("systemd-detect-virt", "--vm"));
        detected.filter(v -> !v.equals("none")).ifPresent(v -> evidence.add(v + " (systemd-detect-virt --vm)"));
        if (cpuinfo.map(c -> c.hasFlag("hypervisor")).orElse(false)) {
            evidence.add("hypervisor CPU flag");
        }
        String dmi = (files.read("sys/class/dmi/id/sys_vendor").orElse("") + " "
                + files.read("sys/class/dmi/id/product_name").orElse("")).trim();
        if (dmi.matches("(?i).*(qemu|kvm|vmware|virtualbox|innotek|xen|bochs|virtual machine|hvm domu"
                + "|amazon ec2|google compute engine|cloud hypervisor|firecracker|parallels).*")) {
            evidence.add("DMI: " + dmi);
        }
        files.read("sys/hypervisor/type").ifPresent(t -> evidence.add("/sys/hypervisor/type: " + t));
        if (!evidence.isEmpty()) {
            return Check.info(name, "virtual machine: " + String.join(", ", evidence),
                    "guests rarely see the PMU events REMIX needs, so REMIX could not run here, while jremix's detection works"
                            + " the same, and benchmark timings include the hypervisor's scheduling of vCPUs",
                    "for repeatable benchmark numbers, give the VM dedicated host cores and pin its vCPUs");
        }
        if (detected.isEmpty() && cpuinfo.isEmpty() && dmi.isEmpty()) {
            return Check.info(name, "unknown: no systemd-detect-virt, /proc/cpuinfo or DMI data to tell",
                    "jremix works the same on bare metal and in virtual machines", Check.NOTHING);
        }
        return Check.ok(name, "bare metal (no hypervisor flag" + (dmi.isEmpty() ? "" : ", DMI: " + dmi) + ")",
                "threads run on real cores, with nothing between them and the caches", Check.NOTHING);
    }

    Check cores() {
        String name = "cores";
        int available = jvm.availableProcessors();
        StringBuilder value = new StringBuilder(available + " for the JVM");
        files.read(CPU + "online").ifPresent(online -> value.append(", ").append(countCpus(online)).append(" online"));
        cpuinfo.ifPresent(c -> {
            Optional<Integer> perSocket = c.number("cpu cores");
            Optional<Integer> siblings = c.number("siblings");
            List<String> topology = new ArrayList<>();
            if (c.sockets() > 0) {
                topology.add(Counted.of(c.sockets(), "socket"));
            }
            perSocket.ifPresent(n -> topology.add(n + " cores per socket"));
            if (perSocket.isPresent() && siblings.isPresent()) {
                topology.add(siblings.get() > perSocket.get() ? "SMT on" : "no SMT");
            }
            if (!topology.isEmpty()) {
                value.append(" (").append(String.join(", ", topology)).append(")");
            }
        });
        if (available < 2) {
            return Check.warn(name, value.toString(), "threads never run at the same time on one CPU, so no cache line"
                    + " moves between cores and jremix finds no contention", "run on at least 2 CPUs (check taskset,"
                    + " cgroup CPU limits and -XX:ActiveProcessorCount)");
        }
        int online = files.read(CPU + "online").map(MachineChecks::countCpus).filter(n -> n > 0).orElse(available);
        if (available < online) {
            return Check.info(name, value.toString(), "the JVM may use " + available + " of " + online + " CPUs (affinity"
                    + " or a cgroup quota): contention appears only among the threads that run at once",
                    "nothing to do, unless the program runs on more CPUs in production");
        }
        return Check.ok(name, value.toString(), "threads run in parallel, so cache lines move between cores and"
                + " contention can be detected", Check.NOTHING);
    }

    Check numa() {
        String name = "NUMA";
        if (!files.exists("sys/devices/system/node")) {
            return Check.info(name, "unknown: /sys/devices/system/node is missing (a kernel without NUMA)",
                    "treated as one node: every coherence miss costs the same", Check.NOTHING);
        }
        long nodes = files.list("sys/devices/system/node").stream().filter(n -> n.matches("node\\d+")).count();
        if (nodes <= 1) {
            return Check.ok(name, "1 node", "every coherence miss stays within one socket", Check.NOTHING);
        }
        return Check.info(name, nodes + " nodes", "a line that moves between nodes costs several times an on-socket"
                + " miss; jremix counts both alike", "benchmark within one node with numactl --cpunodebind=0"
                + " --membind=0, or run with -XX:+UseNUMA");
    }

    Check cStates() {
        String name = "C-states";
        String dir = CPU + "cpu0/cpuidle";
        String driver = files.read(CPU + "cpuidle/current_driver").orElse("none");
        List<String> states = files.list(dir).stream().filter(s -> s.matches("state\\d+")).toList();
        if (states.isEmpty()) {
            return Check.info(name, "none exposed (cpuidle driver: " + driver + ")", "idle states are the firmware's or"
                    + " the hypervisor's business here: wake-up latency cannot be tuned from this OS",
                    "on bare metal, disable deep C-states in the BIOS");
        }
        String deepest = null;
        int deepestLatency = -1;
        List<String> enabled = new ArrayList<>();
        for (String state : states) {
            String base = dir + "/" + state + "/";
            if (files.read(base + "disable").orElse("0").equals("1")) {
                continue;
            }
            String stateName = files.read(base + "name").orElse(state);
            int latency = files.read(base + "latency").flatMap(MachineChecks::integer).orElse(0);
            enabled.add(stateName + " " + latency + " µs");
            if (latency > deepestLatency) {
                deepest = stateName;
                deepestLatency = latency;
            }
        }
        String value = (enabled.isEmpty() ? "all disabled" : String.join(", ", enabled)) + " (driver " + driver + ")";
        if (deepestLatency >= DEEP_IDLE_MICROS) {
            return Check.warn(name, value, "a core waking from " + deepest + " takes " + deepestLatency + " µs: parked"
                    + " threads and idle cores add that to latencies and benchmark outliers",
                    "disable deep C-states in the BIOS, boot with intel_idle.max_cstate=1 processor.max_cstate=1, or"
                            + " run cpupower idle-set -D " + DEEP_IDLE_MICROS);
        }
        return Check.ok(name, value, "only shallow idle states: cores wake within microseconds", Check.NOTHING);
    }

    Check governor() {
        String name = "governor";
        Optional<String> governor = files.read(CPU + "cpu0/cpufreq/scaling_governor");
        if (governor.isEmpty()) {
            return Check.info(name, "unknown: no cpufreq driver (/sys/devices/system/cpu/cpu0/cpufreq is missing)",
                    "the hypervisor or the firmware sets the clock", "on bare metal, set the BIOS power profile to"
                            + " maximum performance");
        }
        if (governor.get().equals("performance")) {
            return Check.ok(name, "performance", "cores run at full clock: timings are repeatable", Check.NOTHING);
        }
        return Check.warn(name, governor.get(), "the clock follows the load: a benchmark's first iterations and bursty"
                + " threads run slower and timings vary", "cpupower frequency-set -g performance");
    }

    Check turbo() {
        String name = "turbo";
        Optional<String> noTurbo = files.read(CPU + "intel_pstate/no_turbo");
        Optional<String> boost = files.read(CPU + "cpufreq/boost");
        if (noTurbo.isEmpty() && boost.isEmpty()) {
            return Check.info(name, "unknown: neither intel_pstate/no_turbo nor cpufreq/boost exists", "the hypervisor or"
                    + " the firmware decides", Check.NOTHING + " from this OS");
        }
        boolean on = noTurbo.map("0"::equals).orElseGet(() -> boost.map("1"::equals).orElse(false));
        String source = noTurbo.isPresent() ? "intel_pstate/no_turbo=" + noTurbo.get() : "cpufreq/boost=" + boost.get();
        if (on) {
            return Check.info(name, "on (" + source + ")", "the clock depends on temperature and on how many cores are"
                    + " busy: a run with fewer busy threads looks faster", "for repeatable benchmarks, echo "
                    + (noTurbo.isPresent() ? "1 > /sys/devices/system/cpu/intel_pstate/no_turbo"
                    : "0 > /sys/devices/system/cpu/cpufreq/boost"));
        }
        return Check.ok(name, "off (" + source + ")", "a fixed top clock: timings are repeatable", Check.NOTHING);
    }

    Check thp() {
        String name = "THP";
        Optional<String> enabled = files.read("sys/kernel/mm/transparent_hugepage/enabled").map(MachineChecks::selected);
        if (enabled.isEmpty()) {
            return Check.info(name, "unknown: /sys/kernel/mm/transparent_hugepage/enabled is missing",
                    "no transparent huge pages: nothing to tune", Check.NOTHING);
        }
        return switch (enabled.get()) {
            case "always" -> Check.warn(name, "always", "the heap gets huge pages unasked: fewer TLB misses, but"
                    + " khugepaged compaction can stall threads (latency outliers); cache-line results are unaffected",
                    "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled and opt in with"
                            + " -XX:+UseTransparentHugePages");
            case "madvise" -> Check.ok(name, "madvise", "huge pages only where asked (java"
                    + " -XX:+UseTransparentHugePages): no compaction stalls by surprise", Check.NOTHING);
            default -> Check.ok(name, enabled.get(), "no huge pages: no compaction stalls, a few more TLB misses",
                    Check.NOTHING);
        };
    }

    Check isolcpus() {
        String name = "isolcpus";
        String cmdline = files.read("proc/cmdline").orElse("");
        String isolated = files.read(CPU + "isolated").orElse("");
        Matcher boot = Pattern.compile("(?:^|\\s)(isolcpus|nohz_full)=(\\S+)").matcher(cmdline);
        List<String> found = new ArrayList<>();
        while (boot.find()) {
            found.add(boot.group(1) + "=" + boot.group(2));
        }
        if (isolated.isEmpty() && found.isEmpty()) {
            String why = files.exists("proc/cmdline") ? "none" : "unknown: /proc/cmdline is missing";
            return Check.info(name, why, "benchmark threads share cores with the rest of the system: expect noise from"
                    + " other processes", "for latency benchmarks, boot with isolcpus=<cpus> nohz_full=<cpus> and pin"
                    + " the JVM with taskset -c <cpus>");
        }
        boot.reset();
        String cpus = isolated.isEmpty() && boot.find() ? boot.group(2) : isolated;
        return Check.ok(name, cpus + (found.isEmpty() ? "" : " (" + String.join(" ", found) + ")"), "the scheduler"
                + " leaves these CPUs to what is pinned there", "pin the JVM there with taskset -c " + cpus);
    }

    Check paranoid() {
        String name = "perf_event_paranoid";
        Optional<Integer> level = files.read("proc/sys/kernel/perf_event_paranoid").flatMap(MachineChecks::integer);
        if (level.isEmpty()) {
            return Check.info(name, "unknown: /proc/sys/kernel/perf_event_paranoid is missing (a kernel without"
                    + " perf events)", NO_JREMIX, Check.NOTHING);
        }
        int l = level.get();
        if (l <= 1) {
            return Check.ok(name, Integer.toString(l), "perf may profile user and kernel code (" + NO_JREMIX + ")",
                    Check.NOTHING);
        }
        if (l == 2) {
            return Check.info(name, "2", "without root, perf sees only user space (" + NO_JREMIX + ")",
                    "sysctl -w kernel.perf_event_paranoid=1 lets perf see the kernel too (not needed by jremix)");
        }
        return Check.warn(name, Integer.toString(l), "perf_event_open is refused to every unprivileged user: perf and"
                + " async-profiler's hardware events need root (" + NO_JREMIX + ")", "sysctl -w kernel.perf_event_paranoid=2"
                + " (not needed by jremix)");
    }

    Check cacheLine() {
        String name = "cache line";
        Optional<Integer> size = files.read(CPU + "cpu0/cache/index0/coherency_line_size").flatMap(MachineChecks::integer)
                .or(() -> cpuinfo.flatMap(c -> c.number("cache_alignment")));
        if (size.isEmpty()) {
            return Check.info(name, "unknown: no coherency_line_size in sysfs and no cache_alignment in /proc/cpuinfo",
                    "jremix simulates 64-byte lines", "if this CPU's lines are not 64 bytes, run with"
                            + " -XX:REMIXLineSize=<bytes>");
        }
        if (size.get() == 64) {
            return Check.ok(name, "64 bytes", "matches the 64-byte lines jremix simulates by default", Check.NOTHING);
        }
        return Check.warn(name, size.get() + " bytes", "jremix simulates 64-byte lines by default, so it would split"
                + " this machine's lines", "run with -XX:REMIXLineSize=" + size.get());
    }

    private boolean isVirtual() {
        return cpuinfo.map(c -> c.hasFlag("hypervisor")).orElse(false);
    }

    /** The bracketed choice of a sysfs selector such as {@code always [madvise] never}. */
    private static String selected(String options) {
        Matcher m = Pattern.compile("\\[(\\S+)]").matcher(options);
        return m.find() ? m.group(1) : options;
    }

    /** The number of CPUs in a list such as {@code 0-3,8,10-11}; 0 if it cannot be read. */
    static int countCpus(String list) {
        int n = 0;
        try {
            for (String part : list.split(",")) {
                String[] range = part.trim().split("-");
                if (!range[0].isEmpty()) {
                    n += range.length == 1 ? 1 : Integer.parseInt(range[1]) - Integer.parseInt(range[0]) + 1;
                }
            }
        } catch (NumberFormatException e) {
            return 0;
        }
        return n;
    }

    private static Optional<Integer> integer(String s) {
        try {
            return Optional.of(Integer.parseInt(s.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
