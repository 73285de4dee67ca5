package gofarm.learn;

import java.util.Arrays;

/**
 * The sums one pass over decisions gives for the current strengths and one feature group: what the
 * minorization-maximization update of that group needs, and the figures a report shows (the data
 * log-likelihood and how often the chosen move ranked first or in the first five).
 *
 * <p>Sums {@linkplain #add merge} by addition, so workers sum shards of decisions and the
 * coordinator adds the shards in a fixed order. The counts are exact; the doubles depend on the
 * order of addition, and the same shards added in the same order give the same bits.
 *
 * <ul>
 *   <li>{@code denominators[i - start(g)]}: Σ_j C_ij / E_j for each value i of group g, where C_ij
 *       is the sum over the candidates of decision j with value i of the product of their other
 *       features' strengths, and E_j the sum of all candidates' strengths;
 *   <li>{@code wins[i]} for every feature id: decisions whose chosen candidate has value i;
 *   <li>{@code logLikelihood}: Σ_j log P(chosen in j), without any prior;
 *   <li>{@code decisions}: the decisions counted (those with at least two candidates);
 *   <li>{@code top1}, {@code top5}: decisions whose chosen candidate ranked first, or in the first
 *       five, by strength. Rank is 1 + the number of other candidates at least as strong, so a tie
 *       counts against the prediction (a policy that cannot tell moves apart predicts nothing).
 * </ul>
 *
 * Mutable only through {@link #add}; accessors return copies of the arrays.
 */
public final class MmSums {
  /** The rank within which a chosen move counts for {@link #top5}. */
  public static final int TOP_K = 5;

  private final FeatureLayout layout;
  private final int group;
  private final double[] denominators;
  private final long[] wins;
  private double logLikelihood;
  private long decisions;
  private long top1;
  private long top5;

  private MmSums(
      FeatureLayout layout,
      int group,
      double[] denominators,
      long[] wins,
      double logLikelihood,
      long decisions,
      long top1,
      long top5) {
    this.layout = layout;
    this.group = group;
    this.denominators = denominators;
    this.wins = wins;
    this.logLikelihood = logLikelihood;
    this.decisions = decisions;
    this.top1 = top1;
    this.top5 = top5;
  }

  /** Zero sums for group {@code group} of {@code layout}: what no decision gives. */
  public static MmSums empty(FeatureLayout layout, int group) {
    return new MmSums(
        layout, group, new double[layout.groupSize(group)], new long[layout.size()], 0, 0, 0, 0);
  }

  /** Sums the caller has filled (the accumulating pass); takes the arrays without a copy. */
  static MmSums wrap(
      FeatureLayout layout,
      int group,
      double[] denominators,
      long[] wins,
      double logLikelihood,
      long decisions,
      long top1,
      long top5) {
    return new MmSums(layout, group, denominators, wins, logLikelihood, decisions, top1, top5);
  }

  /**
   * Sums from their fields (as a wire codec reads them), checked and copied: the inverse of the
   * accessors.
   *
   * @throws IllegalArgumentException naming the first field that no pass over decisions could give:
   *     a wrong array length, a denominator that is negative or NaN, a log-likelihood above 0 or
   *     NaN, a negative count, top1 > top5 > decisions, or a group whose wins add up to more than
   *     the decisions
   */
  public static MmSums of(
      FeatureLayout layout,
      int group,
      double[] denominators,
      long[] wins,
      double logLikelihood,
      long decisions,
      long top1,
      long top5) {
    int size = layout.groupSize(group);
    if (denominators.length != size) {
      throw new IllegalArgumentException(
          "denominators: group "
              + group
              + " has "
              + size
              + " values (got "
              + denominators.length
              + ")");
    }
    if (wins.length != layout.size()) {
      throw new IllegalArgumentException(
          "wins: the layout has " + layout.size() + " feature ids (got " + wins.length + ")");
    }
    for (int i = 0; i < size; i++) {
      if (!(denominators[i] >= 0)) {
        throw new IllegalArgumentException(
            "denominators[" + i + "]: must be >= 0 (got " + denominators[i] + ")");
      }
    }
    if (!(logLikelihood <= 0)) {
      throw new IllegalArgumentException("logLikelihood: must be <= 0 (got " + logLikelihood + ")");
    }
    if (decisions < 0 || top1 < 0 || top1 > top5 || top5 > decisions) {
      throw new IllegalArgumentException(
          "counts: need 0 <= top1 <= top5 <= decisions (got top1 "
              + top1
              + ", top5 "
              + top5
              + ", decisions "
              + decisions
              + ")");
    }
    for (int g = 0; g < layout.groupCount(); g++) {
      // A decision's chosen candidate has at most one value per group.
      long sum = 0;
      for (int i = layout.start(g); i < layout.end(g); i++) {
        if (wins[i] < 0) {
          throw new IllegalArgumentException("wins[" + i + "]: must be >= 0 (got " + wins[i] + ")");
        }
        sum += wins[i];
      }
      if (sum > decisions) {
        throw new IllegalArgumentException(
            "wins: group "
                + g
                + " ('"
                + layout.groupName(g)
                + "') has "
                + sum
                + " wins in "
                + decisions
                + " decisions");
      }
    }
    return new MmSums(
        layout, group, denominators.clone(), wins.clone(), logLikelihood, decisions, top1, top5);
  }

