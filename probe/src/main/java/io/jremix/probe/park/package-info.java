/**
 * What the instrumented {@code java.util.concurrent.locks.LockSupport} calls around each park: hooks that pair a
 * thread's park with its return and hand both to the listener the agent installs. Depends on java.base only.
 */
package io.jremix.probe.park;
