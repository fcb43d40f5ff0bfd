package io.jremix.agent.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Percentage;
import jdk.jfr.StackTrace;

/** A class whose cache lines crossed the thresholds: committed when the detector decides. */
@Name("io.jremix.CacheFinding")
@Label("Cache Contention Finding")
@Category({"jremix", "Cache Contention"})
@Description("REMIX: threads fight over the cache lines of this class's objects (false or true sharing), or would"
        + " under another placement (latent false sharing)")
@StackTrace(false)
class CacheFindingEvent extends jdk.jfr.Event {
    @Label("Class")
    String className;
    @Label("Kind")
    @Description("false-sharing, true-sharing or latent-false-sharing (whose misses count the writes that would miss)")
    String kind;
    @Label("Location")
    @Description("field, static or element")
    String location;
    @Label("Fields")
    String fields;
    @Label("Sampled Misses")
    long sampledMisses;
    @Label("Estimated Misses")
    long estimatedMisses;
    @Label("Misses per Second")
    @Description("for latent-false-sharing, accesses per second of the slower thread of a pair")
    long ratePerSecond;
    @Label("Cost Share")
    @Description("what the misses cost the threads that make them or write where they miss, over those threads'"
            + " running time; for latent-false-sharing, what they would cost if the threads ran at once")
    @Percentage
    double costShare;
    @Label("Repairable")
    @Description("whether padding the class separates the fields")
    boolean repairable;
    @Label("Writer Threads")
    @Description("for each field, the threads seen writing it, as \"name\" #id (the name when first sampled)")
    String writers;
    @Label("Code Sites")
    @Description("the code that missed, hottest first, one a line, each with its share of the sampled misses: the"
            + " program's frame, then \"via\" the JDK frame it called; the event has no stack trace of its own, which"
            + " would be the jremix thread's that committed it")
    String sites;
    @Label("Neighbours")
    @Description("pairs of fields, one written by a thread and the other written or read by another, that some"
            + " placement puts on one line, one a line: why latent false sharing is predicted, or that observed false"
            + " sharing is predicted too")
    String neighbours;
}
