package io.jremix.workloads.cache.repair;

/** The padding after {@link Value#value}: subclass fields are laid out after it, whatever the field ordering. */
abstract class RhsPadding extends Value {
    long p9, p10, p11, p12, p13, p14, p15;
}
