package gofarm.stats;

import java.util.function.DoubleUnaryOperator;

/**
 * The Elo difference an SPRT's sample shows once the test has ended, corrected for the stop: the
 * estimate that is median-unbiased given the test's stopping rule, with its 95 % interval and
 * likelihood of superiority. This is what Fishtest prints as the Elo of a finished SPRT test ("SPRT
 * Elo"; Michel Van den Bergh's method in its {@code sprt.py}), computed here in our own words.
 *
 * <pre>{@code
 * Sprt sprt = Sprt.of(0, 30, EloModel.LOGISTIC);
 * StopAwareElo e = StopAwareElo.of(sprt, pairs);   // the pairs counted when the test ended
 * e.elo();                                         // the stop-aware Elo
 * e.eloLower(); e.eloUpper();                      // its 95 % interval
 * }</pre>
 *
 * <h2>Why the fixed-sample estimate misleads after a stop</h2>
 *
 * {@link EloEstimate} assumes the number of pairs was fixed in advance. An SPRT stops as soon as
 * the LLR leaves its band, so a sample is more likely to end just after a lucky (or unlucky) run:
 * samples that stop at the lower bound early are those that fell below their true mean. In 1,000
 * simulated tests of a candidate at 0 Elo with bounds [0, 30] and at most 500 pairs, the
 * fixed-sample Elo printed at the end averaged −7.0 and lay below 0 in 63 % of them; this estimate
 * lay below 0 in 49 % ({@code StopAwareEloTest}).
 *
 * <h2>Method</h2>
 *
 * The LLR of the test is modelled as a Brownian motion ({@link Brownian}) with, per observation (a
 * pair, or a game), the drift and variance of Van den Bergh's approximation of the GSPRT's LLR:
 *
 * <pre>
 *   μ(s) = (s − (s0 + s1)/2)·(s1 − s0)/v,   σ² = (s1 − s0)²/v,
 * </pre>
 *
 * s the true expected score per game, s0 and s1 the scores of H0 and H1 (for {@code NORMALIZED}
 * bounds, 0.5 + elo·σ_game/(800/ln 10) with the sample's σ_game) and v the sample's variance per
 * observation (with the pseudo-counts of {@link Outcomes}). The observed outcome is the LLR of that
 * approximation, y = N·μ(ŝ) after N observations (ŝ the sample's mean score). If the test stopped
 * (the exact GSPRT LLR reached a bound), the outcome is taken as exactly at the bound, at the time
 * N·bound/y when the observed slope reaches it: a continuous path has no overshoot, and this keeps
 * the observed slope. If the test ended without a decision (every pair played), it is a test
 * truncated at N with value y (kept within the bounds).
 *
 * <p>With the outcomes ordered as in {@link Brownian}, the probability F(elo) of an outcome worse
 * than the observed one falls as the true Elo grows. The stop-aware Elo is the root of F(elo) = ½:
 * the true Elo at which half the tests would have ended worse, so the estimate is below the true
 * Elo in half the tests (median-unbiased, within the Brownian approximation). The 95 % interval
 * takes the roots of F = 0.975 and F = 0.025 (so it covers the true Elo in 95 % of the tests), and
 * the likelihood of superiority is F(0). Elo here is logistic Elo whatever the test's model, as the
 * fixed-sample {@link EloEstimate#elo}.
 *
 * <p>The approximation is made for small Elo differences (Fishtest's caveat): the variance v is the
 * sample's, not the one at the candidate Elo. For differences of a few tens of Elo the estimate
 * stays median-unbiased within the simulation's error ({@code StopAwareEloTest}); far outside the
 * bounds it is qualitative.
 *
 * @param elo the stop-aware (median-unbiased) logistic Elo difference; ±infinity beyond ±{@link
 *     Sprt#MAX_ELO}
 * @param eloLower the lower end of its 95 % interval
 * @param eloUpper the upper end
 * @param los the likelihood of superiority given the stop: the probability, at 0 Elo, of an outcome
 *     worse than the one observed
 * @param stopped whether the test stopped at a bound (else it ended without a decision)
 */
