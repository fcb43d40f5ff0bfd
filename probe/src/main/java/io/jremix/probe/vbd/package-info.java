/** Volatile array-element accesses that volatile-by-default ({@code -XX:+VBD}) code calls in place of xALOAD/xASTORE. */
package io.jremix.probe.vbd;
