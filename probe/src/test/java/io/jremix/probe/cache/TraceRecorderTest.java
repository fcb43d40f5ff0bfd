package io.jremix.probe.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The recording path, called as the probes call it: events for what it can name, nothing thrown for the rest. */
@ExtendWith(OpenGate.class) // the recording paths record only while the gate is open
class TraceRecorderTest {
    static final class Holder {
        long value;
    }

    private static final int FIELD_SITE = CacheSites.register(
            new CacheSite(CacheSite.Kind.FIELD, true, 8, "io/jremix/probe/cache/TraceRecorderTest$Holder", "value", "Test", "here"));
    private static final int ABSENT_STATIC_SITE = CacheSites.register(
            new CacheSite(CacheSite.Kind.STATIC, false, 8, "io/jremix/probe/cache/TraceRecorderTest$Holder", "absent",
                    "Test", "here"));
    private static final int ELEMENT_SITE = CacheSites.register(
            new CacheSite(CacheSite.Kind.ELEMENT, false, 0, null, null, "Test", "there"));
    private static final int NO_SITE = Integer.MAX_VALUE;

    /** The sites of the events {@code body} records on a thread of its own. */
    private static List<Integer> recordedBy(Runnable body) throws InterruptedException {
        AtomicReference<EventBuffer> buffer = new AtomicReference<>();
        Thread t = new Thread(() -> {
            body.run();
            EventBuffer b = EventBuffer.enter();
            buffer.set(b);
            if (b != null) {
                b.exit();
            }
        });
        t.start();
        t.join();
        List<Integer> sites = new ArrayList<>();
        buffer.get().drain((thread, time, address, offset, meta, type, site, epoch, caller) -> sites.add(site));
        return sites;
    }

    /** A site in JDK code: its first sample, then one in {@link CallerFrames#EVERY}, names the frame that called. */
    @Test
    void aSampleOfJdkCodeNamesTheFrameOutsideTheJdkThatCalledIt() throws InterruptedException {
        int jdkSite = CacheSites.register(new CacheSite(CacheSite.Kind.FIELD, true, 8,
                "io/jremix/probe/cache/TraceRecorderTest$Holder", "value", "java.util.Jdk", "jdk", true));
        AtomicReference<EventBuffer> buffer = new AtomicReference<>();
        Thread t = new Thread(() -> {
            for (int i = 0; i < CallerFrames.EVERY + 2; i++) { // the second is not JDK code: not counted
                TraceRecorder.field(new Holder(), i == 1 ? FIELD_SITE : jdkSite);
            }
            buffer.set(EventBuffer.enter());
            buffer.get().exit();
        });
        t.start();
        t.join();
        List<String> callers = new ArrayList<>();
        buffer.get().drain((thread, time, address, offset, meta, type, site, epoch, caller) ->
                callers.add(caller < 0 ? null : CallerFrames.frame(caller)));
        assertEquals(CallerFrames.EVERY + 2, callers.size());
        assertTrue(callers.get(0).startsWith("io.jremix.probe.cache.TraceRecorderTest.lambda$"), callers.get(0));
        assertEquals(callers.get(0), callers.get(CallerFrames.EVERY + 1), "the next JDK sample due");
        assertEquals(2, callers.stream().filter(Objects::nonNull).count(), "none for the others: " + callers);
    }

    @Test
    void nothingIsRecordedWhileTheGateIsShut() throws InterruptedException {
        ProbeGate.set(false);
        try {
            assertEquals(List.of(), recordedBy(() -> TraceRecorder.field(new Holder(), FIELD_SITE)));
        } finally {
            ProbeGate.set(true);
        }
    }

    @Test
    void fieldsAndElementsAreRecordedWithTheirSite() throws InterruptedException {
        assertEquals(List.of(FIELD_SITE, ELEMENT_SITE, ELEMENT_SITE), recordedBy(() -> {
            TraceRecorder.field(new Holder(), FIELD_SITE);
            TraceRecorder.element(new long[4], 3, ELEMENT_SITE);
            TraceRecorder.varHandle(MethodHandles.arrayElementVarHandle(int[].class), new int[2], 1, ELEMENT_SITE);
        }));
    }

    @Test
    void whatCannotBeNamedIsDroppedWithoutAThrow() throws InterruptedException {
        VarHandle view = MethodHandles.byteArrayViewVarHandle(int[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
        assertEquals(List.of(), recordedBy(() -> {
            TraceRecorder.field(null, FIELD_SITE);
            TraceRecorder.field(new Holder(), NO_SITE);
            TraceRecorder.element("not an array", 0, ELEMENT_SITE);
            TraceRecorder.element(new long[4], 4, ELEMENT_SITE);
            TraceRecorder.element(new long[4], -1, ELEMENT_SITE);
            TraceRecorder.staticField(Holder.class, ABSENT_STATIC_SITE); // no field of that name
            TraceRecorder.unsafe(null, 16, FIELD_SITE);
            TraceRecorder.unsafe(new Holder(), -8, FIELD_SITE);
            TraceRecorder.varHandle(view, new byte[8], 0, ELEMENT_SITE);
            TraceRecorder.varHandle(null, null, 0, ELEMENT_SITE);
        }));
    }
}
