/**
 * Cache-contention workloads with known answers: false and true sharing through fields, arrays, atomics, field
 * updaters, VarHandles and Unsafe, the controls that must stay silent, allocation churn that moves objects under a
 * running detection, and (in {@code repair}) classes padded by hand and their unpadded twins.
 */
package io.jremix.workloads.cache;
