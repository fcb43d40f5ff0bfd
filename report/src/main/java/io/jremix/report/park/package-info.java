/** Park contention's run, the J9 profiler's tables as text, and their JSON report. */
package io.jremix.report.park;
