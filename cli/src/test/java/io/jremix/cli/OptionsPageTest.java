package io.jremix.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class OptionsPageTest {
    private static final Path PAGE = Path.of("..", "docs", "options.md");

    @Test
    void docsOptionsPageHasTheTablesOfTheSpec() throws IOException {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        assertEquals(OptionsPage.regenerate(page), page, "docs/options.md is stale: run"
                + " 'java -cp cli/target/jremix-cli.jar io.jremix.cli.OptionsPage docs/options.md' after"
                + " 'mvn -B -o -pl cli -am package -DskipTests'");
    }

    @Test
    void onlyTheTextBetweenTheMarkersIsRewritten() {
        String page = "# Options\nprose\n" + OptionsPage.BEGIN + "\nold table\n" + OptionsPage.END + "\nmore prose\n";
        String regenerated = OptionsPage.regenerate(page);
        assertTrue(regenerated.startsWith("# Options\nprose\n" + OptionsPage.BEGIN + "\n"), regenerated);
        assertTrue(regenerated.endsWith(OptionsPage.END + "\nmore prose\n"), regenerated);
        assertTrue(regenerated.contains("| `-XX:REMIXSamplingRatio=<n>` | 1 to 2147483647 | 1000 |"), regenerated);
        assertTrue(!regenerated.contains("old table"), regenerated);
    }

    @Test
    void aPageWithoutMarkersIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> OptionsPage.regenerate("# Options\n"));
    }
}
