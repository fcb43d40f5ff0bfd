/** bin/jremix jit: CompileCommand helpers, one method's assembly through hsdis, and counts of locked instructions and fences. */
package io.jremix.cli.command.jit;
