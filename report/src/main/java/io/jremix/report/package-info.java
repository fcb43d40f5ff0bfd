/**
 * Renders results: text for stderr, JSON files written atomically, and HTML pages made from the JSON; one
 * sub-package per feature, the JSON writer and atomic files here. Depends only on core.
 */
package io.jremix.report;
