/**
 * jremix's MBeans in the domain {@code io.jremix}: MXBeans whose attributes are open types (a JMX client needs no
 * jremix class to read them), computed when read from the same snapshots the reports take, and bounded to
 * {@link io.jremix.agent.jmx.JmxBeans#MAX_ROWS} rows. {@code docs/fleet.md} lists their names and types.
 */
package io.jremix.agent.jmx;
