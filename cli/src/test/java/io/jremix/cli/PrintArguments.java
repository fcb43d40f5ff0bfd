package io.jremix.cli;

import java.nio.charset.StandardCharsets;

/** Prints its arguments, each followed by a NUL: what java made of its command line. */
public final class PrintArguments {
    private PrintArguments() {
    }

    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (String a : args) {
            sb.append(a).append('\0');
        }
        System.out.write(sb.toString().getBytes(StandardCharsets.UTF_8), 0, sb.length());
        System.out.flush();
    }
}
