package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the README, the CHANGELOG and docs/ leads somewhere: the file exists, and a {@code #anchor} into a Markdown
 * file is one of its headings as GitHub names them (lower case, spaces to hyphens, punctuation but {@code -} and
 * {@code _} dropped). Pages are renamed and sections reworded often; a newcomer follows the links.
 */
@Tag(Jremix.SAME_ON_EVERY_JDK)
class DocsLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} +(.*)$", Pattern.MULTILINE);

    @Test
    void everyRelativeLinkFindsItsFileAndHeading() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Jremix.HOME.resolve("README.md"), Jremix.HOME.resolve("CHANGELOG.md")));
        try (Stream<Path> docs = Files.list(Jremix.HOME.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : pages) {
            Matcher m = LINK.matcher(Files.readString(page));
            while (m.find()) {
                String link = m.group(1);
                if (link.matches("^(https?|mailto):.*")) {
                    continue;
                }
                links++;
                int hash = link.indexOf('#');
                String file = hash < 0 ? link : link.substring(0, hash);
                Path target = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(target)) {
                    broken.add(page.getFileName() + ": " + link + ": no file " + target);
                } else if (hash >= 0 && target.toString().endsWith(".md")
                        && !anchors(target).contains(link.substring(hash + 1))) {
                    broken.add(page.getFileName() + ": " + link + ": no such heading in " + target.getFileName());
                }
            }
        }
        assertTrue(links > 100, "links found: " + links);
        assertEquals(List.of(), broken);
    }

    private static List<String> anchors(Path markdown) throws IOException {
        List<String> anchors = new ArrayList<>();
        Matcher m = HEADING.matcher(Files.readString(markdown));
        while (m.find()) {
            anchors.add(m.group(1).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "").replace(' ', '-'));
        }
        return anchors;
    }
}
