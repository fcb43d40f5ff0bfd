/**
 * {@code bin/jremix doctor}: what this machine and JVM offer to jremix, one line per check with its consequence and a
 * fix hint (the seed's "REMIX: System tests passed", spelled out). Needs nothing from the agent; it lives in the agent
 * jar because {@code bin/jremix} always has that jar, and the jar already carries the JSON writer.
 */
package io.jremix.agent.doctor;
