/**
 * Park-contention statistics per park blocker and per {@code synchronized} monitor (the J9 thesis, sections 3.5 to
 * 3.7):
 * the record updated right before a thread parks (or blocks) and right after it returns, the immutable snapshot
 * with the derived metrics, the feed that turns out-of-order monitor intervals into those events, and the names
 * a program knows its synchronizers by. Nothing here knows about instrumentation; callers pass timestamps in.
 */
package io.jremix.core.park;
