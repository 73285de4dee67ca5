package gofarm.board;

import java.util.function.IntConsumer;

/**
 * A mutable set of points of one {@link Geometry}, as a {@code long[]} bitset over the padded
 * layout (the vocabulary of Fuego's {@code SgPointSet} and BitmapGo's bitboards).
 *
 * <p>Set algebra works word by word. {@link #dilate} shifts by 1 and by the stride and masks with
 * the board: because every row ends in a wall cell, a shift never wraps from one row into the next.
 * Iterate with {@link #forEach} or, in loops that must not allocate, with {@link #next}:
 *
 * <pre>{@code
 * for (int p = set.next(0); p >= 0; p = set.next(p + 1)) { ... }
 * }</pre>
 *
 * Not thread-safe.
 */
public final class PointSet {
  private final Geometry geometry;
  private final long[] words;

  /** An empty set. */
  public PointSet(Geometry geometry) {
    this.geometry = geometry;
    this.words = new long[wordCount(geometry.arraySize())];
  }

  static int wordCount(int arraySize) {
    return (arraySize + 63) >>> 6;
  }

  public Geometry geometry() {
    return geometry;
  }

  public boolean contains(int p) {
    return (words[p >>> 6] & (1L << p)) != 0;
  }

  public PointSet add(int p) {
    words[p >>> 6] |= 1L << p;
    return this;
  }

  public PointSet remove(int p) {
    words[p >>> 6] &= ~(1L << p);
    return this;
  }

  public PointSet clear() {
    java.util.Arrays.fill(words, 0L);
    return this;
  }

  public boolean isEmpty() {
    for (long w : words) {
      if (w != 0) {
        return false;
      }
    }
    return true;
  }

  public int cardinality() {
    int n = 0;
    for (long w : words) {
      n += Long.bitCount(w);
    }
    return n;
  }

  /** The smallest point {@code >= from} in the set, or -1. */
  public int next(int from) {
    int i = from >>> 6;
    if (i >= words.length) {
      return -1;
    }
    long w = words[i] & (-1L << from);
    while (true) {
      if (w != 0) {
        return (i << 6) + Long.numberOfTrailingZeros(w);
      }
      if (++i == words.length) {
        return -1;
      }
      w = words[i];
    }
  }

  public void forEach(IntConsumer action) {
    for (int i = 0; i < words.length; i++) {
      long w = words[i];
      while (w != 0) {
        action.accept((i << 6) + Long.numberOfTrailingZeros(w));
        w &= w - 1;
      }
    }
  }

  /** The set's points in ascending order. */
  public int[] toArray() {
    int[] out = new int[cardinality()];
    int n = 0;
    for (int p = next(0); p >= 0; p = next(p + 1)) {
      out[n++] = p;
    }
    return out;
  }

  public PointSet copyFrom(PointSet other) {
    System.arraycopy(other.words, 0, words, 0, words.length);
    return this;
  }

  void copyWords(long[] source) {
    System.arraycopy(source, 0, words, 0, words.length);
  }

  public PointSet copy() {
    return new PointSet(geometry).copyFrom(this);
  }

  public PointSet or(PointSet other) {
    for (int i = 0; i < words.length; i++) {
      words[i] |= other.words[i];
    }
    return this;
  }

  public PointSet and(PointSet other) {
    for (int i = 0; i < words.length; i++) {
      words[i] &= other.words[i];
    }
    return this;
  }

  public PointSet andNot(PointSet other) {
    for (int i = 0; i < words.length; i++) {
      words[i] &= ~other.words[i];
    }
    return this;
  }

  public boolean intersects(PointSet other) {
    for (int i = 0; i < words.length; i++) {
      if ((words[i] & other.words[i]) != 0) {
        return true;
      }
    }
    return false;
  }

  /** True when every point of this set is in {@code other}. */
  public boolean isSubsetOf(PointSet other) {
    for (int i = 0; i < words.length; i++) {
      if ((words[i] & ~other.words[i]) != 0) {
        return false;
      }
    }
    return true;
  }

  /** Adds every board point next to a point of the set (4-neighbourhood). */
  public PointSet dilate() {
    int n = words.length;
    int s = geometry.stride();
    long[] shifted = new long[n];
    orShiftedLeft(shifted, 1);
    orShiftedRight(shifted, 1);
    orShiftedLeft(shifted, s);
    orShiftedRight(shifted, s);
    long[] board = geometry.onBoardWords();
    for (int i = 0; i < n; i++) {
      words[i] = (words[i] | shifted[i]) & board[i];
    }
    return this;
  }

  /** The points next to the set but not in it: the set's border, on the board. */
  public PointSet border() {
    PointSet result = copy().dilate();
    return result.andNot(this);
  }

  /**
   * The connected component of {@code within} that contains {@code start}, as a new set.
   *
   * @throws IllegalArgumentException if start is not in {@code within}
   */
  public static PointSet component(int start, PointSet within) {
    if (!within.contains(start)) {
      throw new IllegalArgumentException("start point is not in the set");
    }
    PointSet result = new PointSet(within.geometry).add(start);
    PointSet previous = new PointSet(within.geometry);
    while (!result.equals(previous)) {
      previous.copyFrom(result);
      result.dilate().and(within);
    }
    return result;
  }

  private void orShiftedLeft(long[] out, int k) {
    // out |= words << k, as one long bit string
    int wordShift = k >>> 6;
    int bitShift = k & 63;
    for (int i = words.length - 1; i >= wordShift; i--) {
      long v = words[i - wordShift] << bitShift;
      if (bitShift != 0 && i - wordShift - 1 >= 0) {
        v |= words[i - wordShift - 1] >>> (64 - bitShift);
      }
      out[i] |= v;
    }
  }

  private void orShiftedRight(long[] out, int k) {
    int wordShift = k >>> 6;
    int bitShift = k & 63;
    for (int i = 0; i + wordShift < words.length; i++) {
      long v = words[i + wordShift] >>> bitShift;
      if (bitShift != 0 && i + wordShift + 1 < words.length) {
        v |= words[i + wordShift + 1] << (64 - bitShift);
      }
      out[i] |= v;
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PointSet other
        && other.geometry == geometry
        && java.util.Arrays.equals(words, other.words);
  }

  @Override
  public int hashCode() {
    return java.util.Arrays.hashCode(words);
  }

  /** The points as GTP names in ascending index order, e.g. {@code [A1, C3]}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("[");
    for (int p = next(0); p >= 0; p = next(p + 1)) {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append(geometry.name(p));
    }
    return sb.append(']').toString();
  }
}
