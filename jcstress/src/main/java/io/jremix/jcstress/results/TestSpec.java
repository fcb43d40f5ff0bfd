package io.jremix.jcstress.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What one test declares: its actors, its outcomes and their grades, and, for a {@link io.jremix.jcstress.VbdLimit}
 * test, why VBD does not forbid its non-SC outcomes.
 *
 * @param name        the test's class name
 * @param actors      how many {@code @Actor}s, hence how many CPUs jcstress needs to run it
 * @param description its {@code @Description}
 * @param cases       each declared outcome id (a regular expression) with its grade, in declaration order
 * @param otherwise   the grade of the id-less {@code @Outcome}, which takes every outcome no id matches; null
 *                    without one, and jcstress then grades such an outcome forbidden
 * @param vbdLimit    the {@code @VbdLimit} reason, or null
 */
public record TestSpec(String name, int actors, String description, Map<String, Grade> cases, Grade otherwise,
                       String vbdLimit) {

    /** The grade jcstress gives {@code outcome}: an id equal to it first, then an id matching it, then the default. */
    public Grade grade(String outcome) {
        Grade exact = cases.get(outcome);
        if (exact != null) {
            return exact;
        }
        for (Map.Entry<String, Grade> c : cases.entrySet()) {
            if (Pattern.matches(c.getKey(), outcome)) {
                return c.getValue();
            }
        }
        return otherwise == null ? Grade.NON_SC_FORBIDDEN : otherwise;
    }

    /** The declared ids whose outcomes are not SC ({@code "any other"} for an id-less {@code @Outcome} that is not SC). */
    public List<String> nonScIds() {
        return new ArrayList<>(nonScCases().keySet());
    }

    /** {@link #nonScIds()} with the grade of each. */
    public Map<String, Grade> nonScCases() {
        Map<String, Grade> nonSc = new LinkedHashMap<>();
        cases.forEach((id, grade) -> {
            if (!grade.sequentiallyConsistent()) {
                nonSc.put(id, grade);
            }
        });
        if (otherwise != null && !otherwise.sequentiallyConsistent()) {
            nonSc.put(cases.values().stream().anyMatch(Grade::sequentiallyConsistent) ? "any other" : "any", otherwise);
        }
        return nonSc;
    }

    /** Whether plain {@code java} may produce a non-SC outcome of this test (some non-SC outcome is allowed). */
    public boolean jmmAllowsNonSc() {
        return cases.containsValue(Grade.NON_SC_ALLOWED) || otherwise == Grade.NON_SC_ALLOWED;
    }
}
