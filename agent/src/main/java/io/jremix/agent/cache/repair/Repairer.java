package io.jremix.agent.cache.repair;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import javax.management.JMException;

import io.jremix.agent.AgentLog;
import io.jremix.agent.ModuleAccess;
import io.jremix.agent.cache.CacheOptions;
import io.jremix.agent.cache.FieldLayouts;
import io.jremix.core.Counted;
import io.jremix.core.cache.Finding;
import io.jremix.core.cache.repair.PaddedClass;
import io.jremix.core.cache.repair.RepairAdvice;
import io.jremix.core.cache.repair.RepairPlanner;
import io.jremix.core.jvm.JvmDescription;
import io.jremix.report.AtomicFiles;
import io.jremix.report.cache.ObjectLayout;
import io.jremix.report.cache.RepairProfile;
import io.jremix.report.cache.RepairReport;

/**
 * Repairs false sharing by padding classes when they load: those of the profile from their first instance, and,
 * online, those found falsely shared before they loaded. At exit it merges this run's findings into the profile
 * (when detection ran) and says what it did and what to do about the rest.
 */
public final class Repairer {
    private final Instrumentation inst;
    private final CacheOptions options;
    private final AgentLog log;
    private final ContendedTransformer transformer;
    private final List<String> profileNotes = new ArrayList<>();
    /** The profile as read, or {@code null} if there is none or it could not be used (then it is never overwritten). */
    private RepairProfile profile;
    /** Made with the first findings: a run that only pads never reads field layouts while the program runs. */
    private RepairPlanner planner;

    private Repairer(Instrumentation inst, CacheOptions options, AgentLog log) {
        this.inst = inst;
        this.options = options;
        this.log = log;
        this.transformer = new ContendedTransformer(options.padJdkClasses());
    }

    /** Reads the profile and, if padding is asked for, installs the transformer that pads at load. */
    public static Repairer start(Instrumentation inst, CacheOptions options, AgentLog log) {
        Repairer r = new Repairer(inst, options, log);
        r.readProfile();
        if (options.repair()) {
            if (!JvmDescription.current().contendedRestricted().equals(Optional.of(false))) {
                log.info("padding needs -XX:-RestrictContended on the java command line (bin/jremix adds it);"
                        + " this run pads nothing");
            } else {
                if (r.profile != null) {
                    r.profile.classes().forEach(p -> r.transformer.plan(p, "profile"));
                }
                inst.addTransformer(r.transformer, false);
                r.noteLoadedBeforeStart();
            }
        }
        return r;
    }

