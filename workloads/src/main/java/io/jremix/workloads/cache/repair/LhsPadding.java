package io.jremix.workloads.cache.repair;

/** The padding before {@link Value#value}: superclass fields are laid out first, so these 56 bytes come before it. */
abstract class LhsPadding extends AbstractSequence {
    long p1, p2, p3, p4, p5, p6, p7;
}
