package io.jremix.workloads.repair;

/** The hot field of {@link PaddedSequence}, between {@link LhsPadding} and {@link RhsPadding}. */
abstract class Value extends LhsPadding {
    volatile long value;
}
