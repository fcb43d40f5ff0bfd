package io.jremix.cli.command.doctor;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One line of the doctor's report: what was looked at, what was found, what it means for jremix, and what to do.
 *
 * @param name        what was checked, the same on every machine (tests and scripts look lines up by it)
 * @param value       what was found, or "unknown: " and why
 * @param consequence what it means for jremix (detection, repair, or the timings of benchmarks)
 * @param hint        what to change, or "nothing to do"
 */
public record Check(Status status, String name, String value, String consequence, String hint) {
    /** ok: as good as it gets for jremix; warn: worth changing; info: a fact to know, nothing wrong. */
    public enum Status { OK, WARN, INFO }

    static final String NOTHING = "nothing to do";

    static Check ok(String name, String value, String consequence, String hint) {
        return new Check(Status.OK, name, value, consequence, hint);
    }

    static Check warn(String name, String value, String consequence, String hint) {
        return new Check(Status.WARN, name, value, consequence, hint);
    }

    static Check info(String name, String value, String consequence, String hint) {
        return new Check(Status.INFO, name, value, consequence, hint);
    }

    /** {@code [ok] name: value — consequence; hint}. */
    public String line() {
        return "[" + status.name().toLowerCase(Locale.ROOT) + "] " + name + ": " + value + " — " + consequence + "; "
                + hint;
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", status.name().toLowerCase(Locale.ROOT));
        m.put("check", name);
        m.put("value", value);
        m.put("consequence", consequence);
        m.put("hint", hint);
        return m;
    }
}