    /** A class of the profile defined before the transformer came keeps its layout (a JDK class, often): say so. */
    private void noteLoadedBeforeStart() {
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (transformer.planned(c.getName()) && !ContendedTransformer.padded(c)) {
                profileNotes.add("could not pad " + c.getName() + ": it had loaded before jremix started");
            }
        }
    }

    private void readProfile() {
        Path file = options.profile();
        if (file == null) {
            return;
        }
        try {
            profile = RepairProfile.read(file);
            log.verbose("Profile " + file + ": " + profile.entries().size() + " classes to pad.");
        } catch (RepairProfile.UnusableProfileException e) {
            log.info("ignoring profile " + file + ": " + e.getMessage());
            profileNotes.add("ignored (" + e.getMessage() + "), left unchanged");
        }
    }

    /**
     * Called with the findings while detection runs: plans padding for their classes. It takes effect for classes
     * that load from now on, including new copies of a loaded class in other class loaders; a class already
     * defined keeps its layout.
     */
    public void found(List<Finding> findings) {
        if (options.mode() != CacheOptions.Mode.ONLINE) {
            return;
        }
        for (PaddedClass p : planner().plan(findings)) {
            if (!transformer.planned(p.className())) {
                transformer.plan(p, "online");
                log.verbose("Will pad " + p.className() + " " + p.groups() + " in every class loader that loads it from now on.");
            }
        }
    }

    private RepairPlanner planner() {
        if (planner == null) {
            planner = new RepairPlanner(new FieldLayouts(), options.padJdkClasses());
        }
        return planner;
    }

    /** The report of a run that pads without detecting, at exit: what was padded, and what it cost. */
    public RepairReport finish() {
        return finish(List.of(), false, null, true);
    }

    /**
     * The report: at exit, or when a re-armed detection window closes. Updates the profile with the findings of this
     * run if {@code learn} (at exit, and when an attached detection's window closes), each with its class's layout.
     * Each padded class comes with its layout before (the profile's, or detection's of an unpadded copy) and after,
     * and at exit with its live instances.
     *
     * @param findings this run's findings, empty when detection did not run
     * @param layouts  the layouts detection knows by class name; {@code null}: no layouts
     * @param atExit   whether the JVM is exiting: only then are live instances counted (a full collection)
     */
    public RepairReport finish(List<Finding> findings, boolean learn, Function<String, ObjectLayout> layouts,
                               boolean atExit) {
        List<String> notes = new ArrayList<>();
        List<String> profileNote = new ArrayList<>(profileNotes);
        Function<String, ObjectLayout> unpadded = layouts == null ? name -> null : name -> {
            ObjectLayout l = layouts.apply(name);
            return l == null || l.hasField(ContendedTransformer.TAIL_FIELD) ? null : l;
        };
        Map<String, ContendedTransformer.Padded> byName = transformer.padded();
        PaddedCopies copies = paddedCopies(byName.values());
        Map<String, Long> live = atExit && options.countLive() ? liveInstances(copies, notes) : Map.of();
        List<RepairReport.Padded> padded = new ArrayList<>();
        byName.forEach((name, p) -> {
            String className = p.plan().className();
            ObjectLayout before = profile == null ? null : profile.layout(className);
            padded.add(new RepairReport.Padded(className, p.plan().groups(), p.source(), p.missingFields(),
                    before != null ? before : unpadded.apply(className), copies.after().get(className),
                    live.get(className)));
        });
        transformer.failed().forEach(f -> notes.add("could not pad " + f));
        transformer.jdkLeftAlone().forEach(c -> notes.add("did not pad " + c + ": a JDK class, and padding it would"
                + " grow every instance of it in the JVM (-XX:+REMIXPadJdkClasses pads it)"));
        List<RepairReport.Advice> advice = new ArrayList<>();
        for (Finding f : findings) {
            RepairAdvice.Status status = RepairAdvice.status(f,
                    transformer.padded().containsKey(f.className().replace('.', '/')), planner().onlyJdk(f));
            advice.add(new RepairReport.Advice(f.kind().key(), f.className(), f.location().name().toLowerCase(Locale.ROOT),
                    status.key(), RepairAdvice.advise(f, status, options.profile() != null)));
        }
        if (learn && profile != null) {
            List<PaddedClass> learned = planner().plan(findings);
            try {
                String updated = profile.merge(learned, unpadded, LocalDate.now().toString()).json();
                AtomicFiles.Written w = AtomicFiles.writeOrFallback(options.profile(), updated);
                profileNote.add((w.failure() == null ? "updated" : "could not be written ("
                        + AtomicFiles.reason(w.failure()) + "); wrote it to " + w.path() + " instead,") + " with "
                        + Counted.of(learned.size(), "class", "classes") + " found in this run");
            } catch (IOException e) {
                profileNote.add("could not be written (" + AtomicFiles.reason(e) + "), nor a copy in "
                        + System.getProperty("java.io.tmpdir"));
            }
        }
        return new RepairReport(padded, advice, options.profile() == null ? null : options.profile().toString(),
                profileNote, notes);
    }

    /**
     * The padded copies loaded: the layout of one copy of each padded class, and the loaded classes that are one or
     * extend one (padding a class grows its subclasses too), each with the padded class it counts towards.
     */
    private record PaddedCopies(Map<String, ObjectLayout> after, Map<String, CountedCopy> counted) {
    }

    /**
     * A loaded class counted towards {@code paddedClass}: its instances of at least {@code minBytes}, the bytes its
     * fields end at, more than an unpadded copy in another class loader takes.
     */
    private record CountedCopy(String paddedClass, long minBytes) {
    }

    private PaddedCopies paddedCopies(Collection<ContendedTransformer.Padded> padded) {
        Set<String> names = new HashSet<>();
        padded.forEach(p -> names.add(p.plan().className()));
        PaddedCopies copies = new PaddedCopies(new HashMap<>(), new HashMap<>());
        if (names.isEmpty()) {
            return copies;
        }
        try {
            ModuleAccess.open(inst); // field offsets come through jdk.internal.misc.Unsafe, in a run that only pads too
        } catch (RuntimeException | LinkageError e) {
            return copies;
        }
        int width = JvmDescription.current().contendedPaddingWidth().orElse(0);
        for (Class<?> c : inst.getAllLoadedClasses()) {
            Class<?> paddedClass = paddedAncestor(c, names);
            if (paddedClass != null) {
                try {
                    ObjectLayout layout = FieldLayouts.of(c);
                    copies.counted().putIfAbsent(c.getName(), new CountedCopy(paddedClass.getName(), layout.instanceBytes()));
                    if (c == paddedClass) {
                        copies.after().putIfAbsent(c.getName(), new ObjectLayout(layout.headerBytes(),
                                align(fieldsEnd(layout) + width), layout.fields()));
                    }
                } catch (RuntimeException | LinkageError e) {
                    // the report goes without this class
                }
            }
        }
        return copies;
    }

    /** Where the last field ends; HotSpot puts {@code ContendedPaddingWidth} bytes after it in a padded class. */
    private static int fieldsEnd(ObjectLayout layout) {
        return layout.fields().stream().mapToInt(f -> f.offset() + f.size()).max().orElse(layout.headerBytes());
    }

    /** Up to HotSpot's object alignment (8 bytes by default). */
    private static int align(int bytes) {
        return (bytes + 7) & ~7;
    }

    /** The padded class that {@code c} is or extends, as a padded copy; {@code null} if none. */
    private static Class<?> paddedAncestor(Class<?> c, Set<String> names) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (names.contains(k.getName()) && ContendedTransformer.padded(k)) {
                return k;
            }
        }
        return null;
    }

    /** The live instances of each padded class, its subclasses' included, from one class histogram. */
    private static Map<String, Long> liveInstances(PaddedCopies copies, List<String> notes) {
        Map<String, Long> live = new HashMap<>();
        if (copies.counted().isEmpty()) {
            return live;
        }
        try {
            Map<LiveInstances.Sized, Long> histogram = LiveInstances.count();
            copies.counted().values().forEach(c -> live.put(c.paddedClass(), 0L));
            histogram.forEach((sized, instances) -> {
                CountedCopy c = copies.counted().get(sized.className());
                if (c != null && sized.instanceBytes() >= c.minBytes()) {
                    live.merge(c.paddedClass(), instances, Long::sum);
                }
            });
        } catch (JMException | RuntimeException | LinkageError e) {
            notes.add("could not count the padded classes' live instances (" + e + ")");
        }
        return live;
    }
}
