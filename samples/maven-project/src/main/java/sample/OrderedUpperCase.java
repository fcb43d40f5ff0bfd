package sample;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.jremix.relaxed.Relaxed;
import io.jremix.scheduler.OrderedScheduler;

/**
 * Upper-cases its arguments in parallel and prints them in their order, with the ordered scheduler. Under
 * {@code bin/jremix -XX:+VBD} every field access becomes volatile, but for the one marked {@code @Relaxed}: a count
 * only this class's main thread reads after the pool has ended.
 */
public final class OrderedUpperCase {
    @Relaxed
    private static int printed;

    private OrderedUpperCase() {
    }

    public static void main(String[] args) throws InterruptedException {
        OrderedScheduler scheduler = new OrderedScheduler(64, (ticket, error) -> error.printStackTrace());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (String word : args) {
            long ticket = scheduler.acquire();
            pool.execute(() -> scheduler.run(ticket, () -> word.toUpperCase(), OrderedUpperCase::print));
        }
        scheduler.awaitDrained(10, TimeUnit.SECONDS);
        pool.shutdown();
        System.out.println(printed + " words");
    }

    private static void print(String word) { // one at a time, in ticket order
        System.out.println(word);
        printed++;
    }
}
