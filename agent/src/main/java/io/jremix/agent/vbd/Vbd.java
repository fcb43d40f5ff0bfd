package io.jremix.agent.vbd;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;

import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.feature.JremixVersion;
import io.jremix.agent.feature.ReportFile;
import io.jremix.core.CodeOwner;
import io.jremix.probe.vbd.VolatileArrays;
import io.jremix.probe.vbd.VolatileFields;
import io.jremix.report.vbd.VbdJsonReport;
import io.jremix.report.vbd.VbdRun;
import io.jremix.report.vbd.VbdTextReport;

import static io.jremix.options.VolatileByDefaultOptions.RELAXED;
import static io.jremix.options.VolatileByDefaultOptions.REPORT;
import static io.jremix.options.VolatileByDefaultOptions.VERBOSE;

/** Starts volatile-by-default: counts what loaded before it, installs the transformer, reports at exit. */
public final class Vbd {
    private Vbd() {
    }

    /**
     * Classes loaded before this (the JDK's core, not jremix's own) are not rewritten: they are counted, and the
     * program's accesses to their fields stay plain.
     */
    public static void start(Instrumentation inst, VbdOptions options, AgentLog log) {
        VbdRewriter rewriter = new VbdRewriter(options.relaxed());
        int before = 0;
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (!c.isArray() && !c.isPrimitive() && !c.getName().startsWith("io.jremix.")) {
                before++;
                if (CodeOwner.isJdk(c)) {
                    rewriter.jdkClass(c.getName().replace('.', '/'));
                }
            }
        }
        VbdStats stats = new VbdStats(before);
        VolatileFields.jdkClasses(CodeOwner::isJdk);
        warmUp(rewriter);
        inst.addTransformer(new VbdTransformer(rewriter, stats, inst, log, VolatileArrays.class.getModule()), false);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> report(stats, options, log), "jremix-vbd-report"));
    }

    private static void report(VbdStats stats, VbdOptions options, AgentLog log) {
        Path relaxedFile = options.get(RELAXED);
        VbdRun run = stats.run(relaxedFile == null ? null : relaxedFile.toString());
        VbdTextReport.lines(run, options.get(VERBOSE)).forEach(log::info);
        if (options.get(REPORT) != null) {
            ReportFile.write(options.get(REPORT), VbdJsonReport.document(run, JremixVersion.current()), log);
        }
    }

    /**
     * Loads the rewriter's own classes (ASM's among them) now, so the first class the program loads does not make
     * the transformer load classes in the middle of its definition.
     */
    private static void warmUp(VbdRewriter rewriter) {
        try (InputStream in = Vbd.class.getResourceAsStream("VbdStats.class")) {
            rewriter.rewrite(in.readAllBytes());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the agent's own classes", e);
        }
    }
}
