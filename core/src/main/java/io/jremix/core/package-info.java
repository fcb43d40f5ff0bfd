/** What every part of jremix shares: which classes are the JDK's, jremix's own, or the program's. */
package io.jremix.core;
