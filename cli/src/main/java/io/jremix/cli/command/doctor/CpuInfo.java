package io.jremix.cli.command.doctor;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The parts of {@code /proc/cpuinfo} the checks use: the first processor's fields, its flags, and counts. */
final class CpuInfo {
    private final Map<String, String> first = new HashMap<>();
    private final Set<String> flags = new HashSet<>();
    private final Set<String> sockets = new HashSet<>();
    private int processors;

    private CpuInfo() {
    }

    /** Empty if the file is missing. */
    static Optional<CpuInfo> read(SystemFiles files) {
        return files.read("proc/cpuinfo").map(CpuInfo::parse);
    }

    static CpuInfo parse(String text) {
        CpuInfo info = new CpuInfo();
        for (String line : text.lines().toList()) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            switch (key) {
                case "processor" -> info.processors++;
                case "physical id" -> info.sockets.add(value);
                case "flags", "Features" -> {
                    if (info.processors <= 1) {
                        info.flags.addAll(List.of(value.split("\\s+")));
                    }
                }
                default -> { }
            }
            if (info.processors <= 1) {
                info.first.putIfAbsent(key, value);
            }
        }
        return info;
    }

    Optional<String> field(String key) {
        return Optional.ofNullable(first.get(key));
    }

    Optional<Integer> number(String key) {
        try {
            return field(key).map(Integer::parseInt);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    boolean hasFlag(String flag) {
        return flags.contains(flag);
    }

    int processors() {
        return processors;
    }

    /** Distinct physical package ids; 0 where the kernel does not list them (some VMs, ARM). */
    int sockets() {
        return sockets.size();
    }
}
