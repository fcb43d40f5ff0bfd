/** The jremix options: parsed from the agent argument string, validated before the program starts. */
package io.jremix.agent.options;
