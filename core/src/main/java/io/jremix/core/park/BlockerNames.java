package io.jremix.core.park;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.jremix.core.ClassNames;

/**
 * Names a park blocker the way the program's author knows it. A thread blocked in {@code lock.lock()} parks on
 * the lock's internal {@code ReentrantLock$NonfairSync}, one in {@code latch.await()} on a
 * {@code CountDownLatch$Sync}, one in {@code queue.take()} on an {@code AbstractQueuedSynchronizer$ConditionObject}:
 * the blocker's class alone reads like JDK internals. These functions turn the blocker's class and the stack of its
 * first park into the synchronizer the program used and the program's own frame that used it.
 *
 * <p>Both read a stack as report text (see {@link FrameText}), innermost frame first, from any JDK from 17 on:
 * the frames between {@code LockSupport.park} and the synchronizer's public method differ between releases
 * ({@code AbstractQueuedSynchronizer.acquire} overloads, {@code ForkJoinPool.managedBlock} around condition
 * waits) and are skipped as a group rather than matched one by one.
 */
public final class BlockerNames {
    private static final String LOCKS = "java.util.concurrent.locks.";
    private static final Set<String> MANAGED_BLOCK = Set.of("managedBlock", "unmanagedBlock", "compensatedBlock");
    /** How the names of the threads jremix starts in the program begin. */
    private static final String JREMIX_THREADS = "jremix-";

    private BlockerNames() {
    }

    /**
     * The synchronizer the program used: {@code "ReentrantLock"}, {@code "ReentrantLock (fair)"},
     * {@code "ReentrantReadWriteLock (write)"}, {@code "Semaphore"}, {@code "CountDownLatch"},
     * {@code "Condition of LinkedBlockingQueue"} (a JDK class waiting on its own condition), {@code "Condition"}
     * (the program awaiting a {@code Condition} itself: which lock it belongs to is not in the class or the stack),
     * and for any other blocker its outermost class's simple name ({@code "FutureTask"},
     * {@code "SynchronousQueue"} for {@code SynchronousQueue$TransferStack}, {@code "ForkJoinPool"}).
     *
     * @param blockerClass binary name of the park blocker's class
     * @param stack        the first park's frames, innermost first; may be empty (then read/write and the
     *                     condition's owner are not known)
     */
    public static String synchronizer(String blockerClass, List<String> stack) {
        String simple = FrameText.simpleName(blockerClass);
        int firstDollar = simple.indexOf('$');
        String outer = firstDollar < 0 ? simple : simple.substring(0, firstDollar);
        String nested = simple.substring(simple.lastIndexOf('$') + 1);
        FrameText entry = entry(FrameText.parse(stack));
        if (firstDollar >= 0 && nested.equals("ConditionObject") && blockerClass.startsWith(LOCKS + "AbstractQueued")) {
            return entry != null && entry.isJdk() ? "Condition of " + entry.simpleName() : "Condition";
        }
        if (firstDollar < 0 || !nested.endsWith("Sync")) {
            return outer;
        }
        List<String> traits = new ArrayList<>();
        if (nested.equals("FairSync")) {
            traits.add("fair");
        }
        if (entry != null && entry.className().endsWith("$ReadLock")) {
            traits.add("read");
        } else if (entry != null && entry.className().endsWith("$WriteLock")) {
            traits.add("write");
        }
        return traits.isEmpty() ? outer : outer + " (" + String.join(", ", traits) + ")";
    }

    /**
     * The first frame of the program itself: neither the JDK's code (by its loader and module, see
     * {@link io.jremix.core.CodeOwner}), nor jremix's runtime (its agent, probes, analyses and reports; jremix's
     * workloads and tests count as programs), nor a library's ({@link io.jremix.core.ProgramCode}: the frames
     * {@link #via} which the program reached the blocker). Without one, as for a library's own pool thread, the
     * first library frame. Empty when every frame is the JDK's, as for an idle pool thread of the JDK's.
     */
    public static Optional<String> userFrame(List<String> stack) {
        String library = null;
        for (String frame : stack) {
            FrameText f = FrameText.parse(frame);
            if (f.isProgram()) {
                return Optional.of(frame);
            }
            if (library == null && f.isUser()) {
                library = frame;
            }
        }
        return Optional.ofNullable(library);
    }

    /**
     * The library frames between the blocker and the program's frame ({@link #userFrame}), innermost first: the
     * context of a wait the program asked a library for. Empty when the program called the JDK directly, or when
     * no frame is the program's (then the library's own frame is the site).
     */
    public static List<String> via(List<String> stack) {
        List<String> out = new ArrayList<>();
        for (String frame : stack) {
            FrameText f = FrameText.parse(frame);
            if (f.isProgram()) {
                return out;
            }
            if (f.isLibrary()) {
                out.add(frame);
            }
        }
        return List.of();
    }

