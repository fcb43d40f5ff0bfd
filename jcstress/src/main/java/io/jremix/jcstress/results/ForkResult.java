package io.jremix.jcstress.results;

import java.util.List;
import java.util.Map;

/**
 * What one fork of one test reported: jcstress runs each test in several forked JVMs (compilation modes, JVM
 * flags), and writes one record per fork.
 *
 * @param test     the test's class name
 * @param status   jcstress's status: {@code NORMAL}, else the kind of error ({@code TEST_ERROR}, {@code VM_ERROR}, ...)
 * @param counts   samples per outcome id (e.g. {@code "0, 0"} or {@code "STALE"})
 * @param messages what went wrong, if anything (stack traces, "forcing VM to exit")
 * @param jvmArgs  the fork's JVM options
 */
public record ForkResult(String test, String status, Map<String, Long> counts, List<String> messages,
                         List<String> jvmArgs) {
    public boolean normal() {
        return status.equals("NORMAL");
    }
}
