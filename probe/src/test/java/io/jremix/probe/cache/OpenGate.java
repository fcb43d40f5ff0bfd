package io.jremix.probe.cache;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Opens the probe gate for a test class's tests, as a detection window does, and shuts it after them. */
final class OpenGate implements BeforeAllCallback, AfterAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
        ProbeGate.set(true);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        ProbeGate.set(false);
    }
}
