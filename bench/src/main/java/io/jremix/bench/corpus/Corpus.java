package io.jremix.bench.corpus;

import java.util.List;
import java.util.stream.Collectors;

import io.jremix.bench.corpus.drivers.CacheReads;
import io.jremix.bench.corpus.drivers.ExecutorHandoff;
import io.jremix.bench.corpus.drivers.MapCounts;
import io.jremix.bench.corpus.drivers.LibraryQueueHandoff;

/**
 * Historical false-sharing bugs in widely used Java code, each fixed upstream, with the version before and the
 * version after the fix (the JDK's cases: its {@code @Contended} padding switched off, then on). The library jars are
 * copied from Maven Central by {@code bench/pom.xml} (execution {@code corpus}): a version added here goes there too.
 * Where a fix's release changed more than the padding, the times before and after differ for more reasons than the
 * bug; detection does not.
 */
public final class Corpus {
    private static final String CAFFEINE = "com.github.ben-manes.caffeine:caffeine";
    private static final String CAFFEINE_CACHE = "com.github.benmanes.caffeine.cache.";
    private static final String JBOSS_RUNTIME_LOGGING = "org.jboss.logging:jboss-logging:3.3.1.Final";
    private static final String JBOSS_RUNTIME_COMMON = "org.wildfly.common:wildfly-common:1.5.0.Final";
    private static final String ATOMIC = "java.util.concurrent.atomic.";
    /** A run moves its items in a few seconds without jremix, long enough for detection windows. */
    public static final List<Bug> BUGS = List.of(
            new Bug("netty-mpsc", "Netty `MpscLinkedQueue`", "https://github.com/netty/netty/issues/2584",
                    Source.maven("io.netty:netty-common", "4.0.20.Final", "4.0.21.Final"),
                    LibraryQueueHandoff.class, "netty-mpsc", 20_000_000,
                    // the producers' tail is the value the queue inherits from AtomicReference
                    List.of(ATOMIC + "AtomicReference::value", "io.netty.util.internal.MpscLinkedQueue::headRef"),
                    List.of("io.netty.util.internal.MpscLinkedQueue", ATOMIC + "AtomicReference")),
            new Bug("caffeine-scq", "Caffeine `SingleConsumerQueue`",
                    "https://github.com/ben-manes/caffeine/commit/43c145a7e2b4d0b77006884e327e9a67a516aa37",
                    Source.maven(CAFFEINE, "1.0.1", "1.1.0"), LibraryQueueHandoff.class, "caffeine-scq", 10_000_000,
                    List.of("com.github.benmanes.caffeine.SingleConsumerQueue::head",
                            "com.github.benmanes.caffeine.SingleConsumerQueue::tail"),
                    List.of("com.github.benmanes.caffeine.SingleConsumerQueue", "com.github.benmanes.caffeine.HeadRef",
                            "com.github.benmanes.caffeine.HeadAndTailRef")),
            new Bug("rxjava-mpsc", "RxJava `MpscPaddedQueue`", "https://github.com/ReactiveX/RxJava/issues/1310",
                    Source.maven("com.netflix.rxjava:rxjava-core", "0.19.1", "0.19.4"),
                    LibraryQueueHandoff.class, "rxjava-mpsc", 20_000_000,
                    // the producers' tail is the value the queue inherits from AtomicReference
                    List.of(ATOMIC + "AtomicReference::value", "rx.internal.util.MpscPaddedQueue::tail"),
                    List.of("rx.internal.util.MpscPaddedQueue", "rx.internal.util.MpscLinkedQueue",
                            ATOMIC + "AtomicReference")),
            new Bug("jetty-baq", "Jetty `BlockingArrayQueue`",
                    "https://github.com/jetty/jetty.project/commit/1737669df49f486761be7fe77e73722697fa7fd3",
                    Source.maven("org.eclipse.jetty:jetty-util", "9.0.0.M5", "9.0.0.RC0"),
                    LibraryQueueHandoff.class, "jetty-baq", 5_000_000,
                    // eight longs were meant to part them, but HotSpot lays the longs out first and the ints together
                    List.of("org.eclipse.jetty.util.BlockingArrayQueue::_head",
                            "org.eclipse.jetty.util.BlockingArrayQueue::_tail"),
                    List.of("org.eclipse.jetty.util.BlockingArrayQueue")),
            new Bug("jboss-eqe", "jboss-threads `EnhancedQueueExecutor`",
                    "https://github.com/jboss/jboss-threads/commit/9e4b966155aa32bfb58869b5493272ecd1bbe1ec",
                    Source.maven("org.jboss.threads:jboss-threads", "2.4.0.Final", "3.0.0.Final",
                            JBOSS_RUNTIME_LOGGING, JBOSS_RUNTIME_COMMON),
                    ExecutorHandoff.class, "jboss-eqe", 10_000_000,
                    List.of("org.jboss.threads.EnhancedQueueExecutor::head",
                            "org.jboss.threads.EnhancedQueueExecutor::tail"),
                    List.of("org.jboss.threads.EnhancedQueueExecutor")),
            new Bug("caffeine-ring", "Caffeine `BoundedBuffer$RingBuffer` counters",
                    "https://github.com/ben-manes/caffeine/commit/be221139d54a6ef1217bbac4cd50df5eb0e5fb23",
                    Source.maven(CAFFEINE, "1.0.1", "1.1.0"), CacheReads.class, "reads", 4_000_000,
                    // the read and write counters are two AtomicLongs, allocated one after the other
                    List.of(ATOMIC + "AtomicLong::value"),
                    List.of(CAFFEINE_CACHE + "BoundedBuffer", CAFFEINE_CACHE + "ReadCounterRef",
                            CAFFEINE_CACHE + "ReadAndWriteCounterRef", ATOMIC + "AtomicLong")),
            new Bug("caffeine-drain", "Caffeine `BoundedLocalCache.drainStatus`",
                    "https://github.com/ben-manes/caffeine/commit/d11df1aefd2be1ad72fbac4ce3405f877df18452",
                    Source.maven(CAFFEINE, "1.1.0", "1.2.0"), CacheReads.class, "reads-writes", 4_000_000,
                    // the status is an AtomicReference allocated just before the cache's hash map
                    List.of(ATOMIC + "AtomicReference::value", "java.util.concurrent.ConcurrentHashMap::table"),
                    List.of(CAFFEINE_CACHE + "BoundedLocalCache", CAFFEINE_CACHE + "BLCHeader")),
            new Bug("fjp-workqueue", "JDK `ForkJoinPool$WorkQueue`", "https://openjdk.org/jeps/142", Source.jdk(),
                    ExecutorHandoff.class, "fork-join", 10_000_000,
                    List.of("java.util.concurrent.ForkJoinPool$WorkQueue::base",
                            "java.util.concurrent.ForkJoinPool$WorkQueue::top"),
                    List.of("java.util.concurrent.ForkJoinPool$WorkQueue")),
            new Bug("chm-countercell", "JDK `ConcurrentHashMap$CounterCell`", "https://openjdk.org/jeps/142",
                    Source.jdk(), MapCounts.class, "chm", 10_000_000,
                    List.of("java.util.concurrent.ConcurrentHashMap$CounterCell::value"),
                    List.of("java.util.concurrent.ConcurrentHashMap$CounterCell")));

    private Corpus() {
    }

    /** The bug named {@code id}. */
    public static Bug bug(String id) {
        return BUGS.stream().filter(b -> b.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no bug '" + id + "' in the corpus ("
                        + BUGS.stream().map(Bug::id).collect(Collectors.joining(", ")) + ")"));
    }
}
