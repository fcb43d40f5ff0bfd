package io.jremix.cli.command.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.jremix.options.SignalCommandOptions;

class MechanismTest {
    @Test
    void theSpecNamesEveryMechanismAndNoOther() {
        assertEquals(Arrays.stream(Mechanism.values()).map(Mechanism::label).toList(),
                SignalCommandOptions.MECHANISMS.defaultValue());
        assertEquals(SignalCommandOptions.MECHANISMS.defaultValue(),
                SignalCommandOptions.MECHANISMS.defaultValue().stream().map(Mechanism::of).map(Mechanism::label).toList());
    }
}
