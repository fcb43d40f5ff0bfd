/**
 * What a person types. {@link io.jremix.cli.Main} is the launch plan behind {@code bin/jremix} and
 * {@code bin/jremix.cmd}: it reads jremix's arguments as {@code java} reads its own (options with values,
 * {@code --module=}, {@code @argfiles}, {@code -jar}), takes the jremix options out for the agent, and prints the
 * {@code java} command for the shell to run. The shells only run it, so the grammar lives, and is tested, here.
 * The commands it runs instead of a program are in {@link io.jremix.cli.command}.
 */
package io.jremix.cli;
