package gofarm.learn;

import java.util.Arrays;

/**
 * The minorization-maximization (MM) fit of a generalised Bradley-Terry move model (Coulom 2007,
 * after Hunter 2004): each feature value i has a strength γ_i, a candidate's strength is the
 * product of its values' γ (1 with none), and a decision chooses candidate k with probability
 * strength_k / E, E the sum of its candidates' strengths.
 *
 * <p>One step updates one group g with the others fixed. {@link #accumulate} sums shards of
 * decisions into {@link MmSums}; once the shards are added, {@link #update} sets, for every value i
 * of g,
 *
 * <pre>
 *   γ_i ← (W_i + p) / (Σ_j C_ij / E_j + 2p / (γ_i + 1))
 * </pre>
 *
 * where p is the prior's weight: p virtual wins and p virtual losses of every value against an
 * opponent of strength 1, so a rare value stays finite and a value never seen moves towards 1. The
 * values of one group never share a candidate, so E is linear in each of them and the update is the
 * maximum of a separable minorizer: the penalised log-likelihood {@code Σ_j log P(chosen in j) +
 * logPrior(γ, p)} never decreases. Cycle over the groups until it stops rising.
 *
 * <pre>{@code
 * for (int cycle = 0; cycle < cycles; cycle++) {
 *   for (int g = 0; g < layout.groupCount(); g++) {
 *     MmSums total = MinorizationMaximization.accumulate(data, 0, data.decisionCount(), gamma, g);
 *     gamma = MinorizationMaximization.update(layout, gamma, g, total, 1.0);
 *   }
 * }
 * }</pre>
 *
 * <p>Pure functions of their arguments: the same inputs give the same bits (logarithms through
 * {@link StrictMath}, whose results are fixed on every JVM and CPU, unlike {@link Math}'s).
 */
public final class MinorizationMaximization {
  /** ln 2, correctly rounded. */
  private static final double LN_2 = 0.6931471805599453;

  private MinorizationMaximization() {}

  /**
   * One pass over decisions {@code [fromDecision, toDecision)} of {@code data} in order: the sums
   * of group {@code group} under strengths {@code gamma}. Decisions with a single candidate are
   * skipped entirely: a forced choice says nothing about the strengths (its win and its term 1/γ_i
   * of the denominator would leave the maximum where it is and slow the fit; its win alone would
   * push the values it has upwards).
   *
   * @param gamma the strength of every feature id, finite and >= 0 (0 is what a value never chosen
   *     gets without a prior)
   * @throws IllegalArgumentException if the range, the group or {@code gamma} does not fit {@code
   *     data}
   */
  public static MmSums accumulate(
      DecisionSet data, int fromDecision, int toDecision, double[] gamma, int group) {
    FeatureLayout layout = data.layout();
    if (fromDecision < 0 || fromDecision > toDecision || toDecision > data.decisionCount()) {
      throw new IllegalArgumentException(
          "decisions ["
              + fromDecision
              + ", "
              + toDecision
              + ") outside [0, "
              + data.decisionCount()
              + ")");
    }
    checkGamma(layout, gamma);
    int groups = layout.groupCount();
    int start = layout.start(group);
    int end = layout.end(group);
    // Lookups without branches (with NONE in a fifth of the slots, a branch per group mispredicted
    // about once per candidate): ids shifted by one, so that NONE (-1) reads slot 0. strengthOf
    // gives γ and 1 for
    // NONE; otherOf the same but 1 for the values of the group too, so that the product over all
    // groups is the product over the others (no mask, no division by a γ that may be 0); slot 0 of
    // slots collects the candidates without a value in the group. Times 1.0 is exact, so the sums
    // are those of skipping NONE and the group.
    double[] strengthOf = new double[gamma.length + 1];
    strengthOf[0] = 1;
    System.arraycopy(gamma, 0, strengthOf, 1, gamma.length);
    double[] otherOf = strengthOf.clone();
    int[] slotOf = new int[gamma.length + 1];
    for (int i = start; i < end; i++) {
      otherOf[i + 1] = 1;
      slotOf[i + 1] = i - start + 1;
    }
    double[] slots = new double[end - start + 1];
    long[] wins = new long[layout.size()];
    // Per candidate of one decision: its strength, and the product of its other groups' strengths.
    double[] strength = new double[data.maxCandidatesPerDecision()];
    double[] others = new double[data.maxCandidatesPerDecision()];
    int[] features = data.features;
    int[] first = data.first;
    int[] chosen = data.chosen;
    double product = 1;
    long exponent2 = 0;
    long decisions = 0;
    long top1 = 0;
    long top5 = 0;
    for (int d = fromDecision; d < toDecision; d++) {
      int begin = first[d];
      int n = first[d + 1] - begin;
      if (n < 2) {
        continue;
      }
      double total = 0;
      int base = begin * groups;
      for (int k = 0; k < n; k++, base += groups) {
        // Unrolled by hand, multiplying in the same order: C2 left the loop over a few groups
        // rolled, and this takes about 0.7 of its time (5 groups).
        double other = 1;
        int h = 0;
        for (; h + 3 < groups; h += 4) {
          other =
              other
                  * otherOf[features[base + h] + 1]
                  * otherOf[features[base + h + 1] + 1]
                  * otherOf[features[base + h + 2] + 1]
                  * otherOf[features[base + h + 3] + 1];
        }
        for (; h < groups; h++) {
          other *= otherOf[features[base + h] + 1];
        }
        double s = other * strengthOf[features[base + group] + 1];
        others[k] = other;
        strength[k] = s;
        total += s;
      }
      int c = chosen[d] - begin;
      double sc = strength[c];
      // Σ log P as the log of one product, kept in [1, 2) times a power of two: scaling by a power
      // of two is exact and a log per decision cost a sixth of the pass.
      product *= sc / total;
      int exponent = Math.getExponent(product);
      product = Math.scalb(product, -exponent);
      exponent2 += exponent;
      double inverse = 1 / total;
      // Ties count against the prediction; the chosen candidate counts itself once, hence -1.
      int stronger = -1;
      base = begin * groups + group;
      for (int k = 0; k < n; k++, base += groups) {
        stronger += strength[k] >= sc ? 1 : 0;
        slots[slotOf[features[base] + 1]] += others[k] * inverse;
      }
      decisions++;
      if (stronger == 0) {
        top1++;
      }
      if (stronger < MmSums.TOP_K) {
        top5++;
      }
      int chosenBase = chosen[d] * groups;
      for (int h = 0; h < groups; h++) {
        int id = features[chosenBase + h];
        if (id >= 0) {
          wins[id]++;
        }
      }
    }
    double[] denominators = Arrays.copyOfRange(slots, 1, slots.length);
    double logLikelihood = StrictMath.log(product) + exponent2 * LN_2;
    return MmSums.wrap(layout, group, denominators, wins, logLikelihood, decisions, top1, top5);
  }

