/**
 * {@code bin/jremix doctor}: what this machine and JVM offer to jremix, one line per check with its consequence and a
 * fix hint (REMIX's "System tests passed", spelled out). It runs from the cli jar, never inside the program, and
 * reads the JVM through the same description the agent uses ({@link io.jremix.core.jvm.JvmDescription}).
 */
package io.jremix.cli.command.doctor;
