/**
 * One self-contained HTML page per report, rendered from the report's JSON document: no network, no external
 * scripts or fonts. A page per feature ({@code CacheHtml}, {@code ParkHtml}, {@code VbdHtml}) over a shared page
 * frame and sortable table.
 */
package io.jremix.report.html;
