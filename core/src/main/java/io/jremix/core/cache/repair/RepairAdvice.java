package io.jremix.core.cache.repair;

import java.util.Map;

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
        READ_ONLY("read-only"),
        /** only padding a JDK class would remove it, which jremix does only when asked */
        JDK_CLASS("jdk-class");

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

    /**
     * What happens to {@code f}: {@code padded} says whether its class was padded when it loaded in this run,
     * {@code onlyJdk} whether only padding a JDK class would repair it, which the run may not do
     * ({@link RepairPlanner#onlyJdk}).
     */
    public static Status status(Finding f, boolean padded, boolean onlyJdk) {
        if (!f.repairable()) {
            return Status.NOT_REPAIRABLE;
        }
        if (padded) {
            return Status.PADDED;
        }
        return !RepairPlanner.writesAny(f) ? Status.READ_ONLY : onlyJdk ? Status.JDK_CLASS : Status.PAD_NEXT_RUN;
    }

    public static String advise(Finding f, Status status, boolean profileGiven) {
        String fields = String.join(", ", f.fields());
        String inherited = String.join(", ", f.writers().entrySet().stream()
                .filter(e -> Datum.isInherited(e.getKey()) && !e.getValue().isEmpty()).map(Map.Entry::getKey).toList());
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
                case PADDED -> "padded at load: " + (inherited.isEmpty() ? fields : ownFieldsAwayFrom(inherited));
                case PAD_NEXT_RUN -> f.className() + " had loaded before the finding, so this run could not pad it; "
                        + (profileGiven ? "the profile now holds it: the next run with the same -XX:REMIXProfile pads it"
                        : "run with -XX:REMIXProfile=FILE to learn it, then pad it from its first instance in the next run")
                        + (inherited.isEmpty() ? "" : " (" + ownFieldsAwayFrom(inherited) + ")") + ", or annotate "
                        + (inherited.isEmpty() ? "the" : "its own") + " fields with @jdk.internal.vm.annotation.Contended"
                        + " and run with -XX:-RestrictContended";
                case JDK_CLASS -> (inherited.isEmpty() ? f.className() + " is a JDK class"
                        : "the fields written (" + inherited + ") are a JDK superclass's, and " + f.className()
                        + " has none of its own on their lines to move away") + ": padding a JDK class grows every"
                        + " instance of it in the JVM, so jremix does so only with -XX:+REMIXPadJdkClasses; or change"
                        + " the source as " + (inherited.isEmpty() ? "Caffeine 1.1.0 did for its ring buffer's AtomicLong"
                        + " counters" : "Netty 4.0.21 did for its MpscLinkedQueue") + ": keep the hot value in a field"
                        + " of a class of the program's own, padded away from the rest, instead of "
                        + (inherited.isEmpty() ? "in a JDK object" : "inheriting it");
                case NOT_REPAIRABLE -> "not repairable by padding";
                case READ_ONLY -> "the fields (" + fields + ") are only read here" + (f.fields().contains(Datum.HEADER)
                        ? ", the header by interface calls" : "") + "; they miss because fields that other threads write"
                        + " share their lines: padding those classes (their own findings) moves them away, so nothing in "
                        + f.className() + " is padded";
            };
        };
    }

    private static String ownFieldsAwayFrom(String inherited) {
        return "its own fields on these lines, a line away from " + inherited + ", which a JDK superclass declares";
    }
}
