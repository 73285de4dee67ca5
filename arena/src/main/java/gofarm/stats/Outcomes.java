package gofarm.stats;

/**
 * A sample of a discrete score distribution, as the SPRT and the estimates see it: the possible
 * scores {@code a_i} (evenly spaced in [0, 1]: per game 0, ½, 1; per pair of games 0, ¼, ½, ¾, 1)
 * and how often each occurred.
 *
 * <p>Every count below {@link #EPSILON} is raised to it before anything is computed, as Fishtest
 * does ({@code regularize} in its {@code LLRcalc}): a class that has not occurred yet then has a
 * tiny positive probability, so that the maximum-likelihood distributions exist and every figure is
 * finite even for one-sided samples.
 */
final class Outcomes {
  /** The pseudo-count of an empty class. */
  static final double EPSILON = 1e-3;

  private final double[] scores;
  private final double[] probabilities;
  private final double total;
  private final long observed;

  /** From raw counts of the classes, lowest score first (at least two classes). */
  Outcomes(long[] counts) {
    int k = counts.length;
    scores = new double[k];
    probabilities = new double[k];
    double sum = 0;
    long raw = 0;
    double[] regular = new double[k];
    for (int i = 0; i < k; i++) {
      if (counts[i] < 0) {
        throw new IllegalArgumentException("counts must not be negative (got " + counts[i] + ")");
      }
      regular[i] = Math.max(EPSILON, counts[i]);
      sum += regular[i];
      raw += counts[i];
      scores[i] = i / (double) (k - 1);
    }
    for (int i = 0; i < k; i++) {
      probabilities[i] = regular[i] / sum;
    }
    total = sum;
    observed = raw;
  }

  int size() {
    return scores.length;
  }

  double score(int i) {
    return scores[i];
  }

  /** The regularized empirical probability of class i. */
  double probability(int i) {
    return probabilities[i];
  }

  /** The regularized number of observations (the LLR's N). */
  double total() {
    return total;
  }

  /** The raw number of observations. */
  long observed() {
    return observed;
  }

  double[] probabilities() {
    return probabilities.clone();
  }

  double[] scores() {
    return scores.clone();
  }

  static double mean(double[] a, double[] p) {
    double m = 0;
    for (int i = 0; i < a.length; i++) {
      m += a[i] * p[i];
    }
    return m;
  }

  static double variance(double[] a, double[] p) {
    double m = mean(a, p);
    double v = 0;
    for (int i = 0; i < a.length; i++) {
      v += p[i] * (a[i] - m) * (a[i] - m);
    }
    return v;
  }

  double mean() {
    return mean(scores, probabilities);
  }

  double variance() {
    return variance(scores, probabilities);
  }
}
