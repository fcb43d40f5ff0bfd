package io.jremix.workloads;

/**
 * Prints its arguments, one per line, to stdout and a marker to stderr, then exits with the status given as the
 * first argument: lets tests check that the launcher passes arguments, output and exit status through untouched.
 */
public final class ExitWith {
    private ExitWith() {
    }

    public static void main(String[] args) {
        for (String a : args) {
            System.out.println(a);
        }
        System.err.println("ExitWith stderr");
        System.exit(args.length == 0 ? 0 : Integer.parseInt(args[0]));
    }
}