    /**
     * Whether a park's stack, walked outwards, can end at this frame and its caller and still say where the
     * program waited: the program's own frame, unless it is a queue's (a subclass of a JDK queue, such as
     * Tomcat's {@code TaskQueue}) or a library's lock waiting (Jetty's {@code AutoLock}), whose caller, a consumer
     * or a pool's loop, says what the wait is ({@link WaitKind}).
     */
    public static boolean endsSite(String frame) {
        FrameText f = FrameText.parse(frame);
        return f.isProgram() && !WaitKind.isPlumbing(f);
    }

    /**
     * Where a stack without any frame of the program's ends (with its caller), as {@link #endsSite} says it for a
     * library's frame too: a library's own thread, such as a pool's worker waiting for work.
     */
    public static boolean endsLibrarySite(String frame) {
        FrameText f = FrameText.parse(frame);
        return f.isUser() && !WaitKind.isPlumbing(f);
    }

    /**
     * The frame that called into the blocking machinery (see {@link #entry}), as text: where a JDK-only stack,
     * such as a pool thread's, waited. Empty if every frame is machinery.
     */
    public static Optional<String> entryFrame(List<String> stack) {
        for (String frame : stack) {
            if (!isMachinery(FrameText.parse(frame))) {
                return Optional.of(frame);
            }
        }
        return Optional.empty();
    }

    /**
     * Whether a class is jremix's own code running inside the program (its agent, probes, analyses and reports,
     * not its workloads): blocking there is jremix's overhead, not the program's contention.
     */
    public static boolean isJremixRuntime(String className) {
        return ClassNames.isJremixRuntime(className);
    }

    /**
     * Whether a thread blocked for jremix rather than for the program: it is one of jremix's threads (all named
     * {@value #JREMIX_THREADS}...), the innermost frame that is not the JDK's is jremix's (the agent starting in
     * {@code main}, a probe on a program thread), or the innermost frame below {@code Object.wait} is JFR's, which
     * streams for the park profiler.
     *
     * @param innermost        the class of the innermost frame that is not {@code java.lang.Object}'s; null if none
     * @param innermostNonJdk  the class of the innermost frame that is not the JDK's; null if none
     */
    public static boolean isProfilerOverhead(String threadName, String innermost, String innermostNonJdk) {
        return threadName != null && threadName.startsWith(JREMIX_THREADS)
                || innermost != null && innermost.startsWith("jdk.jfr.")
                || innermostNonJdk != null && isJremixRuntime(innermostNonJdk);
    }

    /**
     * Whether a park was jremix's rather than the program's, by the rule of {@link #isProfilerOverhead(String,
     * String, String)} read from a park's stack: its innermost frame is the one that called into the parking
     * machinery ({@link #entryFrame}), JFR's when the monitor profiler's stream waits.
     *
     * @param stack the park's frames, innermost first
     */
    public static boolean isProfilerOverhead(String threadName, List<String> stack) {
        String entry = null;
        for (String frame : stack) { // a report asks for every site: parse no further than the program's first frame
            FrameText f = FrameText.parse(frame);
            if (entry == null && !isMachinery(f)) {
                entry = f.className();
            }
            if (!f.isJdk() || f.isJremixRuntime()) {
                return isProfilerOverhead(threadName, entry, f.className());
            }
        }
        return isProfilerOverhead(threadName, entry, null);
    }

    /**
     * The frame that called into the blocking machinery: the first one, from the innermost, that is not part of
     * parking itself ({@code Unsafe}, {@code LockSupport}, {@code Object.wait}, virtual-thread parking), of the
     * queued-synchronizer framework ({@code AbstractQueued(Long)Synchronizer} and its nested classes, the JDK's
     * {@code *Sync} classes, {@code ForkJoinPool.managedBlock}) or of jremix's hooks. {@code null} if there is none.
     */
    static FrameText entry(List<FrameText> frames) {
        for (FrameText f : frames) {
            if (!isMachinery(f)) {
                return f;
            }
        }
        return null;
    }

    static boolean isMachinery(FrameText f) {
        String c = f.className();
        return f.isJremixRuntime()
                || c.equals("jdk.internal.misc.Unsafe") || c.equals("sun.misc.Unsafe")
                || c.equals("java.lang.Object")
                || c.equals("java.lang.VirtualThread") || c.startsWith("jdk.internal.vm.Continuation")
                || c.equals(LOCKS + "LockSupport")
                || c.startsWith(LOCKS + "AbstractQueued")
                || (c.equals("java.util.concurrent.ForkJoinPool") && MANAGED_BLOCK.contains(f.method()))
                || (f.isJdk() && c.indexOf('$') >= 0 && c.endsWith("Sync"));
    }
}
