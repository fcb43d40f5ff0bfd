package io.jremix.agent.park;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class ParkFramesTest {
    @Test
    void framesNameTheirClassesLoaderAndModule() {
        List<String> frames = new ArrayList<>();
        new ArrayList<>(List.of(1)).forEach(x -> frames.addAll(ParkProfiler.framesBelow(ParkProfiler.class.getName())));

        assertTrue(frames.get(0).startsWith("app//" + ParkFramesTest.class.getName() + ".lambda$"), frames.toString());
        assertTrue(frames.get(1).startsWith("java.base/java.util.ArrayList.forEach(ArrayList.java:"), frames.toString());
        assertTrue(frames.get(2).startsWith("app//" + ParkFramesTest.class.getName() + ".frames"), frames.toString());
    }
}
