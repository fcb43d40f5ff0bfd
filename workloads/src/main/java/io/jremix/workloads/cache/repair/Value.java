package io.jremix.workloads.cache.repair;

/** The hot field of {@link PaddedSequence}, between {@link LhsPadding} and {@link RhsPadding}. */
abstract class Value extends LhsPadding {
    volatile long value;
}
