package io.jremix.cli.command.jit;

import java.util.regex.Pattern;

/**
 * The VM output inside a HotSpot log file ({@code -XX:+LogVMOutput -XX:LogFile=...}), as it would have appeared
 * on stdout. jremix reads PrintAssembly from the log so that the program's own stdout stays untouched.
 */
final class HotSpotLog {
    private static final Pattern MARKUP = Pattern.compile("<[^>]*>");

    private HotSpotLog() {
    }

    /**
     * The text of {@code text}'s {@code <tty>} section, tags removed and entities decoded; {@code text} itself when
     * it is not a HotSpot log. In the log every {@code <} of VM output is escaped, so each one left is markup.
     */
    static String ttyText(String text) {
        if (!text.startsWith("<?xml") || !text.contains("<hotspot_log")) {
            return text;
        }
        int start = text.indexOf("<tty>");
        int end = text.lastIndexOf("</tty>");
        String tty = start < 0 ? text : text.substring(start, end > start ? end : text.length());
        String plain = MARKUP.matcher(tty).replaceAll("");
        return plain.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'")
                .replace("&amp;", "&");
    }
}
