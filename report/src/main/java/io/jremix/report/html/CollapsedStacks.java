package io.jremix.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stacks with a value each, in the text format async-profiler's {@code collapsed} output and FlameGraph's
 * {@code flamegraph.pl} share: a line per stack, its frames outermost first joined by {@code ;}, a space and the
 * value. The format has no escapes: a {@code ;} in a frame becomes {@code :} and a line break a space (a space is
 * fine: readers take the value after the last one).
 */
public final class CollapsedStacks {
    /** One stack, outermost frame first, and its value (for park time, microseconds). */
    public record Stack(List<String> frames, long value) {
        public Stack {
            frames = frames.stream().map(CollapsedStacks::frame).toList();
        }

        String line() {
            return String.join(";", frames) + " " + value;
        }
    }

    private static final Comparator<Stack> MOST_FIRST = Comparator.comparingLong(Stack::value).reversed()
            .thenComparing(s -> String.join(";", s.frames()));

    private CollapsedStacks() {
    }

    /** Equal stacks added up, those without a positive value left out, the largest value first, then by name. */
    public static List<Stack> merged(List<Stack> stacks) {
        Map<List<String>, Long> sums = new LinkedHashMap<>();
        for (Stack s : stacks) {
            sums.merge(s.frames(), s.value(), Long::sum);
        }
        List<Stack> out = new ArrayList<>();
        sums.forEach((frames, value) -> {
            if (value > 0) {
                out.add(new Stack(frames, value));
            }
        });
        out.sort(MOST_FIRST);
        return out;
    }

    /** The file's text: {@link #merged} stacks, a line each. */
    public static String text(List<Stack> stacks) {
        StringBuilder sb = new StringBuilder();
        for (Stack s : merged(stacks)) {
            sb.append(s.line()).append('\n');
        }
        return sb.toString();
    }

    private static String frame(String frame) {
        return frame.replace(';', ':').replace('\n', ' ').replace('\r', ' ');
    }
}
