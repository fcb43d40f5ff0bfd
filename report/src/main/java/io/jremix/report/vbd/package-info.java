/** What volatile-by-default rewrote and left relaxed, as text at exit and as a JSON report. */
package io.jremix.report.vbd;