  /**
   * The strengths after one MM step on group {@code group}: a new array, equal to {@code gamma}
   * outside the group. Without a prior ({@code priorWeight == 0}) a value that no candidate had
   * (denominator 0) keeps its strength, and a value seen but never chosen goes to 0, which is the
   * maximum likelihood; with a prior every value stays finite and positive.
   *
   * @param total the sums of all decisions for {@code group} under {@code gamma}
   * @param priorWeight p >= 0: the virtual wins and losses of every value (Coulom uses 1)
   * @throws IllegalArgumentException if {@code total} is for another group or layout, or {@code
   *     gamma} or {@code priorWeight} is invalid
   */
  public static double[] update(
      FeatureLayout layout, double[] gamma, int group, MmSums total, double priorWeight) {
    checkGamma(layout, gamma);
    checkPrior(priorWeight);
    if (total.group() != group || !total.layout().equals(layout)) {
      throw new IllegalArgumentException(
          "sums of group "
              + total.group()
              + " of "
              + total.layout()
              + " cannot update group "
              + group
              + " of "
              + layout);
    }
    double[] next = gamma.clone();
    int start = layout.start(group);
    int end = layout.end(group);
    for (int i = start; i < end; i++) {
      double denominator = total.denominatorAt(i - start);
      long wins = total.wins(i);
      if (priorWeight == 0) {
        if (denominator > 0) {
          next[i] = wins / denominator;
        }
      } else {
        next[i] = (wins + priorWeight) / (denominator + 2 * priorWeight / (gamma[i] + 1));
      }
    }
    return next;
  }

  /**
   * The log of the prior's weight in the penalised likelihood: {@code p Σ_i (log γ_i − 2 log(1 +
   * γ_i))}, the log-likelihood of p virtual wins and p virtual losses of every value against an
   * opponent of strength 1. Zero when {@code priorWeight} is 0.
   */
  public static double logPrior(double[] gamma, double priorWeight) {
    checkPrior(priorWeight);
    if (priorWeight == 0) {
      return 0; // not 0 * -Infinity for a strength of 0
    }
    double sum = 0;
    for (double g : gamma) {
      sum += StrictMath.log(g) - 2 * StrictMath.log1p(g);
    }
    return priorWeight * sum;
  }

  /** The strength of candidate {@code k} (a store index of {@code data}): its values' product. */
  public static double strength(DecisionSet data, int k, double[] gamma) {
    double s = 1;
    for (int g = 0; g < data.layout().groupCount(); g++) {
      int id = data.feature(k, g);
      if (id >= 0) {
        s *= gamma[id];
      }
    }
    return s;
  }

  /** All ones: every value as strong as no value, where a fit starts. */
  public static double[] initialGamma(FeatureLayout layout) {
    double[] gamma = new double[layout.size()];
    Arrays.fill(gamma, 1.0);
    return gamma;
  }

  private static void checkGamma(FeatureLayout layout, double[] gamma) {
    if (gamma.length != layout.size()) {
      throw new IllegalArgumentException(
          "gamma: the layout has " + layout.size() + " feature ids (got " + gamma.length + ")");
    }
    for (int i = 0; i < gamma.length; i++) {
      if (!(gamma[i] >= 0) || gamma[i] == Double.POSITIVE_INFINITY) {
        throw new IllegalArgumentException(
            "gamma[" + i + "]: must be finite and >= 0 (got " + gamma[i] + ")");
      }
    }
  }

  private static void checkPrior(double priorWeight) {
    if (!(priorWeight >= 0) || priorWeight == Double.POSITIVE_INFINITY) {
      throw new IllegalArgumentException(
          "priorWeight: must be finite and >= 0 (got " + priorWeight + ")");
    }
  }
}
