/** Renders results: REMIX-style text for stderr, and JSON files written atomically. Depends only on core. */
package io.jremix.report;
