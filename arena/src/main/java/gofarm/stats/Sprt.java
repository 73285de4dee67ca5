package gofarm.stats;

import java.util.Locale;

/**
 * The generalized sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1, on
 * pentanomial pair counts or win/draw/loss counts, as Fishtest runs it (Michel Van den Bergh's
 * GSPRT; see {@code Mle} for the maximum-likelihood step).
 *
 * <pre>{@code
 * Sprt sprt = new Sprt(0, 5, 0.05, 0.05, EloModel.LOGISTIC);
 * Sprt.Result r = sprt.test(pairs);     // after each pair, counted in assignment order
 * if (r.decision() != Sprt.Decision.CONTINUE) stop();
 * }</pre>
 *
 * <h2>Model</h2>
 *
 * The observations (pairs, or games) are independent draws from a distribution on the scores a_i.
 * Under each hypothesis the distribution is the one of highest likelihood for the sample among
 * those whose expected score per game is {@link Elo#score}(elo) (logistic) or whose normalized Elo
 * is elo (normalized: t-value {@code elo/(800/ln 10)} per game, so √2 times that per pair, since a
 * pair's score averages two games). The log-likelihood ratio is {@code LLR = N Σ p̂_i ln(p1_i /
 * p0_i)}, N the observations and p̂ the empirical distribution (with Fishtest's pseudo-count for
 * empty classes). The test accepts H1 once LLR ≥ ln((1 − β)/α), accepts H0 (rejects H1) once LLR ≤
 * ln(β/(1 − α)), and continues in between: Wald's bounds, which keep the error rates near α (false
 * H1) and β (false H0).
 *
 * @param elo0 the Elo difference of H0
 * @param elo1 the Elo difference of H1, greater than elo0
 * @param alpha the probability of accepting H1 when H0 holds, in (0, ½)
 * @param beta the probability of accepting H0 when H1 holds, in (0, ½)
 * @param model how the Elo bounds are measured
 */
public record Sprt(double elo0, double elo1, double alpha, double beta, EloModel model) {
  /** The largest Elo bound accepted. */
  public static final double MAX_ELO = 2000;

  /** What the test says. */
  public enum Decision {
    /**
     * H1 accepted (Fishtest's "H1 accepted", a pass): elo1 fits better than elo0, so the difference
     * is above elo0 (a candidate at elo0 passes with probability α). Not that it is elo1 or more.
     */
    ACCEPT_H1("H1 accepted"),
    /**
     * H0 accepted, H1 rejected: elo0 fits better than elo1, so the difference is below elo1 (a
     * candidate at elo1 fails with probability β). Not that it is elo0 or less.
     */
    ACCEPT_H0("H0 accepted"),
    /** Neither bound reached: play more. */
    CONTINUE("continue");

    private final String text;

    Decision(String text) {
      this.text = text;
    }

    /** How Fishtest says it: {@code H1 accepted}, {@code H0 accepted}, {@code continue}. */
    public String text() {
      return text;
    }
  }

  /**
   * The state of the test on a sample.
   *
   * @param llr the log-likelihood ratio
   * @param lowerBound ln(β/(1 − α))
   * @param upperBound ln((1 − β)/α)
   * @param decision where the LLR stands
   */
  public record Result(double llr, double lowerBound, double upperBound, Decision decision) {
    @Override
    public String toString() {
      return String.format(
          Locale.ROOT, "LLR %.2f (%.2f, %.2f) %s", llr, lowerBound, upperBound, decision.text());
    }
  }

  /**
   * @throws IllegalArgumentException listing every bad parameter
   */
  public Sprt {
    StringBuilder problems = new StringBuilder();
    if (!(Math.abs(elo0) <= MAX_ELO) || !(Math.abs(elo1) <= MAX_ELO)) {
      problems.append("; elo0 and elo1 must be within ±").append((int) MAX_ELO);
    } else if (!(elo0 < elo1)) {
      problems.append("; elo0 must be less than elo1 (got ").append(bounds(elo0, elo1));
      problems.append(")");
    }
    if (!(alpha > 0 && alpha < 0.5)) {
      problems.append("; alpha must be in (0, 0.5) (got ").append(alpha).append(")");
    }
    if (!(beta > 0 && beta < 0.5)) {
      problems.append("; beta must be in (0, 0.5) (got ").append(beta).append(")");
    }
    if (model == null) {
      problems.append("; model is missing");
    }
    if (problems.length() > 0) {
      throw new IllegalArgumentException(problems.substring(2));
    }
  }

  private static String bounds(double a, double b) {
    return String.format(Locale.ROOT, "[%s, %s]", a, b);
  }

  /** The test with α = β = 0.05. */
  public static Sprt of(double elo0, double elo1, EloModel model) {
    return new Sprt(elo0, elo1, 0.05, 0.05, model);
  }

  /** ln(β/(1 − α)): at or below it, H0 is accepted. */
  public double lowerBound() {
    return Math.log(beta / (1 - alpha));
  }

  /** ln((1 − β)/α): at or above it, H1 is accepted. */
  public double upperBound() {
    return Math.log((1 - beta) / alpha);
  }

  /** The log-likelihood ratio of pair counts. */
  public double llr(Pentanomial pairs) {
    return llr(pairs.outcomes(), 2);
  }

  /** The log-likelihood ratio of single-game counts. */
  public double llr(WinDrawLoss games) {
    return llr(games.outcomes(), 1);
  }

  /** The LLR, the bounds and the decision for pair counts. */
  public Result test(Pentanomial pairs) {
    return result(llr(pairs));
  }

  /** The LLR, the bounds and the decision for single-game counts. */
  public Result test(WinDrawLoss games) {
    return result(llr(games));
  }

  /** The decision for an LLR. */
  public Decision decide(double llr) {
    return llr >= upperBound()
        ? Decision.ACCEPT_H1
        : llr <= lowerBound() ? Decision.ACCEPT_H0 : Decision.CONTINUE;
  }

  private Result result(double llr) {
    return new Result(llr, lowerBound(), upperBound(), decide(llr));
  }

  private double llr(Outcomes sample, int gamesPerObservation) {
    double[] a = sample.scores();
    double[] pHat = sample.probabilities();
    double[] p0;
    double[] p1;
    if (model == EloModel.LOGISTIC) {
      p0 = Mle.withMean(a, pHat, Elo.score(elo0));
      p1 = Mle.withMean(a, pHat, Elo.score(elo1));
    } else {
      double perObservation = Math.sqrt(gamesPerObservation) / Elo.NORMALIZED_PER_T;
      p0 = Mle.withTValue(a, pHat, 0.5, elo0 * perObservation);
      p1 = Mle.withTValue(a, pHat, 0.5, elo1 * perObservation);
    }
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += pHat[i] * Math.log(p1[i] / p0[i]);
    }
    return sample.total() * sum;
  }
}
