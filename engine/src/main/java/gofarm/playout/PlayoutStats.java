package gofarm.playout;

import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.life.Ownership;
import java.util.Arrays;

/**
 * The statistics of a batch of playouts from one position under one policy: exact integer counts
 * that {@linkplain #merge merge} by addition, so batches can be summed in any order on any machine
 * and give the same totals (the coordinator aggregates chunks this way).
 *
 * <p>What is counted, per batch:
 *
 * <ul>
 *   <li>playouts, black wins, white wins, draws (jigo, only with an integer komi);
 *   <li>playout length: sum and histogram (moves including passes, the final two included); passes;
 *       stones captured; ko captures (moves that left a ko point);
 *   <li>final score B−W (area, before komi): sum, sum of squares, histogram by integer;
 *   <li>per rule of the policy: tried (reached and its rate allowed it), fired (found candidates),
 *       chosen (supplied the move), candidates (summed over firings), vetoes (candidates a filter
 *       rejected);
 *   <li>per point: playouts that ended with the point black's, white's, or the winner's (stone or
 *       eye), the last for Coulom's criticality;
 *   <li>AMAF for the first move: per point and colour, playouts in which that colour played there
 *       first, and how many of them that colour won;
 *   <li>for a softmax policy, per feature value ({@link FeatureSpace}): candidates that had it,
 *       summed over moves, and moves played that had it.
 * </ul>
 *
 * Per-point arrays are indexed by the points of the {@link Geometry}. Not thread-safe: one per
 * thread, merged afterwards.
 */
public final class PlayoutStats {
  private final Geometry geometry;
  private final int ruleCount;
  private final int featureCount;
  private final int maxLength;

  long playouts;
  long blackWins;
  long whiteWins;
  long draws;
  long lengthSum;
  long passes;
  long captures;
  long koCaptures;
  long scoreSum;
  long scoreSquares;
  final long[] lengthHistogram;
  final long[] scoreHistogram;

  final long[] ruleTried;
  final long[] ruleFired;
  final long[] ruleChosen;
  final long[] ruleCandidates;
  final long[] ruleVetoes;

  final long[] featureCandidates;
  final long[] featureChosen;

  final long[] ownedBlack;
  final long[] ownedWhite;
  final long[] ownedByWinner;
  final long[] amafBlackFirst;
  final long[] amafBlackFirstWins;
  final long[] amafWhiteFirst;
  final long[] amafWhiteFirstWins;

  /**
   * Empty statistics for playouts on {@code geometry} under a policy of {@code ruleCount} rules,
   * with lengths up to {@code maxLength} moves.
   */
  public PlayoutStats(Geometry geometry, int ruleCount, int maxLength) {
    this(geometry, ruleCount, 0, maxLength);
  }

  /**
   * Empty statistics as {@link #PlayoutStats(Geometry, int, int)} makes them, with counts for
   * {@code featureCount} feature values (the softmax policy's {@link FeatureSpace#size()}, else 0).
   */
  public PlayoutStats(Geometry geometry, int ruleCount, int featureCount, int maxLength) {
    this.geometry = geometry;
    this.ruleCount = ruleCount;
    this.featureCount = featureCount;
    this.maxLength = maxLength;
    int n = geometry.arraySize();
    lengthHistogram = new long[maxLength + 1];
    scoreHistogram = new long[2 * geometry.pointCount() + 1];
    ruleTried = new long[ruleCount];
    ruleFired = new long[ruleCount];
    ruleChosen = new long[ruleCount];
    ruleCandidates = new long[ruleCount];
    ruleVetoes = new long[ruleCount];
    featureCandidates = new long[featureCount];
    featureChosen = new long[featureCount];
    ownedBlack = new long[n];
    ownedWhite = new long[n];
    ownedByWinner = new long[n];
    amafBlackFirst = new long[n];
    amafBlackFirstWins = new long[n];
    amafWhiteFirst = new long[n];
    amafWhiteFirstWins = new long[n];
  }

  /**
   * The bytes of statistics shaped as {@link #PlayoutStats(Geometry, int, int)} makes them: its
   * arrays of longs with their headers, and the object. A bound that lets the coordinator refuse a
   * job whose statistics would not fit before allocating them.
   */
  public static long bytes(Geometry geometry, int ruleCount, int featureCount, int maxLength) {
    long longs =
        (maxLength + 1L)
            + (2L * geometry.pointCount() + 1)
            + 5L * ruleCount
            + 2L * featureCount
            + 7L * geometry.arraySize();
    return 8 * longs + 17 * ARRAY_HEADER_BYTES + OBJECT_BYTES;
  }

  /** A long array's header on a 64-bit JVM (compressed or not), rounded up. */
  private static final int ARRAY_HEADER_BYTES = 24;

