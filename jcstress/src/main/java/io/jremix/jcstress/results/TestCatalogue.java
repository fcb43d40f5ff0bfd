package io.jremix.jcstress.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import io.jremix.jcstress.VbdLimit;
import org.openjdk.jcstress.infra.StateCase;
import org.openjdk.jcstress.infra.TestInfo;
import org.openjdk.jcstress.infra.runners.TestList;

/** The jcstress tests on the class path ({@code META-INF/TestList}, which jcstress's annotation processor writes). */
public final class TestCatalogue {
    private final Map<String, TestSpec> tests;

    public TestCatalogue(Map<String, TestSpec> tests) {
        this.tests = Collections.unmodifiableMap(new TreeMap<>(tests));
    }

    /** The tests jcstress itself would find on this class path. */
    public static TestCatalogue fromClassPath() {
        Map<String, TestSpec> tests = new TreeMap<>();
        for (String name : TestList.tests()) {
            TestInfo info = TestList.getInfo(name);
            Map<String, Grade> cases = new LinkedHashMap<>();
            for (StateCase c : info.cases()) {
                cases.putIfAbsent(c.matchPattern(), Grade.of(c.expect()));
            }
            // an id-less @Outcome has the empty id; without one, TestInfo makes up a forbidden ".*"
            StateCase otherwise = info.unmatched();
            tests.put(name, new TestSpec(name, info.threads(), info.description(), cases,
                    otherwise.matchPattern().isEmpty() ? Grade.of(otherwise.expect()) : null,
                    vbdLimit(info.binaryName())));
        }
        return new TestCatalogue(tests);
    }

    /** The {@code @VbdLimit} reason of the class {@code binaryName} ({@code Outer$Inner} for a nested test), or null. */
    static String vbdLimit(String binaryName) {
        try {
            VbdLimit limit = Class.forName(binaryName, false, TestCatalogue.class.getClassLoader())
                    .getAnnotation(VbdLimit.class);
            return limit == null ? null : limit.value();
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("META-INF/TestList names " + binaryName + ", which is not on the class path", e);
        }
    }

    /** The test named {@code name}. */
    public TestSpec get(String name) {
        TestSpec spec = tests.get(name);
        if (spec == null) {
            throw new IllegalArgumentException("no jcstress test " + name + " on the class path");
        }
        return spec;
    }

    /** The tests jcstress's {@code -t regex} selects (it uses {@link java.util.regex.Matcher#find}), by name. */
    public Map<String, TestSpec> select(String regex) {
        Pattern p = Pattern.compile(regex);
        Map<String, TestSpec> selected = new TreeMap<>();
        tests.forEach((name, spec) -> {
            if (p.matcher(name).find()) {
                selected.put(name, spec);
            }
        });
        return selected;
    }
}
