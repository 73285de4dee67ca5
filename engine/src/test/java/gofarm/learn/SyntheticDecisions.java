package gofarm.learn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Decisions drawn from a known generalised Bradley-Terry model, for the tests: each candidate has
 * no value in a group with probability {@code noneRate}, else a value drawn with probability
 * proportional to its weight in {@code frequency}, and the chosen candidate is drawn with
 * probability proportional to its strength.
 */
final class SyntheticDecisions {
  private SyntheticDecisions() {}

  /** {@code groups} groups named g0, g1, ... of {@code values} values each. */
  static FeatureLayout layout(int groups, int values) {
    int[] sizes = new int[groups];
    Arrays.fill(sizes, values);
    return groupsOfSizes(sizes);
  }

  /** Groups named g0, g1, ... of the given sizes. */
  static FeatureLayout groupsOfSizes(int... sizes) {
    List<String> names = new ArrayList<>();
    for (int g = 0; g < sizes.length; g++) {
      names.add("g" + g);
    }
    return new FeatureLayout(names, sizes);
  }

  /** Strengths log-uniform in [low, high]. */
  static double[] logUniformGamma(FeatureLayout layout, double low, double high, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] gamma = new double[layout.size()];
    for (int i = 0; i < gamma.length; i++) {
      gamma[i] = low * Math.exp(random.nextDouble() * Math.log(high / low));
    }
    return gamma;
  }

  /**
   * Weights 1/γ: weak values are common among candidates, as bland moves are among legal moves, so
   * every value is chosen often enough to be measured.
   */
  static double[] inverse(double[] gamma) {
    double[] weights = new double[gamma.length];
    for (int i = 0; i < gamma.length; i++) {
      weights[i] = 1 / gamma[i];
    }
    return weights;
  }

  /**
   * {@code decisions} decisions of {@code minCandidates..maxCandidates} candidates each, drawn
   * under {@code gamma}; a value of weight 0 in {@code frequency} never appears (every group needs
   * a value of positive weight).
   */
  static DecisionSet draw(
      FeatureLayout layout,
      double[] gamma,
      double[] frequency,
      int decisions,
      int minCandidates,
      int maxCandidates,
      double noneRate,
      long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int groups = layout.groupCount();
    double[] cumulative = new double[layout.size()];
    for (int g = 0; g < groups; g++) {
      double sum = 0;
      for (int i = layout.start(g); i < layout.end(g); i++) {
        sum += frequency[i];
        cumulative[i] = sum;
      }
    }
    int mean = (minCandidates + maxCandidates) / 2;
    DecisionSet data = new DecisionSet(layout, decisions, decisions * mean + maxCandidates);
    int[] values = new int[groups];
    double[] strength = new double[maxCandidates];
    for (int d = 0; d < decisions; d++) {
      int n = minCandidates + random.nextInt(maxCandidates - minCandidates + 1);
      data.startDecision();
      double total = 0;
      for (int k = 0; k < n; k++) {
        double s = 1;
        for (int g = 0; g < groups; g++) {
          if (random.nextDouble() < noneRate) {
            values[g] = DecisionSet.NONE;
          } else {
            values[g] = pick(cumulative, layout.start(g), layout.end(g), random);
            s *= gamma[values[g]];
          }
        }
        data.addCandidate(values);
        strength[k] = s;
        total += s;
      }
      double u = random.nextDouble() * total;
      int chosen = n - 1; // if rounding leaves u above the last partial sum
      for (int k = 0; k < n; k++) {
        u -= strength[k];
        if (u < 0) {
          chosen = k;
          break;
        }
      }
      data.endDecision(chosen);
    }
    return data;
  }

  private static int pick(double[] cumulative, int start, int end, SplittableRandom random) {
    double u = random.nextDouble() * cumulative[end - 1];
    for (int i = start; i < end; i++) {
      if (u < cumulative[i]) {
        return i; // the first such i has a positive weight
      }
    }
    int last = end - 1; // u rounded up to the total: the last value of positive weight
    while (last > start && cumulative[last] == cumulative[last - 1]) {
      last--;
    }
    return last;
  }
}
