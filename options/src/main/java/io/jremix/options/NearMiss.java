package io.jremix.options;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The name a mistyped one was probably meant to be, for a "did you mean" hint: the closest known name by edit
 * distance (insertions, deletions, substitutions and swaps of two neighbours, case ignored), when it is close
 * enough: one edit for a name of up to {@value #SHORT} characters, two for a longer one.
 */
public final class NearMiss {
    private static final int SHORT = 5;

    private NearMiss() {
    }

    /** The known name closest to {@code typed}, if one is near enough; a tie goes to the earlier name. */
    public static Optional<String> closest(String typed, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : known) {
            if (Math.abs(typed.length() - name.length()) > 2) {
                continue; // too far apart anyway; also bounds the work for a long argument
            }
            int d = distance(typed.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT));
            if (d < bestDistance && d <= (name.length() <= SHORT ? 1 : 2)) {
                best = name;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The optimal-string-alignment distance: Levenshtein's, with a swap of two neighbours as one edit. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
