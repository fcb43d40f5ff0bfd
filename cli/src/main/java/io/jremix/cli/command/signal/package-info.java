/** bin/jremix signal: what waking another thread costs the signaller, and how long the waiter takes to see it. */
package io.jremix.cli.command.signal;
