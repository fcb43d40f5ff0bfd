package io.jremix.cli.command.signal;

import java.util.Locale;
import java.util.function.Supplier;

/** The signalling mechanisms compared, by the names used on the command line and in results. */
enum Mechanism {
    NOTIFY(NotifyChannel::new),
    CONDITION(ConditionChannel::new),
    UNPARK(UnparkChannel::new),
    SPIN(SpinChannel::new);

    private final Supplier<WakeupChannel> channels;

    Mechanism(Supplier<WakeupChannel> channels) {
        this.channels = channels;
    }

    WakeupChannel newChannel() {
        return channels.get();
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Mechanism of(String label) {
        for (Mechanism m : values()) {
            if (m.label().equals(label)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown mechanism '" + label + "' (notify, condition, unpark, spin)");
    }
}
