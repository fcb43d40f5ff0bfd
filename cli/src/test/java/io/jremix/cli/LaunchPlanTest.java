package io.jremix.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.jremix.cli.command.HelpCommand;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The java command the plan makes of jremix's arguments, on a jremix home with empty stand-in jars. */
class LaunchPlanTest {
    @TempDir
    Path home;
    private String agent;
    private final Map<String, List<String>> argFiles = new HashMap<>();

    @BeforeEach
    void build() throws IOException {
        Files.createDirectories(home.resolve("agent/target"));
        Files.createDirectories(home.resolve("cli/target"));
        for (String jar : List.of("agent/target/jremix-agent.jar", "agent/target/jremix-boot.jar",
                "cli/target/jremix-cli.jar")) {
            Files.createFile(home.resolve(jar));
        }
        agent = home.resolve("agent/target/jremix-agent.jar").toString();
    }

    private List<String> plan(int javaFeature, String... args) throws LaunchException {
        LaunchPlan plan = new LaunchPlan(Installation.at(home), javaFeature,
                name -> Optional.ofNullable(argFiles.get(name)));
        return plan.command(List.of(args)).stream().map(Word::text).toList();
    }

    private List<String> plan(String... args) throws LaunchException {
        return plan(17, args);
    }

    private List<String> underAgent(String agentOptions, String... java) {
        List<String> command = new ArrayList<>(List.of("-javaagent:" + agent + "=" + agentOptions));
        command.addAll(List.of(java));
        return command;
    }

    @Test
    void withoutJremixOptionsTheArgumentsAreJavasUnchanged() throws LaunchException {
        assertEquals(List.of("-cp", "app.jar", "Main", "a"), plan("-cp", "app.jar", "Main", "a"));
        assertEquals(List.of("Main"), plan("Main"));
    }

    @Test
    void jremixOptionsBeforeTheMainClassGoToTheAgentInOrder() throws LaunchException {
        assertEquals(underAgent("-remix:detect,-XX:+REMIXVerbose", "-Dx=1", "-cp", "app.jar", "Main", "-remix", "a"),
                plan("-remix:detect", "-Dx=1", "-cp", "app.jar", "-XX:+REMIXVerbose", "Main", "-remix", "a"));
    }

    @Test
    void everyFeatureIsRecognised() throws LaunchException, IOException {
        String relaxed = "-XX:VBDRelaxed=" + Files.writeString(home.resolve("r.txt"), "com.example.*\n");
        assertEquals(underAgent("-XXgetparkcontention:threshold=1\\,printThreshold=2,-XX:+VBD," + relaxed
                + ",-XX:-VBDVerbose,-XX:REMIXSamplingRatio=10,-XX:-REMIXDebug", "Main"),
                plan("-XXgetparkcontention:threshold=1,printThreshold=2", "-XX:+VBD", relaxed,
                        "-XX:-VBDVerbose", "-XX:REMIXSamplingRatio=10", "-XX:-REMIXDebug", "Main"));
    }

    @Test
    void lookAlikesAreJavas() throws LaunchException {
        assertEquals(List.of("-remixed", "-XX:+UseREMIX", "-XXgetpark", "Main"),
                plan("-remixed", "-XX:+UseREMIX", "-XXgetpark", "Main"));
    }

    /** The first launcher bug: {@code --module=app/Main} is the main class, so what follows is the program's. */
    @Test
    void afterModuleEqualsEverythingIsTheProgramsArgument() throws LaunchException {
        assertEquals(List.of("-p", "mods", "--module=app/app.Main", "-remix:detect"),
                plan("-p", "mods", "--module=app/app.Main", "-remix:detect"));
        assertEquals(List.of("-p", "mods", "-m", "app/app.Main", "-remix:detect"),
                plan("-p", "mods", "-m", "app/app.Main", "-remix:detect"));
        assertEquals(List.of("--module", "app", "-XX:+VBD"), plan("--module", "app", "-XX:+VBD"));
    }

