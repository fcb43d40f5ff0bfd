package io.jremix.e2e.park;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * A program that waits for connections of a real pool: {@code threads} threads share a HikariCP pool of 3
 * connections to an in-memory H2 database, each taking a connection {@code rounds} times from {@link #find} or
 * {@link #save} and holding it for a millisecond, so that most of them wait inside HikariCP, which is a library
 * here (its jar), while this class, from a directory, is the program.
 */
public final class PooledOrders {
    private PooledOrders() {
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:h2:mem:orders;DB_CLOSE_DELAY=-1");
        config.setMaximumPoolSize(3);
        config.setMinimumIdle(3);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
                s.execute("create table orders(id int primary key)");
            }
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                Thread w = new Thread(() -> serve(pool, id, rounds), "orders-" + t);
                workers.add(w);
                w.start();
            }
            for (Thread w : workers) {
                w.join();
            }
        }
        System.out.println("served " + threads * rounds);
    }

    private static void serve(HikariDataSource pool, int id, int rounds) {
        try {
            for (int i = 0; i < rounds; i++) {
                if (i % 4 == 0) {
                    save(pool, id * rounds + i);
                } else {
                    find(pool, id);
                }
            }
        } catch (SQLException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    static void find(HikariDataSource pool, int id) throws SQLException, InterruptedException {
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            s.executeQuery("select count(*) from orders where id = " + id).close();
            Thread.sleep(1);
        }
    }

    static void save(HikariDataSource pool, int id) throws SQLException, InterruptedException {
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("insert into orders values (" + id + ")");
            Thread.sleep(1);
        }
    }
}
