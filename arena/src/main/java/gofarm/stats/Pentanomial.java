package gofarm.stats;

import java.util.Arrays;

/**
 * Counts of game pairs by the first player's total score over the pair: 0, ½, 1, 1½ or 2 points
 * (class 0 to 4, lowest first, as Fishtest's {@code Ptnml(0-2)} lists them). In Go without draws
 * only classes 0 (both lost), 2 (split) and 4 (both won) occur; with an integer komi a draw counts
 * half a point and fills the other two.
 *
 * <pre>{@code
 * Pentanomial counts = Pentanomial.EMPTY
 *     .plus(Pentanomial.classify(1, 0))     // won with black, lost with white: class 2
 *     .plus(Pentanomial.classify(1, 0.5));  // a win and a draw: class 3
 * counts.count(2);                          // 1
 * }</pre>
 *
 * <p>Colour-swapped pairs from the same opening cancel the colour and komi bias, and the pair, not
 * the game, is the independent unit: the model behind {@link Sprt} and {@link EloEstimate} treats
 * the pairs as draws from one five-class distribution. Immutable.
 */
public final class Pentanomial {
  /** The number of classes. */
  public static final int CLASSES = 5;

  /** No pairs. */
  public static final Pentanomial EMPTY = new Pentanomial(new long[CLASSES]);

  private final long[] counts;

  private Pentanomial(long[] counts) {
    this.counts = counts;
  }

  /**
   * Counts of the five classes, lowest score first.
   *
   * @throws IllegalArgumentException unless there are five counts, none negative
   */
  public static Pentanomial of(long... counts) {
    if (counts.length != CLASSES) {
      throw new IllegalArgumentException(
          "a pentanomial needs 5 counts, lowest score first (got " + counts.length + ")");
    }
    for (int i = 0; i < CLASSES; i++) {
      if (counts[i] < 0) {
        throw new IllegalArgumentException(
            "pentanomial count " + i + " must not be negative (got " + counts[i] + ")");
      }
    }
    return new Pentanomial(counts.clone());
  }

  /**
   * The class of a pair from the first player's score in each game (1 a win, ½ a draw, 0 a loss):
   * twice the total, 0..4.
   *
   * @throws IllegalArgumentException for a score other than 0, ½ or 1
   */
  public static int classify(double firstGame, double secondGame) {
    return (int) Math.round(2 * (checkScore(firstGame) + checkScore(secondGame)));
  }

  private static double checkScore(double s) {
    if (s != 0 && s != 0.5 && s != 1) {
      throw new IllegalArgumentException("a game score must be 0, 0.5 or 1 (got " + s + ")");
    }
    return s;
  }

  /** These counts with one more pair of class {@code pairClass} (0..4). */
  public Pentanomial plus(int pairClass) {
    if (pairClass < 0 || pairClass >= CLASSES) {
      throw new IllegalArgumentException("a pair class is 0..4 (got " + pairClass + ")");
    }
    long[] next = counts.clone();
    next[pairClass]++;
    return new Pentanomial(next);
  }

  /** The sum of both counts, class by class. */
  public Pentanomial plus(Pentanomial other) {
    long[] next = counts.clone();
    for (int i = 0; i < CLASSES; i++) {
      next[i] += other.counts[i];
    }
    return new Pentanomial(next);
  }

  /** The pairs of class {@code pairClass} (0..4). */
  public long count(int pairClass) {
    return counts[pairClass];
  }

  /** The five counts, lowest score first (a copy). */
  public long[] counts() {
    return counts.clone();
  }

  /** The number of pairs. */
  public long pairs() {
    long n = 0;
    for (long c : counts) {
      n += c;
    }
    return n;
  }

  /** The number of games: two per pair. */
  public long games() {
    return 2 * pairs();
  }

  /**
   * The first player's points over all games (a pair of class k is worth k/2 points), the number
   * Fishtest and cutechess print as "Points".
   */
  public double points() {
    double p = 0;
    for (int i = 0; i < CLASSES; i++) {
      p += counts[i] * i / 2.0;
    }
    return p;
  }

  Outcomes outcomes() {
    return new Outcomes(counts);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Pentanomial p && Arrays.equals(counts, p.counts);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(counts);
  }

  /** As Fishtest prints it: {@code 12, 340, 801, 355, 9}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < CLASSES; i++) {
      sb.append(i == 0 ? "" : ", ").append(counts[i]);
    }
    return sb.toString();
  }
}
