/** Cache contention's run, REMIX-style text report, JSON report, object layouts and repair profile. */
package io.jremix.report.cache;
