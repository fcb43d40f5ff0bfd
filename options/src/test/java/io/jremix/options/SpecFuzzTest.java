package io.jremix.options;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The option parser on mutated and hostile command lines: a value or one short line, never a hang. */
class SpecFuzzTest {
    private static final List<String> SEEDS = List.of("-remix", "-remix:detect -XX:REMIXSamplingRatio=100",
            "-remix -XX:REMIXWindow=500ms -XX:REMIXMaxWindow=2.5 -XX:REMIXLineSize=128 -XX:REMIXReport=r.json",
            "-XX:REMIXProfile=p.json -XX:REMIXBudget=2% -XX:REMIXRearm=30",
            "-XXgetparkcontention:threshold=5,printThreshold=10,freeOnPrint,rows=20,report=park.json,interval=3",
            "-XX:+VBD -XX:VBDRelaxed=relaxed.txt -XX:+VBDVerbose -XX:VBDReport=vbd.html -XX:-VBD");
    private static final List<String> COMMAND_SEEDS = List.of("--pairs 1,2,4 --rate 5 --duration 0.5 --csv",
            "--mechanisms park,futex --rate 7");

    @Test
    void featureOptions() {
        Fuzz.check(Fuzz.batch(SEEDS, 54), input -> Spec.parse(List.of(input.split(" ", -1))), OptionException.class);
    }

    @Test
    void commandOptions() {
        Fuzz.check(Fuzz.batch(COMMAND_SEEDS, 55),
                input -> SignalCommandOptions.SECTION.parseCommand(List.of(input.split(" ", -1))), OptionException.class);
    }
}
