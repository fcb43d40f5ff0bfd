/** The one annotation a program needs to opt code out of jremix's volatile-by-default mode. */
package io.jremix.relaxed;
