package io.jremix.agent.park;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;

import io.jremix.core.ProgramCode;
import io.jremix.core.park.BlockerNames;
import io.jremix.core.park.StackFrames;

/**
 * A park's site as report text: the thread's frames below the profiler's own, through the JDK's and the libraries'
 * frames ({@link ProgramCode}) up to the program's first frame that is not a queue's ({@link BlockerNames#endsSite})
 * and its caller, or at most {@value #MAX_FRAMES}. The caller tells apart the places that take a lock through one
 * helper of the program's; frames further out would mostly tell one place apart by how it was reached. A stack
 * with no frame of the program's (a library's pool thread waiting for work) ends at the first library frame that
 * is not a queue's, and its caller ({@link BlockerNames#endsLibrarySite}).
 *
 * <p>A server makes a new blocker per request (a {@code CompletableFuture}), and the first park on each walks the
 * stack. So a frame's text, with whether it ends a site, is worked out once per class, method name and line, what
 * the text shows of a frame besides its class, and then only looked up: the string, its interning and parsing were
 * most of a walk's cost. The name and line come from the frame's {@code StackTraceElement}, which the JVM fills in
 * one call; the method's descriptor would tell overloads apart too, but on JDK 22+ it resolves the parameter types
 * through the class's loader, which can load classes inside the program's park (and costs more than the rest).
 */
final class SiteFrames {
    private static final int MAX_FRAMES = 64;
    /** Made at start: a security manager the program installs later could refuse class references. */
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    /** Made when the profiler starts, off the program's park path: it looks up the main class's jar. */
    private static final ProgramCode PROGRAM = ProgramCode.ofThisJvm();
    /** Per class, its frames by method and line; a {@link ClassValue} does not keep the class from unloading. */
    private static final ClassValue<Map<FrameKey, Frame>> FRAMES = new ClassValue<>() {
        @Override
        protected Map<FrameKey, Frame> computeValue(Class<?> c) {
            return new ConcurrentHashMap<>();
        }
    };

    private record FrameKey(String method, int line) {
    }

    /** A frame's text, shared by every site it is in, and whether a site ends there, or without the program's. */
    private record Frame(String text, boolean endsSite, boolean endsLibrarySite) {
        static Frame of(StackWalker.StackFrame f) {
            // equal sites then compare their frames by identity first
            String text = (StackFrames.text(f) + PROGRAM.markOf(f.getDeclaringClass())).intern();
            return new Frame(text, BlockerNames.endsSite(text), BlockerNames.endsLibrarySite(text));
        }
    }

    private final Class<?> top;
    /** Made once: the walk runs on every new blocker's first park. */
    private final Function<Stream<StackWalker.StackFrame>, List<String>> collect = s -> collect(s.iterator());

    /** @param top the class whose first run of frames the site is below: the hooks, or in a test the walker itself */
    SiteFrames(Class<?> top) {
        this.top = top;
    }

    /** This thread's site, from the frame below the first run of {@code top}'s frames. */
    List<String> walk() {
        return WALKER.walk(collect);
    }

    private List<String> collect(Iterator<StackWalker.StackFrame> it) {
        boolean inTop = false;
        while (it.hasNext()) {
            StackWalker.StackFrame f = it.next();
            boolean isTop = f.getDeclaringClass() == top;
            if (inTop && !isTop) {
                return site(f, it);
            }
            inTop = isTop;
        }
        return List.of();
    }

    private static List<String> site(StackWalker.StackFrame first, Iterator<StackWalker.StackFrame> rest) {
        List<String> out = new ArrayList<>();
        int program = -1;
        int library = -1;
        for (StackWalker.StackFrame f = first; f != null && out.size() < MAX_FRAMES
                && (program < 0 || out.size() <= program + 1); f = rest.hasNext() ? rest.next() : null) {
            Frame frame = frame(f);
            if (program < 0 && frame.endsSite()) {
                program = out.size();
            }
            if (library < 0 && frame.endsLibrarySite()) {
                library = out.size();
            }
            out.add(frame.text());
        }
        return List.copyOf(program < 0 && library >= 0 ? out.subList(0, Math.min(out.size(), library + 2)) : out);
    }

    private static Frame frame(StackWalker.StackFrame f) {
        Map<FrameKey, Frame> known = FRAMES.get(f.getDeclaringClass());
        StackTraceElement e = f.toStackTraceElement();
        FrameKey key = new FrameKey(e.getMethodName(), e.getLineNumber());
        Frame frame = known.get(key);
        if (frame == null) {
            frame = Frame.of(f);
            known.putIfAbsent(key, frame);
        }
        return frame;
    }
}
