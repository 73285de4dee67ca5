package gofarm.stats;

/**
 * Maximum-likelihood distributions under a constraint: the distributions p on fixed scores a_i that
 * maximize {@code Σ p̂_i ln p_i} (p̂ the empirical distribution) subject to a mean score (logistic
 * Elo) or a t-value (normalized Elo). Van den Bergh, "A simple derivation of the MLE for the GSPRT"
 * and "Normalized Elo" (notes, 2020-2022); the derivations below are ours.
 *
 * <h2>Mean constraint</h2>
 *
 * With Lagrange multipliers for {@code Σ p_i = 1} and {@code Σ a_i p_i = s}, stationarity gives
 * {@code p_i = p̂_i / (1 + λ h_i)} with {@code h_i = a_i − s}; then {@code Σ p_i = 1} holds by
 * itself once {@code f(λ) = Σ p̂_i h_i / (1 + λ h_i) = 0}. f falls strictly from +∞ to −∞ on the
 * interval where every {@code 1 + λ h_i > 0}, {@code (−1/max h, −1/min h)}, so the root is unique
 * and bisection finds it (Van den Bergh's "secular equation").
 *
 * <h2>t-value constraint</h2>
 *
 * For {@code g(p) = μ(p) − r − T σ(p) = 0} the gradient is {@code ∂g/∂p_i = a_i − T((a_i − μ)² −
 * μ²)/(2σ)}; up to a constant, which the normalisation absorbs, that is {@code h_i = a_i − r −
 * (Tσ/2)(1 + ((a_i − μ)/σ)²)}, whose p-weighted sum is {@code g(p)} at a fixed point. So the same
 * secular solve, with μ and σ taken from the previous iterate, is repeated until p stops changing.
 */
final class Mle {
  private static final int BISECTIONS = 200;
  private static final int MAX_ITERATIONS = 1000;
  private static final double TOLERANCE = 1e-13;

  private Mle() {}

  /** The MLE distribution on scores {@code a} with mean {@code s}; needs min a < s < max a. */
  static double[] withMean(double[] a, double[] pHat, double s) {
    double[] h = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      h[i] = a[i] - s;
    }
    return tilt(pHat, h);
  }

  /**
   * The MLE distribution on scores {@code a} with {@code (μ − ref)/σ = t}, by fixed-point iteration
   * of the secular solve.
   */
  static double[] withTValue(double[] a, double[] pHat, double ref, double t) {
    double[] p = pHat.clone();
    double[] h = new double[a.length];
    for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
      double mu = Outcomes.mean(a, p);
      double sigma = Math.sqrt(Outcomes.variance(a, p));
      for (int i = 0; i < a.length; i++) {
        double z = (a[i] - mu) / sigma;
        h[i] = a[i] - ref - t * sigma / 2 * (1 + z * z);
      }
      double[] next = tilt(pHat, h);
      double change = 0;
      for (int i = 0; i < a.length; i++) {
        change = Math.max(change, Math.abs(next[i] - p[i]));
      }
      p = next;
      if (change < TOLERANCE) {
        break;
      }
    }
    return p;
  }

  /** {@code p_i = p̂_i / (1 + λ h_i)} with λ the root of the secular equation. */
  private static double[] tilt(double[] pHat, double[] h) {
    double hMax = Double.NEGATIVE_INFINITY;
    double hMin = Double.POSITIVE_INFINITY;
    for (double x : h) {
      hMax = Math.max(hMax, x);
      hMin = Math.min(hMin, x);
    }
    if (!(hMax > 0 && hMin < 0)) {
      throw new IllegalArgumentException(
          "the constraint lies outside the possible scores (no distribution satisfies it)");
    }
    double lo = -1 / hMax;
    double hi = -1 / hMin;
    for (int i = 0; i < BISECTIONS; i++) {
      double mid = (lo + hi) / 2;
      if (mid <= lo || mid >= hi) {
        break; // the interval is as small as doubles make it
      }
      if (secular(pHat, h, mid) > 0) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    double lambda = (lo + hi) / 2;
    double[] p = new double[pHat.length];
    double sum = 0;
    for (int i = 0; i < p.length; i++) {
      p[i] = pHat[i] / (1 + lambda * h[i]);
      sum += p[i];
    }
    for (int i = 0; i < p.length; i++) {
      p[i] /= sum; // removes the last rounding error of λ
    }
    return p;
  }

  private static double secular(double[] pHat, double[] h, double lambda) {
    double f = 0;
    for (int i = 0; i < h.length; i++) {
      f += pHat[i] * h[i] / (1 + lambda * h[i]);
    }
    return f;
  }
}
