package io.jremix.workloads.park;

/** Optional positional numbers with defaults; a malformed one prints the usage and exits with status 2. */
final class Args {
    private final String[] args;
    private final String usage;

    Args(String[] args, String usage) {
        this.args = args;
        this.usage = usage;
    }

    long number(int index, long defaultValue) {
        return index < args.length ? Long.parseLong(matching(index, "[0-9]{1,18}")) : defaultValue;
    }

    double fraction(int index, double defaultValue) {
        return index < args.length ? Double.parseDouble(matching(index, "[0-9]+(\\.[0-9]+)?")) : defaultValue;
    }

    /** One of the words {@code alternatives} matches, e.g. {@code "lock|synchronized"}. */
    String word(int index, String defaultValue, String alternatives) {
        return index < args.length ? matching(index, alternatives) : defaultValue;
    }

    private String matching(int index, String regex) {
        String a = args[index];
        if (!a.matches(regex)) {
            System.err.println("usage: " + usage);
            System.exit(2);
        }
        return a;
    }
}
