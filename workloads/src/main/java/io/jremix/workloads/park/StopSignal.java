package io.jremix.workloads.park;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * A {@code stop} line on stdin, read by a daemon thread: lets a test end a long run once it has looked at it.
 * The end of stdin is not a stop, so a run with stdin closed or empty runs its full length.
 */
public final class StopSignal {
    private final CountDownLatch stopped = new CountDownLatch(1);

    private StopSignal() {
    }

    public static StopSignal onStdin() {
        StopSignal s = new StopSignal();
        Thread reader = new Thread(s::read, "stop-signal");
        reader.setDaemon(true);
        reader.start();
        return s;
    }

    private void read() {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.trim().equals("stop")) {
                    stopped.countDown();
                    return;
                }
            }
        } catch (IOException e) {
            // no stdin: only the run's own length ends it
        }
    }

    public boolean requested() {
        return stopped.getCount() == 0;
    }

    void await() throws InterruptedException {
        stopped.await();
    }
}
