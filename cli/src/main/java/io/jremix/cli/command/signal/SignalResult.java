package io.jremix.cli.command.signal;

/** What one mechanism measured with a number of pairs, all pairs' samples together. */
record SignalResult(Mechanism mechanism, int pairs, LatencyStats callCost, LatencyStats wakeup, LatencyStats wakeupFromSend) {
}
