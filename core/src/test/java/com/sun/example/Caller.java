package com.sun.example;

import java.util.List;
import java.util.function.Supplier;

/**
 * A class in a {@code com.sun} package that is not the JDK's: it is loaded from the class path, from custom class
 * loaders and from the boot class path by the tests of {@code io.jremix.core}. It depends on the JDK alone, so any
 * loader can define it. {@link #get()} returns its own frame.
 */
public final class Caller implements Supplier<List<StackWalker.StackFrame>> {
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    @Override
    public List<StackWalker.StackFrame> get() {
        return WALKER.walk(s -> s.limit(1).toList());
    }
}
