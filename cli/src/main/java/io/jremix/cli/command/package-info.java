/**
 * The commands {@code bin/jremix} runs instead of a program, one {@code XxxCommand} class with a {@code main} per
 * word a person types: {@code --help}, {@code --version}, {@code dump}, {@code attach}, {@code report}, and in
 * sub-packages of their own the larger {@code doctor}, {@code jit} and {@code signal}. The launch plan
 * (the cli's {@code LaunchPlan}) picks one by the first argument; they run from the cli jar, never inside the
 * program.
 */
package io.jremix.cli.command;
