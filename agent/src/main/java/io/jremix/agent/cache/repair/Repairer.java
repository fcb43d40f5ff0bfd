package io.jremix.agent.cache.repair;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import io.jremix.agent.cache.CacheOptions;
import io.jremix.agent.cache.collect.FieldLayouts;
import io.jremix.agent.feature.AgentLog;
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

import static io.jremix.options.CacheContentionOptions.PAD_JDK_CLASSES;
import static io.jremix.options.CacheContentionOptions.PROFILE;
import static io.jremix.options.CacheContentionOptions.SKIP_LIVE_COUNT;

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
        this.transformer = new ContendedTransformer(options.get(PAD_JDK_CLASSES));
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
        Path file = options.get(PROFILE);
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
            planner = new RepairPlanner(new FieldLayouts(), options.get(PAD_JDK_CLASSES));
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
        Function<String, ObjectLayout> unpadded = layouts == null ? name -> null : name -> {
            ObjectLayout l = layouts.apply(name);
            return l == null || l.hasField(ContendedTransformer.TAIL_FIELD) ? null : l;
        };
        List<String> notes = new ArrayList<>();
        List<RepairReport.Padded> padded = padded(unpadded, atExit, notes);
        transformer.failed().forEach(f -> notes.add("could not pad " + f));
        transformer.jdkLeftAlone().forEach(c -> notes.add("did not pad " + c + ": a JDK class, and padding it would"
                + " grow every instance of it in the JVM (-XX:+REMIXPadJdkClasses pads it)"));
        List<String> profileNote = new ArrayList<>(profileNotes);
        if (learn && profile != null) {
            profileNote.add(learn(findings, unpadded));
        }
        return new RepairReport(padded, advice(findings), options.get(PROFILE) == null ? null
                : options.get(PROFILE).toString(), profileNote, notes);
    }

    /** Each class padded, with its layouts before and after and, at exit, its live instances. */
    private List<RepairReport.Padded> padded(Function<String, ObjectLayout> unpadded, boolean atExit,
                                             List<String> notes) {
        Map<String, ContendedTransformer.Padded> byName = transformer.padded();
        Set<String> names = new HashSet<>();
        byName.values().forEach(p -> names.add(p.plan().className()));
        PaddedCopies copies = PaddedCopies.of(inst, names);
        Map<String, Long> live = atExit && !options.get(SKIP_LIVE_COUNT) ? copies.liveInstances(notes) : Map.of();
        List<RepairReport.Padded> padded = new ArrayList<>();
        byName.forEach((name, p) -> {
            String className = p.plan().className();
            ObjectLayout before = profile == null ? null : profile.layout(className);
            padded.add(new RepairReport.Padded(className, p.plan().groups(), p.source(), p.missingFields(),
                    before != null ? before : unpadded.apply(className), copies.after(className),
                    live.get(className)));
        });
        return padded;
    }

    private List<RepairReport.Advice> advice(List<Finding> findings) {
        List<RepairReport.Advice> advice = new ArrayList<>();
        for (Finding f : findings) {
            RepairAdvice.Status status = RepairAdvice.status(f,
                    transformer.padded().containsKey(f.className().replace('.', '/')), planner().onlyJdk(f));
            advice.add(new RepairReport.Advice(f.kind().key(), f.className(), f.location().name().toLowerCase(Locale.ROOT),
                    status.key(), RepairAdvice.advise(f, status, options.get(PROFILE) != null)));
        }
        return advice;
    }

    /** Merges the findings into the profile and writes it: what became of it, in a line. */
    private String learn(List<Finding> findings, Function<String, ObjectLayout> unpadded) {
        List<PaddedClass> learned = planner().plan(findings);
        try {
            String updated = profile.merge(learned, unpadded, LocalDate.now().toString()).json();
            AtomicFiles.Written w = AtomicFiles.writeOrFallback(options.get(PROFILE), updated);
            return (w.failure() == null ? "updated" : "could not be written (" + AtomicFiles.reason(w.failure())
                    + "); wrote it to " + w.path() + " instead,") + " with "
                    + Counted.of(learned.size(), "class", "classes") + " found in this run";
        } catch (IOException e) {
            return "could not be written (" + AtomicFiles.reason(e) + "), nor a copy in "
                    + System.getProperty("java.io.tmpdir");
        }
    }
}
