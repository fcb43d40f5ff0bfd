package io.jremix.agent.jmx;

/**
 * One moment on both clocks, read when an attribute is: turns the {@link System#nanoTime()} stamps the analyses keep
 * into the wall-clock milliseconds a JMX client can show.
 */
record WallClock(long epochMillis, long nanos) {
    static WallClock now() {
        return new WallClock(System.currentTimeMillis(), System.nanoTime());
    }

    long epochMillis(long nanoTime) {
        return epochMillis - Math.floorDiv(nanos - nanoTime, 1_000_000L);
    }
}
