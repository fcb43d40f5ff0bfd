package io.jremix.agent.cache.window;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which of the selected classes a re-armed window leaves out: those whose probes, in the last windows that probed
 * them, traced no access to a cache line that missed repeatedly (contention, not a one-time hand-off of data). A
 * window's cost is retransformation (compiled code that inlined a probed class is thrown away as the window opens
 * and again as it closes), and most of a service's hot classes never contend, so probing them again every window
 * buys nothing. After {@code k} such windows in a row a class skips the next 2<sup>k-1</sup>-1 windows, at most
 * {@code maxSkipped}: adaptive sampling in the spirit of LiteRace (PLDI 2009, https://doi.org/10.1145/1542476.1542491),
 * which samples a function less the more it has been sampled; per class here, because a class is what
 * retransformation works on, and only while it shows nothing. One quiet window skips nothing, so a window in which
 * the threads happened to share a core does not cost the next. A class that touched such a line starts afresh. One
 * that got no probes because one of its methods ran all window (a service's accept loop) counts as quiet too: while
 * that method runs, selecting it again buys only another stack dump per try. Only windows that probed a selection are
 * counted: one probing every class runs at start, while the program warms up, or when samples were too few. A
 * re-armed window that every selected class would sit out does not open, but counts as one sat out: windows here are
 * numbered by the periods they were due in.
 */
final class QuietClasses {
    /** Classes remembered at most: a program that keeps generating classes does not grow the map without bound. */
    static final int MAX_CLASSES = 4096;

    private final int maxSkipped;
    private final Map<String, BackOff> backOffs = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, BackOff> eldest) {
            return size() > MAX_CLASSES;
        }
    };

    /**
     * @param quietWindows windows in a row that traced the class without contention
     * @param nextWindow   the first window that may probe it again
     */
    private record BackOff(int quietWindows, int nextWindow) {
    }

    /** @param maxSkipped windows a quiet class skips at most; 0 never leaves a class out */
    QuietClasses(int maxSkipped) {
        this.maxSkipped = maxSkipped;
    }

    /** The selected classes that window number {@code window} probes, in their order. */
    Set<String> admit(Set<String> selected, int window) {
        Set<String> admitted = new LinkedHashSet<>(selected);
        admitted.removeIf(c -> {
            BackOff b = backOffs.get(c);
            return b != null && window < b.nextWindow;
        });
        return admitted;
    }

    /**
     * Accounts window number {@code window}, which has just closed.
     *
     * @param probed    classes that carried probes in it, or were selected but ran throughout
     * @param contended classes whose probes recorded an access to a line that missed in it
     */
    void closed(int window, Set<String> probed, Set<String> contended) {
        for (String c : probed) {
            if (contended.contains(c)) {
                backOffs.remove(c);
            } else {
                BackOff before = backOffs.remove(c); // re-inserted last: the eldest entries are the ones forgotten
                int quiet = before == null ? 1 : before.quietWindows + 1;
                backOffs.put(c, new BackOff(quiet, window + 1 + skipped(quiet)));
            }
        }
    }

    private int skipped(int quietWindows) {
        return quietWindows > 31 ? maxSkipped : Math.min(maxSkipped, (1 << (quietWindows - 1)) - 1);
    }
}
