package io.jremix.core.cache;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Cache contention on one class (or array type) that crossed the thresholds; or, for latent false sharing, a class
 * whose fields hot threads write would contend under another placement ({@link Neighbours} says why). For a latent
 * finding the misses are the sampled writes that would contend, the rate the smaller rate of a pair, and the cost
 * share what the costliest pair would cost if its threads ran at once.
 *
 * @param kind           true, false or latent false sharing
 * @param className      class or array type whose data missed
 * @param location       instance fields, static fields or array elements
 * @param fields         fields involved, hottest first; empty for array elements
 * @param events         estimated coherence misses: sampled misses times the sampling ratio
 * @param sampled        sampled misses
 * @param repairable     whether padding the class at load time can remove it (false sharing on instance fields)
 * @param hits           per-field (or per-element) sampled misses, hottest first
 * @param conflictsWith  data of other classes written on the same lines ({@code Class::field} or array type)
 * @param sites          code that made the missing accesses, hottest first
 * @param siteSamples    the sampled misses of each of {@code sites}, in the same order; empty where not counted
 *                       (latent false sharing). Misses on another class's access, blamed on this one, have no site
 * @param ratePerSecond  estimated misses per second while it was observed
 * @param firstMissNanos {@link System#nanoTime()} of the first sampled miss
 * @param detectedNanos  {@link System#nanoTime()} when the thresholds were crossed
 * @param writers        for each field, the threads seen writing it (small thread indices): fields written by the
 *                       same threads can share a line, fields written by different threads should not
 * @param neighbours     the pairs of fields that some placement puts on one line: why latent false sharing is
 *                       predicted, or, on observed false sharing, that it is predicted too; empty otherwise
 * @param costShare      what the misses cost the threads that made or caused them, as a share of those threads'
 *                       running time over the same span ({@link Thresholds})
 */
public record Finding(SharingKind kind, String className, Datum.Kind location, List<String> fields, long events,
                      long sampled, boolean repairable, List<Hit> hits, List<String> conflictsWith,
                      List<String> sites, List<Long> siteSamples, double ratePerSecond, long firstMissNanos,
                      long detectedNanos,
                      Map<String, Set<Integer>> writers, List<Neighbours> neighbours, double costShare) {

    /** Sampled misses on one field or element. */
    public record Hit(String label, long sampled) {
    }

    /**
     * Two fields, one written by a thread and the other written, or only read, by another thread, that lie within one
     * cache line of each other, though this run's placement may have kept them apart.
     *
     * @param field         the field of the finding's class
     * @param writer        the thread that writes it, or reads it when {@code reads} is {@link Reads#FIELD}
     * @param other         the other field ({@code Class::field}), in a neighbouring instance when
     *                      {@code sameObject} is false (the same field, or another of the class)
     * @param otherWriter   the thread that writes the other, or reads it when {@code reads} is {@link Reads#OTHER}
     * @param sameObject    whether both are in one object, else in neighbouring instances of the class
     * @param span          bytes from the first byte of one to the last byte of the other
     * @param ratePerSecond estimated accesses per second of the slower of the two threads
     * @param reads         which of the two its thread only reads, if either
     * @param costShare     what the line would cost the two threads if they ran at once ({@link
     *                      Thresholds#predictedShare})
     */
    public record Neighbours(String field, int writer, String other, int otherWriter, boolean sameObject, int span,
                             double ratePerSecond, Reads reads, double costShare) {
    }

    /** Which field of a pair its thread only reads: neither (both are written), the finding's field, or the other. */
    public enum Reads { NONE, FIELD, OTHER }

    /** A finding whose sites' misses are not counted. */
    public Finding(SharingKind kind, String className, Datum.Kind location, List<String> fields, long events,
                   long sampled, boolean repairable, List<Hit> hits, List<String> conflictsWith, List<String> sites,
                   double ratePerSecond, long firstMissNanos, long detectedNanos, Map<String, Set<Integer>> writers,
                   List<Neighbours> neighbours, double costShare) {
        this(kind, className, location, fields, events, sampled, repairable, hits, conflictsWith, sites, List.of(),
                ratePerSecond, firstMissNanos, detectedNanos, writers, neighbours, costShare);
    }

    /** This finding with {@code sites} for its sites, renamed in the same order: their counts stay. */
    public Finding withSites(List<String> sites) {
        return new Finding(kind, className, location, fields, events, sampled, repairable, hits, conflictsWith,
                List.copyOf(sites), siteSamples, ratePerSecond, firstMissNanos, detectedNanos, writers, neighbours,
                costShare);
    }

    /** Milliseconds from the first sampled miss to the decision. */
    public double detectionMillis() {
        return (detectedNanos - firstMissNanos) / 1e6;
    }
}
