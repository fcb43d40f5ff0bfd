package io.jremix.cli.command.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jremix.core.jvm.JvmDescription;
import io.jremix.report.Json;

/** The checks against a made-up /proc and /sys: each finding gives its consequence and hint; missing files are "unknown". */
class DoctorCommandTest {
    private static final List<String> NAMES = List.of("performance counters", "CPU", "virtualisation", "cores", "NUMA",
            "C-states", "governor", "turbo", "THP", "isolcpus", "perf_event_paranoid", "cache line", "@Contended", "GC",
            "compressed oops");
    private static final String CPUINFO = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            cpu family\t: 6
            model\t\t: 63
            model name\t: Intel(R) Xeon(R) CPU E5-2697 v3
            physical id\t: 0
            siblings\t: 4
            cpu cores\t: 2
            cache_alignment\t: 64
            flags\t\t: fpu tsc arch_perfmon hypervisor

            processor\t: 1
            physical id\t: 0
            """;

    @TempDir
    Path root;
    private final Map<String, String> vmOptions = new HashMap<>(Map.of("RestrictContended", "true",
            "ContendedPaddingWidth", "128", "UseCompressedOops", "true", "ObjectAlignmentInBytes", "8",
            "MaxHeapSize", Long.toString(6L << 30)));
    private List<String> collectors = List.of("G1 Young Generation", "G1 Old Generation");
    private int processors = 2;
    private final Map<String, String> commandOutput = new HashMap<>();

    private final JvmDescription jvm = new JvmDescription() {
        @Override
        public int availableProcessors() {
            return processors;
        }

        @Override
        public Optional<String> vmOption(String name) {
            return Optional.ofNullable(vmOptions.get(name));
        }

        @Override
        public List<String> collectorNames() {
            return collectors;
        }
    };

    private DoctorCommand doctor() {
        return new DoctorCommand(root, command -> Optional.ofNullable(commandOutput.get(String.join(" ", command))), jvm);
    }

    private Check check(String name) {
        return doctor().checks().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    private void file(String path, String content) throws IOException {
        Path p = root.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content + "\n");
    }

    @Test
    void anEmptyTreeGivesUnknownWithTheReasonNeverACrash() {
        List<Check> checks = doctor().checks();
        assertEquals(NAMES, checks.stream().map(Check::name).toList());
        for (String name : List.of("CPU", "governor", "turbo", "THP", "perf_event_paranoid", "cache line", "NUMA")) {
            Check c = check(name);
            assertTrue(c.value().startsWith("unknown: "), c.line());
            assertTrue(c.value().contains("missing") || c.value().contains("exists") || c.value().contains("no "),
                    "says why: " + c.line());
        }
        assertTrue(check("virtualisation").value().startsWith("unknown: "));
        assertTrue(check("isolcpus").value().startsWith("unknown: /proc/cmdline is missing"));
        assertEquals("none: no CPU PMU in /sys/bus/event_source/devices/ (not exposed to this kernel)",
                check("performance counters").value());
        assertTrue(check("performance counters").consequence().contains("needs no counters"));
    }

    @Test
    void paranoid3WarnsThatPerfNeedsRootButJremixDoesNot() throws IOException {
        file("proc/sys/kernel/perf_event_paranoid", "3");
        Check c = check("perf_event_paranoid");
        assertEquals(Check.Status.WARN, c.status());
        assertTrue(c.consequence().contains("refused to every unprivileged user"), c.line());
        assertTrue(c.consequence().contains("jremix does not call perf_event_open"), c.line());
        assertEquals("sysctl -w kernel.perf_event_paranoid=2 (not needed by jremix)", c.hint());
        file("proc/sys/kernel/perf_event_paranoid", "1");
        assertEquals(Check.Status.OK, check("perf_event_paranoid").status());
    }

    @Test
    void thpAlwaysWarnsOfCompactionStallsAndSuggestsMadvise() throws IOException {
        file("sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never");
        Check c = check("THP");
        assertEquals(Check.Status.WARN, c.status());
        assertEquals("always", c.value());
        assertTrue(c.consequence().contains("khugepaged compaction can stall threads"), c.line());
        assertTrue(c.hint().startsWith("echo madvise > /sys/kernel/mm/transparent_hugepage/enabled"), c.line());
        file("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never");
        assertEquals(Check.Status.OK, check("THP").status());
    }

    @Test
    void aPowersaveGovernorWarnsThatTimingsVary() throws IOException {
        file("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave");
        Check c = check("governor");
        assertEquals(Check.Status.WARN, c.status());
        assertEquals("powersave", c.value());
        assertTrue(c.consequence().contains("timings vary"), c.line());
        assertEquals("cpupower frequency-set -g performance", c.hint());
    }

    @Test
    void aHypervisorFlagMeansAVirtualMachineWhereREMIXCouldNotRun() throws IOException {
        file("proc/cpuinfo", CPUINFO);
        commandOutput.put("systemd-detect-virt --vm", "kvm");
        Check c = check("virtualisation");
        assertEquals(Check.Status.INFO, c.status());
        assertEquals("virtual machine: kvm (systemd-detect-virt --vm), hypervisor CPU flag", c.value());
        assertTrue(c.consequence().contains("REMIX could not run here"), c.line());
        assertTrue(c.consequence().contains("jremix's detection works the same"), c.line());
    }

    @Test
    void cpuinfoGivesTheModelTheCoresAndWhetherREMIXSupportedIt() throws IOException {
        file("proc/cpuinfo", CPUINFO);
        file("sys/devices/system/cpu/online", "0-1");
        assertEquals("Intel(R) Xeon(R) CPU E5-2697 v3 (GenuineIntel, family 6, model 63)", check("CPU").value());
        assertTrue(check("CPU").consequence().startsWith("one of the Intel models REMIX ran on"));
        assertEquals("2 for the JVM, 2 online (1 socket, 2 cores per socket, SMT on)", check("cores").value());
        assertEquals(Check.Status.OK, check("cores").status());
        assertEquals("64 bytes", check("cache line").value(), "from cache_alignment when sysfs has no line size");
        processors = 1;
        Check one = check("cores");
        assertEquals(Check.Status.WARN, one.status());
        assertTrue(one.consequence().contains("jremix finds no contention"), one.line());
        assertTrue(DoctorCommand.summary(doctor().checks()).endsWith("with one CPU no contention can happen, so detection"
                + " finds nothing."));
    }

    @Test
    void countersArePresentOrNotButNeverNeeded() throws IOException {
        file("proc/cpuinfo", CPUINFO);
        file("sys/bus/event_source/devices/cpu/caps/max_precise", "3");
        commandOutput.put("perf stat -x, -e cycles true", "1497357,,cycles,10130674,100.00,,");
        Check c = check("performance counters");
        assertEquals(Check.Status.OK, c.status());
        assertEquals("CPU PMU present (Intel architectural), perf counts cycles, precise sampling (max_precise 3)",
                c.value());
        assertTrue(c.consequence().contains("could use PEBS HITM events"), c.line());
        commandOutput.put("perf stat -x, -e cycles true", "<not supported>,,cycles,0,100.00,,");
        Check unsupported = check("performance counters");
        assertEquals(Check.Status.INFO, unsupported.status());
        assertTrue(unsupported.value().contains("perf cannot count cycles"), unsupported.line());
        assertTrue(unsupported.consequence().startsWith("jremix rebuilds coherence misses in software and needs no"
                + " counters"), unsupported.line());
    }

    @Test
    void deepCStatesWarnWithTheirWakeUpLatency() throws IOException {
        file("sys/devices/system/cpu/cpuidle/current_driver", "intel_idle");
        for (String[] s : new String[][] {{"0", "POLL", "0", "0"}, {"1", "C1", "2", "0"}, {"2", "C3", "200", "0"},
            {"3", "C6", "600", "1"}}) {
            String dir = "sys/devices/system/cpu/cpu0/cpuidle/state" + s[0] + "/";
            file(dir + "name", s[1]);
            file(dir + "latency", s[2]);
            file(dir + "disable", s[3]);
        }
        Check c = check("C-states");
        assertEquals(Check.Status.WARN, c.status());
        assertEquals("POLL 0 µs, C1 2 µs, C3 200 µs (driver intel_idle)", c.value(), "C6 is disabled");
        assertTrue(c.consequence().startsWith("a core waking from C3 takes 200 µs"), c.line());
        assertTrue(c.hint().contains("intel_idle.max_cstate=1"), c.line());
    }

    @Test
    void turboIsReadFromIntelPstateOrCpufreqBoost() throws IOException {
        file("sys/devices/system/cpu/intel_pstate/no_turbo", "0");
        Check on = check("turbo");
        assertEquals(Check.Status.INFO, on.status());
        assertEquals("on (intel_pstate/no_turbo=0)", on.value());
        assertTrue(on.hint().contains("echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo"), on.line());
        Files.delete(root.resolve("sys/devices/system/cpu/intel_pstate/no_turbo"));
        file("sys/devices/system/cpu/cpufreq/boost", "0");
        assertEquals(Check.Status.OK, check("turbo").status());
    }

    @Test
    void isolatedCpusAndNumaNodesAreCounted() throws IOException {
        file("proc/cmdline", "quiet isolcpus=2-3 nohz_full=2-3");
        file("sys/devices/system/cpu/isolated", "2-3");
        Check iso = check("isolcpus");
        assertEquals(Check.Status.OK, iso.status());
        assertEquals("2-3 (isolcpus=2-3 nohz_full=2-3)", iso.value());
        assertEquals("pin the JVM there with taskset -c 2-3", iso.hint());
        Files.createDirectories(root.resolve("sys/devices/system/node/node0"));
        Files.createDirectories(root.resolve("sys/devices/system/node/node1"));
        file("sys/devices/system/node/online", "0-1");
        Check numa = check("NUMA");
        assertEquals("2 nodes", numa.value());
        assertTrue(numa.hint().contains("numactl --cpunodebind=0 --membind=0"), numa.line());
    }

    @Test
    void aCacheLineOtherThan64BytesAsksForREMIXLineSize() throws IOException {
        file("sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size", "128");
        Check c = check("cache line");
        assertEquals(Check.Status.WARN, c.status());
        assertEquals("run with -XX:REMIXLineSize=128", c.hint());
    }

    @Test
    void contendedRestrictionTellsHowRepairGetsItsFlag() {
        Check restricted = check("@Contended");
        assertEquals(Check.Status.INFO, restricted.status());
        assertEquals("restricted (RestrictContended=true), padding 128 bytes", restricted.value());
        assertTrue(restricted.consequence().contains("bin/jremix adds it"), restricted.line());
        vmOptions.put("RestrictContended", "false");
        assertEquals(Check.Status.OK, check("@Contended").status());
        vmOptions.remove("RestrictContended");
        assertEquals(Check.Status.WARN, check("@Contended").status());
    }

    @Test
    void zgcTurnsDetectionOff() {
        assertEquals(Check.Status.OK, check("GC").status());
        collectors = List.of("ZGC Cycles", "ZGC Pauses");
        Check c = check("GC");
        assertEquals(Check.Status.WARN, c.status());
        assertTrue(c.value().startsWith("ZGC (ZGC Cycles, ZGC Pauses)"), c.line());
        assertTrue(c.consequence().contains("switches detection off"), c.line());
        assertTrue(DoctorCommand.summary(doctor().checks()).contains("1 warning (GC)"));
        assertTrue(DoctorCommand.summary(doctor().checks()).endsWith("detection is off under this java's default collector;"
                + " choose G1, Parallel or Serial."));
    }

    @Test
    void compressedOopsShiftFollowsTheHeapSize() {
        assertEquals("on, ObjectAlignmentInBytes 8: shift 3 expected (zero-based, max heap 6.0 GB)",
                check("compressed oops").value());
        vmOptions.put("MaxHeapSize", Long.toString(1L << 30));
        assertEquals("on, ObjectAlignmentInBytes 8: shift 0 expected (unscaled, max heap 1.0 GB)",
                check("compressed oops").value());
        vmOptions.put("MaxHeapSize", Long.toString(40L << 30));
        assertEquals("on, ObjectAlignmentInBytes 8: shift 3 expected (heap-based, max heap 40.0 GB)",
                check("compressed oops").value());
        vmOptions.put("UseCompressedOops", "false");
        assertEquals("off: 8-byte references", check("compressed oops").value());
    }

    @Test
    void printsOneLinePerCheckAndASummaryAndWritesJson() throws IOException {
        file("sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never");
        Path json = root.resolve("doctor.json");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = doctor().run(new String[] {"--json", json.toString()}, new PrintStream(out, true,
                StandardCharsets.UTF_8), System.err);
        assertEquals(0, exit);
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(NAMES.size() + 2, lines.size(), "a header, one line per check, the summary");
        for (int i = 0; i < NAMES.size(); i++) {
            assertTrue(lines.get(i + 1).matches("\\[(ok|warn|info)] " + Pattern.quote(NAMES.get(i))
                    + ": .+ — .+; .+"), lines.get(i + 1));
        }
        assertTrue(lines.get(lines.size() - 1).matches("jremix: doctor: \\d+ ok, 1 warning \\(THP\\), \\d+ info:"
                + " detection works without hardware counters\\."), lines.get(lines.size() - 1));
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Files.readString(json));
        assertEquals("doctor", doc.get("report"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> checks = (List<Map<String, Object>>) doc.get("checks");
        assertEquals(NAMES, checks.stream().map(c -> c.get("check")).toList());
        assertEquals("warn", checks.get(NAMES.indexOf("THP")).get("status"));
        try (var leftovers = Files.list(root)) {
            assertTrue(leftovers.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "written atomically");
        }
    }

    @Test
    void helpAndBadOptions() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(0, doctor().run(new String[] {"--help"}, o, e));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: bin/jremix doctor [--json FILE]"));
        assertEquals(2, doctor().run(new String[] {"--fast"}, o, e));
        assertEquals(2, doctor().run(new String[] {"--json"}, o, e));
        assertEquals(2, doctor().run(new String[] {"--json", root.resolve("no/such/dir/d.json").toString()}, o, e));
        assertEquals(List.of("jremix: doctor: unknown option '--fast' (see bin/jremix doctor --help)",
                "jremix: doctor: malformed option '--json': use --json <file> (see bin/jremix doctor --help)"),
                err.toString(StandardCharsets.UTF_8).lines().limit(2).toList());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("jremix: doctor: cannot write '"));
    }
}
