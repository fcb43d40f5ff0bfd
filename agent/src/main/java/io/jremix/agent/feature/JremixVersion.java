package io.jremix.agent.feature;

/** jremix's version, as the agent jar's manifest gives it, for every report; {@code dev} when run from classes. */
public final class JremixVersion {
    private JremixVersion() {
    }

    public static String current() {
        String v = JremixVersion.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
