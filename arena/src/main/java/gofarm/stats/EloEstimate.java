package gofarm.stats;

/**
 * The strength difference a sample of results shows: the mean score, the logistic Elo difference
 * with its 95 % interval, the likelihood of superiority and the normalized Elo.
 *
 * <pre>{@code
 * EloEstimate e = EloEstimate.of(Pentanomial.of(12, 340, 801, 355, 9));
 * e.elo();          // +1.4
 * e.eloLower();     // the 95 % interval
 * e.los();          // P(first player stronger)
 * }</pre>
 *
 * <h2>Model</h2>
 *
 * The sample is n independent draws of a score X: per pair of games the mean score of the pair (0,
 * ¼, ½, ¾ or 1), per single game 0, ½ or 1. With the mean μ and variance v of the empirical
 * distribution (empty classes counted {@value Outcomes#EPSILON} times, as Fishtest does), the
 * standard error of μ is {@code √(v/n)}; the Elo is {@link Elo#fromScore}(μ), and the interval maps
 * {@code μ ± 1.96·se} through the same function, so it is not symmetric. The likelihood of
 * superiority is {@code Φ((μ − ½)/se)}. The normalized Elo divides {@code μ − ½} by the standard
 * deviation of one game's score, {@code √(2v)} from pairs (a pair's mean is an average of two
 * games) and {@code √v} from single games, and scales it by {@code 800/ln 10}; its interval is
 * {@code ±1.96·800/ln 10/√games}, the delta-method width of a t-value.
 *
 * @param games the games counted (two per pair)
 * @param score μ, the first player's mean score per game
 * @param elo the logistic Elo difference
 * @param eloLower the lower end of its 95 % interval
 * @param eloUpper the upper end
 * @param los the likelihood of superiority, 0..1
 * @param normalizedElo the normalized Elo difference
 * @param normalizedHalfWidth the half-width of its 95 % interval
 */
public record EloEstimate(
    long games,
    double score,
    double elo,
    double eloLower,
    double eloUpper,
    double los,
    double normalizedElo,
    double normalizedHalfWidth) {

  /** The estimate from pairs. */
  public static EloEstimate of(Pentanomial pairs) {
    return of(pairs.outcomes(), 2, pairs.games());
  }

  /** The estimate from single games. */
  public static EloEstimate of(WinDrawLoss results) {
    return of(results.outcomes(), 1, results.games());
  }

  /**
   * @param gamesPerObservation 2 for pairs, 1 for games
   */
  private static EloEstimate of(Outcomes sample, int gamesPerObservation, long games) {
    double n = sample.total();
    double mu = sample.mean();
    double variance = sample.variance();
    double se = Math.sqrt(variance / n);
    double lower = Elo.fromScore(mu - Elo.Z95 * se);
    double upper = Elo.fromScore(mu + Elo.Z95 * se);
    double los = se > 0 ? Elo.normalCdf((mu - 0.5) / se) : mu > 0.5 ? 1 : mu < 0.5 ? 0 : 0.5;
    double sigmaPerGame = Math.sqrt(gamesPerObservation * variance);
    double normalized = sigmaPerGame > 0 ? (mu - 0.5) / sigmaPerGame * Elo.NORMALIZED_PER_T : 0;
    double gamesForWidth = Math.max(1, games);
    double halfWidth = Elo.Z95 * Elo.NORMALIZED_PER_T / Math.sqrt(gamesForWidth);
    return new EloEstimate(games, mu, Elo.fromScore(mu), lower, upper, los, normalized, halfWidth);
  }

  /** Half the width of the Elo interval, as Fishtest prints {@code Elo: x ± y}. */
  public double eloHalfWidth() {
    return (eloUpper - eloLower) / 2;
  }
}