  /** The object: header, ten longs, four ints and seventeen references, rounded up. */
  private static final int OBJECT_BYTES = 248;

  /** Empty statistics shaped like {@code other}'s. */
  public static PlayoutStats like(PlayoutStats other) {
    return new PlayoutStats(other.geometry, other.ruleCount, other.featureCount, other.maxLength);
  }

  /**
   * Adds {@code other}'s counts to these. Addition is associative and commutative, so any order of
   * merging gives the same result.
   *
   * @throws IllegalArgumentException if the two are shaped differently
   */
  public PlayoutStats merge(PlayoutStats other) {
    if (other.geometry != geometry
        || other.ruleCount != ruleCount
        || other.featureCount != featureCount
        || other.maxLength != maxLength) {
      throw new IllegalArgumentException(
          "cannot merge statistics of different shapes: " + shape() + " and " + other.shape());
    }
    playouts += other.playouts;
    blackWins += other.blackWins;
    whiteWins += other.whiteWins;
    draws += other.draws;
    lengthSum += other.lengthSum;
    passes += other.passes;
    captures += other.captures;
    koCaptures += other.koCaptures;
    scoreSum += other.scoreSum;
    scoreSquares += other.scoreSquares;
    add(lengthHistogram, other.lengthHistogram);
    add(scoreHistogram, other.scoreHistogram);
    add(ruleTried, other.ruleTried);
    add(ruleFired, other.ruleFired);
    add(ruleChosen, other.ruleChosen);
    add(ruleCandidates, other.ruleCandidates);
    add(ruleVetoes, other.ruleVetoes);
    add(featureCandidates, other.featureCandidates);
    add(featureChosen, other.featureChosen);
    add(ownedBlack, other.ownedBlack);
    add(ownedWhite, other.ownedWhite);
    add(ownedByWinner, other.ownedByWinner);
    add(amafBlackFirst, other.amafBlackFirst);
    add(amafBlackFirstWins, other.amafBlackFirstWins);
    add(amafWhiteFirst, other.amafWhiteFirst);
    add(amafWhiteFirstWins, other.amafWhiteFirstWins);
    return this;
  }

  private static void add(long[] into, long[] from) {
    for (int i = 0; i < into.length; i++) {
      into[i] += from[i];
    }
  }

  private String shape() {
    String features = featureCount > 0 ? featureCount + " features, " : "";
    return geometry + ", " + ruleCount + " rules, " + features + "lengths up to " + maxLength;
  }

  // ------------------------------------------------------------------ reading

  public Geometry geometry() {
    return geometry;
  }

  public int ruleCount() {
    return ruleCount;
  }

  /** The feature values counted: {@link FeatureSpace#size()} for a softmax policy, else 0. */
  public int featureCount() {
    return featureCount;
  }

  /** The largest playout length the histogram holds. */
  public int maxLength() {
    return maxLength;
  }

  public long playouts() {
    return playouts;
  }

  public long blackWins() {
    return blackWins;
  }

  public long whiteWins() {
    return whiteWins;
  }

  public long draws() {
    return draws;
  }

  /** Sum of playout lengths (moves and passes). */
  public long lengthSum() {
    return lengthSum;
  }

  public long passes() {
    return passes;
  }

  /** Stones captured in all playouts. */
  public long captures() {
    return captures;
  }

  /** Moves that left a ko point (single-stone captures that can be retaken). */
  public long koCaptures() {
    return koCaptures;
  }

  /** Sum over playouts of the final B−W area difference (komi not subtracted). */
  public long scoreSum() {
    return scoreSum;
  }

  /** Sum over playouts of the square of B−W. */
  public long scoreSquares() {
    return scoreSquares;
  }

  /** Playouts of length exactly {@code length}. */
  public long lengthCount(int length) {
    return lengthHistogram[length];
  }

  /** Playouts that ended with B−W exactly {@code difference} (−points..points). */
  public long scoreCount(int difference) {
    int i = difference + geometry.pointCount();
    return i < 0 || i >= scoreHistogram.length ? 0 : scoreHistogram[i];
  }

  public long ruleTried(int rule) {
    return ruleTried[rule];
  }

  public long ruleFired(int rule) {
    return ruleFired[rule];
  }

  public long ruleChosen(int rule) {
    return ruleChosen[rule];
  }

  /** Candidate moves summed over the times the rule fired. */
  public long ruleCandidates(int rule) {
    return ruleCandidates[rule];
  }

  public long ruleVetoes(int rule) {
    return ruleVetoes[rule];
  }

  /** Playouts that ended with point p owned by {@code player} (stone or eye). */
  public long owned(int p, byte player) {
    return player == Color.BLACK ? ownedBlack[p] : ownedWhite[p];
  }

  /** Playouts that ended with p owned by the playout's winner. */
  public long ownedByWinner(int p) {
    return ownedByWinner[p];
  }