    @Test
    void afterTheJarEverythingIsTheProgramsArgument() throws LaunchException {
        assertEquals(List.of("-jar", "app.jar", "-remix:detect"), plan("-jar", "app.jar", "-remix:detect"));
        // java reads options between -jar and the jar file as its own, so a jremix option there is jremix's
        assertEquals(underAgent("-remix:detect", "-jar", "app.jar", "x"), plan("-jar", "-remix:detect", "app.jar", "x"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-cp", "-classpath", "--class-path", "-p", "--module-path", "--upgrade-module-path",
        "--add-modules", "--enable-native-access", "--limit-modules", "--add-exports", "--add-opens", "--add-reads",
        "--patch-module", "--source"})
    void anOptionsValueIsNotTheMainClass(String option) throws LaunchException {
        assertEquals(underAgent("-remix:detect,-XX:+REMIXVerbose", option, "value", "Main", "-XX:+VBD"),
                plan("-remix:detect", option, "value", "-XX:+REMIXVerbose", "Main", "-XX:+VBD"));
    }

    @Test
    void aValueThatStartsWithADashIsNotTakenAsOne() throws LaunchException {
        // java: "-cp -x" gives -cp no value, and -x is an option of its own; the next word is the main class
        assertEquals(underAgent("-XX:+VBD", "-cp", "-x", "Main", "-remix"), plan("-cp", "-x", "-XX:+VBD", "Main", "-remix"));
    }

    @Test
    void longOptionsWithEqualsTakeNoNextWord() throws LaunchException {
        assertEquals(underAgent("-XX:+VBD", "--class-path=a.jar", "--add-modules=ALL-SYSTEM", "Main", "-remix"),
                plan("--class-path=a.jar", "--add-modules=ALL-SYSTEM", "-XX:+VBD", "Main", "-remix"));
    }

    /** The second launcher bug: a jremix option after an {@code @argfile} of options is jremix's. */
    @Test
    void aJremixOptionAfterAnArgFileOfOptionsIsJremixs() throws LaunchException {
        argFiles.put("opts", List.of("-cp", "app.jar", "-Dx=1"));
        assertEquals(underAgent("-remix:detect", "@opts", "Main", "-XX:+VBD"), plan("@opts", "-remix:detect", "Main", "-XX:+VBD"));
    }

    @Test
    void afterAnArgFileThatNamesTheMainClassEverythingIsTheProgramsArgument() throws LaunchException {
        argFiles.put("run", List.of("-cp", "app.jar", "Main", "a"));
        assertEquals(List.of("@run", "-remix:detect"), plan("@run", "-remix:detect"));
    }

    @Test
    void anArgFileCanHoldAnOptionsValue() throws LaunchException {
        argFiles.put("cp", List.of("lib/a.jar:lib/b.jar"));
        assertEquals(underAgent("-XX:+VBD", "-cp", "@cp", "Main", "-remix"), plan("-cp", "@cp", "-XX:+VBD", "Main", "-remix"));
    }

    @Test
    void aJremixOptionInsideAnArgFileIsAnError() {
        argFiles.put("opts", List.of("-cp", "app.jar", "-remix:detect", "Main"));
        LaunchException e = assertThrows(LaunchException.class, () -> plan("@opts"));
        assertTrue(e.getMessage().startsWith("jremix option '-remix:detect' in @opts: "), e.getMessage());
    }

    @Test
    void aJremixLookingProgramArgumentInsideAnArgFileIsFine() throws LaunchException {
        argFiles.put("run", List.of("Main", "-remix:detect"));
        assertEquals(List.of("@run"), plan("@run"));
    }

    @Test
    void anUnreadableArgFileIsLeftToJava() throws LaunchException {
        assertEquals(underAgent("-XX:+VBD", "@missing", "Main"), plan("@missing", "-XX:+VBD", "Main"));
    }

    @Test
    void escapedAndDisabledArgFilesAreMainClasses() throws LaunchException {
        argFiles.put("opts", List.of("-Dx=1"));
        assertEquals(List.of("@@opts", "-remix"), plan("@@opts", "-remix"));
        assertEquals(List.of("--disable-@files", "@opts", "-remix"), plan("--disable-@files", "@opts", "-remix"));
        assertEquals(List.of("@", "-remix"), plan("@", "-remix"));
    }

    @Test
    void doubleDashEndsJremixsOptions() throws LaunchException {
        assertEquals(underAgent("-remix:detect", "-XX:+VBD", "-cp", "a.jar", "Main"),
                plan("-remix:detect", "--", "-XX:+VBD", "-cp", "a.jar", "Main"));
        assertEquals(List.of("Main", "--", "-remix"), plan("Main", "--", "-remix"));
    }

    @Test
    void onlyJremixOptionsLeaveJavaWithoutArguments() throws LaunchException {
        assertEquals(underAgent("-remix:detect"), plan("-remix:detect"));
    }

    @Test
    void repairRunsLetTheJvmHonourContended() throws Exception {
        String restrict = "-XX:-RestrictContended";
        assertEquals(restrict, plan("-remix", "Main").get(0));
        assertEquals(restrict, plan("-remix:online", "Main").get(0));
        Path profile = Files.writeString(home.resolve("learned.json"),
                "{\"format\": \"jremix-repair-profile\", \"version\": 1, \"classes\": []}");
        assertEquals(restrict, plan("-XX:REMIXProfile=" + profile, "Main").get(0));
        assertEquals(restrict, plan("-remix:detect", "-remix", "Main").get(0), "the last -remix option decides");
        assertEquals(underAgent("-remix:detect,-XX:REMIXProfile=p.json", "Main"),
                plan("-remix:detect", "-XX:REMIXProfile=p.json", "Main"));
        assertEquals(underAgent("-remix,-remix:detect", "Main"), plan("-remix", "-remix:detect", "Main"));
    }

    /** A run that only pads needs its profile: refused here in the agent's words, before the JVM starts. */
    @Test
    void aProfileAloneMustExist() {
        assertEquals("cannot read '-XX:REMIXProfile=p.json': no such file; without -remix or -remix:detect a run only"
                + " pads from an existing profile (see bin/jremix --help)",
                assertThrows(LaunchException.class, () -> plan("-XX:REMIXProfile=p.json", "Main")).getMessage());
    }

    @Test
    void parkRunsAllowDumpsAgentFromJdk21() throws LaunchException {
        assertEquals(underAgent("-XXgetparkcontention", "Main"), plan(17, "-XXgetparkcontention", "Main"));
        assertEquals(List.of("-XX:-RestrictContended", "-XX:+EnableDynamicAgentLoading"),
                plan(21, "-remix", "-XXgetparkcontention", "Main").subList(0, 2));
    }

    @Test
    void aBadJremixOptionStopsThePlanWithTheAgentsOneLine() {
        LaunchException e = assertThrows(LaunchException.class,
                () -> plan("-remix:detect", "-XX:REMIXSamplingRatio=0", "-cp", "app.jar", "Main"));
        assertEquals("bad value in '-XX:REMIXSamplingRatio=0': must be from 1 to 2147483647 (see bin/jremix --help)",
                e.getMessage());
    }

    @Test
    void twoOutputsOfOneFileStopThePlanBeforeJavaStarts() {
        Path report = home.resolve("r.json");
        Path same = home.resolve("agent/../r.json");
        LaunchException e = assertThrows(LaunchException.class, () -> plan("-remix:detect", "-XX:REMIXReport=" + report,
                "-XXgetparkcontention:rows=5,report=" + same, "Main"));
        assertEquals("'-XX:REMIXReport=" + report + "' and '-XXgetparkcontention:report=" + same + "' name the same"
                + " file, " + report + ": give each output a file of its own (see bin/jremix --help)", e.getMessage());
    }

    @Test
    void anOutputNameTheFileSystemCannotHoldStopsThePlanBeforeJavaStarts() {
        Path report = home.resolve("v".repeat(300) + ".json");
        LaunchException e = assertThrows(LaunchException.class, () -> plan("-XX:+VBD", "-XX:VBDReport=" + report,
                "Main"));
        assertTrue(e.getMessage().startsWith("cannot write '-XX:VBDReport=" + report + "': the name is too long for the"
                + " file system (305 bytes, "), e.getMessage());
    }

    @Test
    void commands() throws LaunchException {
        String cli = home.resolve("cli/target/jremix-cli.jar").toString();
        List<String> help = List.of("-cp", cli, "io.jremix.cli.command.HelpCommand");
        for (String h : List.of("-h", "-help", "--help", "-?")) {
            assertEquals(help, plan(h, "ignored"));
        }
        assertEquals(List.of("-cp", cli, "io.jremix.cli.command.HelpCommand", HelpCommand.WITHOUT_ARGUMENTS), plan(), "as java: exit 1");
        for (String v : List.of("--version", "-version")) {
            assertEquals(List.of("-cp", cli, "io.jremix.cli.command.VersionCommand", v), plan(v));
        }
        assertEquals(List.of("-Djremix.home=" + home, "-cp", cli, "io.jremix.cli.command.DumpCommand", "123", "f.json"),
                plan("dump", "123", "f.json"));
        assertEquals(List.of("-Djremix.home=" + home, "-cp", home.resolve("cli/target/jremix-cli.jar").toString(),
                "io.jremix.cli.command.AttachCommand", "123", "status"), plan("attach", "123", "status"));
        assertEquals(List.of("-cp", cli, "io.jremix.cli.command.ReportCommand", "r.json", "-o", "r.html"),
                plan("report", "r.json", "-o", "r.html"));
        assertEquals(List.of("-cp", cli, "io.jremix.cli.command.doctor.DoctorCommand", "--json", "d.json"),
                plan("doctor", "--json", "d.json"));
        String hsdis = "-Djremix.hsdis=" + home.resolve("cli/target/hsdis");
        assertEquals(List.of(hsdis, "-cp", cli, "io.jremix.cli.command.jit.JitCommand", "summary", "f"),
                plan("jit", "summary", "f"));
        List<String> signal = List.of("-cp", cli, "io.jremix.cli.command.signal.SignalCommand", "--pairs", "1");
        assertEquals(signal, plan("signal", "--pairs", "1"));
        assertEquals(signal, plan("bench", "signal", "--pairs", "1"), "signal's old name");
        assertEquals(List.of("bench", "x"), plan("bench", "x"), "anything else is a main class");
    }

    @Test
    void aNearMissOfACommandSaysWhatWasMeant() throws LaunchException {
        assertEquals("unknown command 'reprot': did you mean 'report'? (to run a main class of that name:"
                + " bin/jremix -- reprot)", assertThrows(LaunchException.class, () -> plan("reprot", "r.json"))
                .getMessage());
        assertThrows(LaunchException.class, () -> plan("doctr"));
        assertThrows(LaunchException.class, () -> plan("jt"));
        assertEquals(List.of("reprot", "r.json"), plan("--", "reprot", "r.json"));
        assertEquals(List.of("Reprot"), plan("Reprot"), "a class named as classes are");
        assertEquals(List.of("app.reprot"), plan("app.reprot"));
        assertEquals(List.of("-cp", "x", "dumb"), plan("-cp", "x", "dumb"), "only the first argument names a command");
    }

    @Test
    void commandsSayWhatIsNotBuilt() throws IOException {
        Files.delete(home.resolve("agent/target/jremix-boot.jar"));
        assertEquals("the agent is not built; run 'mvn -B -DskipTests package' in " + home,
                assertThrows(LaunchException.class, () -> plan("-remix", "Main")).getMessage());
        Files.delete(home.resolve("cli/target/jremix-cli.jar"));
        assertEquals("the commands are not built; run 'mvn -B -DskipTests package' in " + home,
                assertThrows(LaunchException.class, () -> plan("jit")).getMessage());
    }

    @Test
    void plainJavaNeedsNoAgent() throws IOException, LaunchException {
        Files.delete(home.resolve("agent/target/jremix-agent.jar"));
        assertEquals(List.of("Main"), plan("Main"));
    }

    @Test
    void argumentsKeepTheirPlaces() throws LaunchException {
        LaunchPlan plan = new LaunchPlan(Installation.at(home), 17, name -> Optional.empty());
        List<Word> words = plan.command(List.of("-remix", "-cp", "a.jar", "-XX:+VBD", "Main", "x"));
        assertEquals(List.of(-1, -1, 1, 2, 4, 5), words.stream().map(Word::argument).toList());
    }
}