  /**
   * Adds {@code other} to these sums (elementwise for the arrays) and returns this.
   *
   * @throws IllegalArgumentException if {@code other} is for another group or layout
   */
  public MmSums add(MmSums other) {
    if (other.group != group || !other.layout.equals(layout)) {
      throw new IllegalArgumentException(
          "cannot add sums of group "
              + other.group
              + " of "
              + other.layout
              + " to sums of group "
              + group
              + " of "
              + layout);
    }
    for (int i = 0; i < denominators.length; i++) {
      denominators[i] += other.denominators[i];
    }
    for (int i = 0; i < wins.length; i++) {
      wins[i] += other.wins[i];
    }
    logLikelihood += other.logLikelihood;
    decisions += other.decisions;
    top1 += other.top1;
    top5 += other.top5;
    return this;
  }

  /** An independent copy, to start a total from without changing a shard. */
  public MmSums copy() {
    return new MmSums(
        layout, group, denominators.clone(), wins.clone(), logLikelihood, decisions, top1, top5);
  }

  public FeatureLayout layout() {
    return layout;
  }

  public int group() {
    return group;
  }

  /** Σ_j C_ij / E_j for the values of the group, indexed by {@code id - layout.start(group)}. */
  public double[] denominators() {
    return denominators.clone();
  }

  /** The denominator of feature {@code id}, a value of this group. */
  public double denominator(int id) {
    if (id < layout.start(group) || id >= layout.end(group)) {
      throw new IllegalArgumentException(
          "feature id "
              + id
              + " is not a value of group "
              + group
              + " ('"
              + layout.groupName(group)
              + "')");
    }
    return denominators[id - layout.start(group)];
  }

  /** The wins of every feature id. */
  public long[] wins() {
    return wins.clone();
  }

  public long wins(int id) {
    return wins[id];
  }

  public double logLikelihood() {
    return logLikelihood;
  }

  public long decisions() {
    return decisions;
  }

  public long top1() {
    return top1;
  }

  public long top5() {
    return top5;
  }

  // For the update, without a copy.
  double denominatorAt(int index) {
    return denominators[index];
  }

  /** Equal sums: same layout and group, same counts, and the same bits in every double. */
  @Override
  public boolean equals(Object o) {
    return o instanceof MmSums other
        && group == other.group
        && layout.equals(other.layout)
        && Arrays.equals(denominators, other.denominators)
        && Arrays.equals(wins, other.wins)
        && Double.doubleToLongBits(logLikelihood) == Double.doubleToLongBits(other.logLikelihood)
        && decisions == other.decisions
        && top1 == other.top1
        && top5 == other.top5;
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(denominators) * 31 + Arrays.hashCode(wins) + Long.hashCode(decisions);
  }

  @Override
  public String toString() {
    return "MmSums[group "
        + group
        + " ('"
        + layout.groupName(group)
        + "'), "
        + decisions
        + " decisions, log-likelihood "
        + logLikelihood
        + ", top1 "
        + top1
        + ", top5 "
        + top5
        + "]";
  }
}