  /** Playouts in which {@code player} played at p before the opponent did (AMAF). */
  public long amafFirst(int p, byte player) {
    return player == Color.BLACK ? amafBlackFirst[p] : amafWhiteFirst[p];
  }

  /** Of {@link #amafFirst}, the playouts {@code player} won. */
  public long amafFirstWins(int p, byte player) {
    return player == Color.BLACK ? amafBlackFirstWins[p] : amafWhiteFirstWins[p];
  }

  /** The per-point ownership counts as an estimate for {@code gofarm.life}'s scorer and GTP. */
  public Ownership ownership() {
    return new Ownership(geometry, playouts, ownedBlack, ownedWhite);
  }

  // ------------------------------------------------------------------ generic access (wire)

  /** The scalar counters, for codecs that move statistics across the wire. */
  public enum Counter {
    PLAYOUTS,
    BLACK_WINS,
    WHITE_WINS,
    DRAWS,
    LENGTH_SUM,
    PASSES,
    CAPTURES,
    KO_CAPTURES,
    SCORE_SUM,
    SCORE_SQUARES
  }

  /** The per-point counters; see the getters of the same names. */
  public enum PointSeries {
    OWNED_BLACK,
    OWNED_WHITE,
    OWNED_BY_WINNER,
    AMAF_BLACK_FIRST,
    AMAF_BLACK_FIRST_WINS,
    AMAF_WHITE_FIRST,
    AMAF_WHITE_FIRST_WINS
  }

  /** The per-feature counters of a softmax policy. */
  public enum FeatureSeries {
    /** Candidates with the feature, summed over moves. */
    CANDIDATES,
    /** Moves played with the feature. */
    CHOSEN
  }

  /** The per-rule counters; see the getters of the same names. */
  public enum RuleSeries {
    TRIED,
    FIRED,
    CHOSEN,
    CANDIDATES,
    VETOES
  }

  public long get(Counter c) {
    return switch (c) {
      case PLAYOUTS -> playouts;
      case BLACK_WINS -> blackWins;
      case WHITE_WINS -> whiteWins;
      case DRAWS -> draws;
      case LENGTH_SUM -> lengthSum;
      case PASSES -> passes;
      case CAPTURES -> captures;
      case KO_CAPTURES -> koCaptures;
      case SCORE_SUM -> scoreSum;
      case SCORE_SQUARES -> scoreSquares;
    };
  }

  public void add(Counter c, long value) {
    switch (c) {
      case PLAYOUTS -> playouts += value;
      case BLACK_WINS -> blackWins += value;
      case WHITE_WINS -> whiteWins += value;
      case DRAWS -> draws += value;
      case LENGTH_SUM -> lengthSum += value;
      case PASSES -> passes += value;
      case CAPTURES -> captures += value;
      case KO_CAPTURES -> koCaptures += value;
      case SCORE_SUM -> scoreSum += value;
      case SCORE_SQUARES -> scoreSquares += value;
    }
  }

  private long[] series(PointSeries s) {
    return switch (s) {
      case OWNED_BLACK -> ownedBlack;
      case OWNED_WHITE -> ownedWhite;
      case OWNED_BY_WINNER -> ownedByWinner;
      case AMAF_BLACK_FIRST -> amafBlackFirst;
      case AMAF_BLACK_FIRST_WINS -> amafBlackFirstWins;
      case AMAF_WHITE_FIRST -> amafWhiteFirst;
      case AMAF_WHITE_FIRST_WINS -> amafWhiteFirstWins;
    };
  }

  private long[] series(RuleSeries s) {
    return switch (s) {
      case TRIED -> ruleTried;
      case FIRED -> ruleFired;
      case CHOSEN -> ruleChosen;
      case CANDIDATES -> ruleCandidates;
      case VETOES -> ruleVetoes;
    };
  }

  /** The counter of the i-th board point in row-major order from the top-left corner. */
  public long get(PointSeries s, int i) {
    return series(s)[geometry.point(i)];
  }

  public void add(PointSeries s, int i, long value) {
    series(s)[geometry.point(i)] += value;
  }

  /**
   * Adds the seven counts of the i-th board point (row-major from the top-left corner), in {@link
   * PointSeries} order: one call a point where a coordinator adds a worker's dense block.
   */
  public void addPointCounts(
      int i,
      long ownedBlack,
      long ownedWhite,
      long ownedByWinner,
      long amafBlackFirst,
      long amafBlackFirstWins,
      long amafWhiteFirst,
      long amafWhiteFirstWins) {
    int p = geometry.point(i);
    this.ownedBlack[p] += ownedBlack;
    this.ownedWhite[p] += ownedWhite;
    this.ownedByWinner[p] += ownedByWinner;
    this.amafBlackFirst[p] += amafBlackFirst;
    this.amafBlackFirstWins[p] += amafBlackFirstWins;
    this.amafWhiteFirst[p] += amafWhiteFirst;
    this.amafWhiteFirstWins[p] += amafWhiteFirstWins;
  }

