package io.jremix.core.cache.repair;

import io.jremix.core.cache.Datum;
import io.jremix.core.cache.Finding;
import io.jremix.core.cache.SharingKind;

/**
 * What to do about a finding, as one sentence with the exact edit: padding at load where jremix can do it, and
 * otherwise the change a developer makes by hand.
 */
public final class RepairAdvice {

    /** What happened to a finding in this run. */
    public enum Status {
        /** its class was padded when it loaded */
        PADDED("padded"),
        /** its class had already loaded; a profile pads it from the next run */
        PAD_NEXT_RUN("pad-next-run"),
        /** padding a class at load cannot remove it */
        NOT_REPAIRABLE("not-repairable"),
        /** its fields are only read: padding the written neighbours (their own findings) moves them off its lines */
        READ_ONLY("read-only");

        private final String key;

        Status(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    private RepairAdvice() {
    }

    /** What happens to {@code f}: {@code padded} says whether its class was padded when it loaded in this run. */
    public static Status status(Finding f, boolean padded) {
        if (!f.repairable()) {
            return Status.NOT_REPAIRABLE;
        }
        return padded ? Status.PADDED : RepairPlanner.writesAny(f) ? Status.PAD_NEXT_RUN : Status.READ_ONLY;
    }

    public static String advise(Finding f, Status status, boolean profileGiven) {
        String fields = String.join(", ", f.fields());
        if (f.kind() == SharingKind.TRUE_SHARING) {
            String what = f.location() == Datum.Kind.ELEMENT ? "elements" : "data (" + fields + ")";
            boolean singleWriters = !f.writers().isEmpty() && f.writers().values().stream().allMatch(w -> w.size() == 1);
            return singleWriters
                    ? "one thread writes the " + what + " and others read it: padding cannot help; read it less often"
                    + " (keep the last value seen and re-read only when it runs out, as Disruptor-style queues do)"
                    + " or publish in batches"
                    : "threads update the same " + what + ": padding cannot help; use a LongAdder or LongAccumulator"
                    + " instead of one atomic counter, accumulate per thread and combine at the end, or batch the updates";
        }
        return switch (f.location()) {
            case ELEMENT -> "threads write neighbouring elements of " + f.className() + ": give each thread a slot at"
                    + " least 128 bytes from the others (index i * 16 of a long[], i * 32 of an int[]), per-thread"
                    + " padded objects, or a LongAdder for counters";
            case STATIC -> "hot static fields (" + fields + ") share the class mirror's lines: move each thread's"
                    + " static into its own holder object annotated @Contended, or into per-thread state";
            case FIELD -> (f.kind() == SharingKind.LATENT_FALSE_SHARING ? "threads write these fields within a line"
                    + " of each other, so some placement of the objects puts them on one line, whatever this run's was; "
                    : "") + switch (status) {
                case PADDED -> "padded at load: " + fields;
                case PAD_NEXT_RUN -> f.className() + " had loaded before the finding, so this run could not pad it; "
                        + (profileGiven ? "the profile now holds it: the next run with the same -XX:REMIXProfile pads it"
                        : "run with -XX:REMIXProfile=FILE to learn it, then pad it from its first instance in the next run")
                        + ", or annotate the fields with @jdk.internal.vm.annotation.Contended and run with"
                        + " -XX:-RestrictContended";
                case NOT_REPAIRABLE -> "not repairable by padding";
                case READ_ONLY -> "the fields (" + fields + ") are only read here" + (f.fields().contains(Datum.HEADER)
                        ? ", the header by interface calls" : "") + "; they miss because fields that other threads write"
                        + " share their lines: padding those classes (their own findings) moves them away, so nothing in "
                        + f.className() + " is padded";
            };
        };
    }
}
