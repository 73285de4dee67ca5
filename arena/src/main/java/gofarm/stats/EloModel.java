package gofarm.stats;

import java.util.Locale;

/**
 * How an Elo difference is measured for the SPRT's hypotheses.
 *
 * <ul>
 *   <li>{@link #LOGISTIC}: the expected score per game is {@code 1 / (1 + 10^(−elo/400))}, so the
 *       hypotheses fix the mean score whatever the spread of results;
 *   <li>{@link #NORMALIZED}: Van den Bergh's normalized Elo fixes the t-value {@code (score − ½) /
 *       σ}, σ the standard deviation of one game's score, scaled by {@code 800 / ln 10} so that it
 *       equals logistic Elo near 0 for games without draws. Its meaning does not depend on the draw
 *       rate or on how balanced the openings are, which is why Fishtest uses it.
 * </ul>
 */
public enum EloModel {
  LOGISTIC,
  NORMALIZED;

  /** The model named {@code logistic} or {@code normalized} (any case). */
  public static EloModel parse(String name) {
    try {
      return valueOf(name.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "model must be logistic or normalized (got '" + name + "')");
    }
  }

  /** The lower-case name. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