  public long get(FeatureSeries s, int feature) {
    return (s == FeatureSeries.CANDIDATES ? featureCandidates : featureChosen)[feature];
  }

  public void add(FeatureSeries s, int feature, long value) {
    (s == FeatureSeries.CANDIDATES ? featureCandidates : featureChosen)[feature] += value;
  }

  /** Adds a softmax policy's counts, indexed by feature id. */
  void addFeatureCounts(long[] candidates, long[] chosen) {
    add(featureCandidates, candidates);
    add(featureChosen, chosen);
  }

  public long get(RuleSeries s, int rule) {
    return series(s)[rule];
  }

  public void add(RuleSeries s, int rule, long value) {
    series(s)[rule] += value;
  }

  /** Adds {@code n} playouts of length {@code length} (0..maxLength) to the histogram. */
  public void addLengthCount(int length, long n) {
    lengthHistogram[length] += n;
  }

  /** Adds {@code n} playouts with final B−W {@code difference} (−points..points). */
  public void addScoreCount(int difference, long n) {
    scoreHistogram[difference + geometry.pointCount()] += n;
  }

  // ------------------------------------------------------------------ derived figures

  /** Black wins over playouts, counting a draw as half. */
  public double blackWinRate() {
    return playouts == 0 ? Double.NaN : (blackWins + 0.5 * draws) / playouts;
  }

  /** Mean playout length in moves, passes included. */
  public double meanLength() {
    return playouts == 0 ? Double.NaN : (double) lengthSum / playouts;
  }

  /** Mean final score B−W−komi. */
  public double meanScore(double komi) {
    return playouts == 0 ? Double.NaN : (double) scoreSum / playouts - komi;
  }

  /** Standard deviation of the final score (population). */
  public double scoreStdDev() {
    if (playouts == 0) {
      return Double.NaN;
    }
    double mean = (double) scoreSum / playouts;
    return Math.sqrt(Math.max(0, (double) scoreSquares / playouts - mean * mean));
  }

  /**
   * Coulom's criticality of p: covariance of owning p and winning, {@code v/N − (w·W + b·B)/N²},
   * where v = playouts whose winner owned p, w and b = playouts white and black owned p, W and B =
   * white and black wins.
   */
  public double criticality(int p) {
    if (playouts == 0) {
      return Double.NaN;
    }
    double n = playouts;
    return ownedByWinner[p] / n
        - (ownedWhite[p] / n * (whiteWins / n) + ownedBlack[p] / n * (blackWins / n));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PlayoutStats s
        && s.geometry == geometry
        && s.ruleCount == ruleCount
        && s.featureCount == featureCount
        && s.maxLength == maxLength
        && s.playouts == playouts
        && s.blackWins == blackWins
        && s.whiteWins == whiteWins
        && s.draws == draws
        && s.lengthSum == lengthSum
        && s.passes == passes
        && s.captures == captures
        && s.koCaptures == koCaptures
        && s.scoreSum == scoreSum
        && s.scoreSquares == scoreSquares
        && Arrays.equals(s.lengthHistogram, lengthHistogram)
        && Arrays.equals(s.scoreHistogram, scoreHistogram)
        && Arrays.equals(s.ruleTried, ruleTried)
        && Arrays.equals(s.ruleFired, ruleFired)
        && Arrays.equals(s.ruleChosen, ruleChosen)
        && Arrays.equals(s.ruleCandidates, ruleCandidates)
        && Arrays.equals(s.ruleVetoes, ruleVetoes)
        && Arrays.equals(s.featureCandidates, featureCandidates)
        && Arrays.equals(s.featureChosen, featureChosen)
        && Arrays.equals(s.ownedBlack, ownedBlack)
        && Arrays.equals(s.ownedWhite, ownedWhite)
        && Arrays.equals(s.ownedByWinner, ownedByWinner)
        && Arrays.equals(s.amafBlackFirst, amafBlackFirst)
        && Arrays.equals(s.amafBlackFirstWins, amafBlackFirstWins)
        && Arrays.equals(s.amafWhiteFirst, amafWhiteFirst)
        && Arrays.equals(s.amafWhiteFirstWins, amafWhiteFirstWins);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(playouts) * 31 + Long.hashCode(scoreSum) * 17 + Long.hashCode(lengthSum);
  }

  @Override
  public String toString() {
    return String.format(
        "%d playouts, black wins %.4f, %.2f moves, B-W %.2f",
        playouts,
        blackWinRate(),
        meanLength(),
        playouts == 0 ? Double.NaN : (double) scoreSum / playouts);
  }
}
