package io.jremix.agent.vbd;

/** A superclass whose field the fixture reaches through its own class, as javac names it. */
public class FieldCallsBase {
    public int inherited;
}
