package io.jremix.agent.vbd;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;

import io.jremix.agent.feature.AgentLog;
import io.jremix.core.ClassNames;
import io.jremix.core.CodeOwner;
import io.jremix.probe.vbd.UnpublishedFields;

/**
 * Rewrites each class of the program as it loads. The JDK's classes (by their loader and module, {@link CodeOwner})
 * are left to the plain Java memory model (those loaded before the agent cannot be rewritten before they run; the
 * rest are treated alike, as the paper suggests for library code), and so are jremix's own and the generated lambda
 * and proxy classes. A class is never rewritten again on redefinition or retransformation: what another agent
 * redefines keeps VBD only if that agent starts from the bytes VBD wrote. A class that fails to rewrite is left as
 * it was and listed.
 */
final class VbdTransformer implements ClassFileTransformer {

    private final VbdRewriter rewriter;
    private final VbdStats stats;
    private final Instrumentation inst;
    private final AgentLog log;
    private final Module arrays;

    VbdTransformer(VbdRewriter rewriter, VbdStats stats, Instrumentation inst, AgentLog log, Module arrays) {
        this.rewriter = rewriter;
        this.stats = stats;
        this.inst = inst;
        this.log = log;
        this.arrays = arrays;
    }

    /** Never throws: whatever fails, the class is left as it was and listed (named as it happens with VBDVerbose). */
    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] classfile) {
        try {
            return className == null || redefined != null ? null : rewrite(module, loader, className, classfile);
        } catch (Throwable t) {
            stats.failed(className.replace('/', '.'), t);
            log.verbose("could not rewrite " + className.replace('/', '.') + ": " + t);
            return null;
        }
    }

    private byte[] rewrite(Module module, ClassLoader loader, String className, byte[] classfile) {
        if (ClassNames.isJremixRuntime(className)) {
            return null;
        }
        boolean generated = ClassNames.isGenerated(className);
        if (generated || CodeOwner.isJdk(loader, module)) {
            if (!generated) {
                rewriter.jdkClass(className);
            }
            stats.jdkClassLoaded();
            return null;
        }
        VbdRewriter.Outcome o = rewriter.rewrite(classfile, loader);
        boolean callsProbe = o.fieldCalls() + o.arraySites() + o.unpublishedSites() > 0;
        if (o.classfile() != null && callsProbe && module.isNamed() && !module.canRead(arrays)) {
            inst.redefineModule(module, Set.of(arrays), Map.of(), Map.of(), Set.of(), Map.of());
        }
        o.constructors().forEach(c -> UnpublishedFields.constructor(className, c.desc(), c.escapes(), c.calls()));
        stats.add(o);
        if (o.classfile() != null) {
            log.verbose("rewrote " + o.className() + ": " + o.fieldSites() + " field sites, " + o.arraySites()
                    + " array sites, " + o.plainAccessSites() + " Unsafe/VarHandle sites, " + o.fences()
                    + " fences, " + o.unpublishedSites() + " constructor-local sites, " + o.effectivelyFinal()
                    + " effectively final fields");
        }
        return o.classfile();
    }
}
