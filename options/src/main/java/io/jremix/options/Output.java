package io.jremix.options;

import java.nio.file.Path;

/**
 * A file a run writes.
 *
 * @param option the option that names it, as typed ({@code -XX:REMIXReport=out.json}), for messages about it
 * @param file   the file, absolute
 * @param note   why the run writes it, where the option does not say so itself; empty otherwise
 */
public record Output(String option, Path file, String note) {
}
