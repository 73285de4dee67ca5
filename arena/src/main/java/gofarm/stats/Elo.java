package gofarm.stats;

/**
 * Conversions between scores and Elo differences, and the normal distribution behind the intervals.
 *
 * <p>Logistic Elo: a player {@code d} Elo stronger scores {@code 1 / (1 + 10^(−d/400))} per game.
 * Normalized Elo (Van den Bergh): {@code (score − ½) / σ · 800 / ln 10}, σ the standard deviation
 * of one game's score.
 */
public final class Elo {
  /** Normalized Elo per unit of t-value: {@code 800 / ln 10} ≈ 347.4. */
  public static final double NORMALIZED_PER_T = 800 / Math.log(10);

  /** The two-sided 95 % quantile of the standard normal distribution. */
  public static final double Z95 = 1.959963984540054;

  private Elo() {}

  /** The expected score per game of a player {@code elo} stronger. */
  public static double score(double elo) {
    return 1 / (1 + Math.pow(10, -elo / 400));
  }

  /** The logistic Elo difference that gives this expected score; ±infinity at 0 and 1. */
  public static double fromScore(double score) {
    if (score <= 0) {
      return Double.NEGATIVE_INFINITY;
    }
    if (score >= 1) {
      return Double.POSITIVE_INFINITY;
    }
    return -400 * Math.log10(1 / score - 1);
  }

  /**
   * The standard normal distribution function Φ(z), to a relative error below 1.2e-7 (the Chebyshev
   * fit of erfc in Press et al., Numerical Recipes, section 6.2).
   */
  public static double normalCdf(double z) {
    return 0.5 * erfc(-z / Math.sqrt(2));
  }

  static double erfc(double x) {
    double z = Math.abs(x);
    double t = 1 / (1 + 0.5 * z);
    double r = t * Math.exp(erfcExponent(z, t));
    return x >= 0 ? r : 2 - r;
  }

  /**
   * ln Φ(z), finite far into the lower tail where Φ(z) itself underflows: there the same fit of
   * erfc is taken in logarithms ({@code ln t + exponent}), so that a tiny tail probability can be
   * multiplied by a huge factor (as the image terms of {@code Brownian} do) without overflow.
   */
  static double logNormalCdf(double z) {
    if (z > -5) {
      return Math.log(normalCdf(z));
    }
    double x = -z / Math.sqrt(2); // Φ(z) = erfc(x) / 2 with x > 0
    double t = 1 / (1 + 0.5 * x);
    return Math.log(0.5) + Math.log(t) + erfcExponent(x, t);
  }

  /** The exponent of the Chebyshev fit: erfc(z) = t·e^exponent for z ≥ 0, t = 1/(1 + z/2). */
  private static double erfcExponent(double z, double t) {
    return -z * z
        - 1.26551223
        + t
            * (1.00002368
                + t
                    * (0.37409196
                        + t
                            * (0.09678418
                                + t
                                    * (-0.18628806
                                        + t
                                            * (0.27886807
                                                + t
                                                    * (-1.13520398
                                                        + t
                                                            * (1.48851587
                                                                + t
                                                                    * (-0.82215223
                                                                        + t * 0.17087277))))))));
  }
}