public record StopAwareElo(
    double elo, double eloLower, double eloUpper, double los, boolean stopped) {

  /** How the estimate is made, for reports: the method and its source. */
  public static final String METHOD =
      "median-unbiased given the SPRT's stopping rule (Van den Bergh's method, as Fishtest's SPRT Elo)";

  /** The bisection stops when the Elo interval is this narrow. */
  private static final double ELO_TOLERANCE = 1e-7;

  private static final int MAX_BISECTIONS = 200;

  /** The estimate for a test that ended with these pair counts. */
  public static StopAwareElo of(Sprt sprt, Pentanomial pairs) {
    return of(sprt, pairs.outcomes(), 2, sprt.llr(pairs));
  }

  /** The estimate for a test that ended with these single-game counts. */
  public static StopAwareElo of(Sprt sprt, WinDrawLoss games) {
    return of(sprt, games.outcomes(), 1, sprt.llr(games));
  }

  /**
   * @param gamesPerObservation 2 for pairs, 1 for games
   * @param llr the test's exact LLR, which says whether it stopped
   */
  private static StopAwareElo of(Sprt sprt, Outcomes sample, int gamesPerObservation, double llr) {
    double n = sample.total();
    double mean = sample.mean();
    double v = sample.variance();
    double s0;
    double s1;
    if (sprt.model() == EloModel.LOGISTIC) {
      s0 = Elo.score(sprt.elo0());
      s1 = Elo.score(sprt.elo1());
    } else {
      double sigmaGame = Math.sqrt(gamesPerObservation * v);
      s0 = 0.5 + sprt.elo0() / Elo.NORMALIZED_PER_T * sigmaGame;
      s1 = 0.5 + sprt.elo1() / Elo.NORMALIZED_PER_T * sigmaGame;
    }
    double midpoint = (s0 + s1) / 2;
    double spread = s1 - s0;
    double sigma2 = spread * spread / v;
    DoubleUnaryOperator drift = s -> (s - midpoint) * spread / v;

    double a = sprt.lowerBound();
    double b = sprt.upperBound();
    double observedSlope = drift.applyAsDouble(mean);
    double y = n * observedSlope;
    double t = n;
    Sprt.Decision decision = sprt.decide(llr);
    boolean stopped = decision != Sprt.Decision.CONTINUE;
    if (stopped) {
      double bound = decision == Sprt.Decision.ACCEPT_H1 ? b : a;
      // The time at which the observed slope reaches the bound: the overshoot removed. A slope of
      // the other sign cannot reach it (the approximate and the exact LLR disagree in sign, which
      // needs a bound next to 0): then the test is taken at the bound at N.
      if (observedSlope * bound > 0) {
        t = bound / observedSlope;
      }
      y = bound;
    } else {
      y = Math.max(a, Math.min(b, y));
    }
    double tEnd = t;
    double yEnd = y;
    DoubleUnaryOperator worse =
        elo ->
            new Brownian(a, b, drift.applyAsDouble(Elo.score(elo)), sigma2).worseThan(tEnd, yEnd);
    return new StopAwareElo(
        root(worse, 0.5), root(worse, 0.975), root(worse, 0.025), worse.applyAsDouble(0), stopped);
  }

  /**
   * The Elo at which the falling function {@code worse} equals {@code q}, by bisection over ±{@link
   * Sprt#MAX_ELO}; ±infinity when it stays on one side of q over the whole range.
   */
  private static double root(DoubleUnaryOperator worse, double q) {
    double lo = -Sprt.MAX_ELO;
    double hi = Sprt.MAX_ELO;
    if (worse.applyAsDouble(lo) < q) {
      return Double.NEGATIVE_INFINITY;
    }
    if (worse.applyAsDouble(hi) > q) {
      return Double.POSITIVE_INFINITY;
    }
    for (int i = 0; i < MAX_BISECTIONS && hi - lo > ELO_TOLERANCE; i++) {
      double mid = (lo + hi) / 2;
      if (worse.applyAsDouble(mid) > q) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /** Half the width of the 95 % interval. */
  public double eloHalfWidth() {
    return (eloUpper - eloLower) / 2;
  }
}
