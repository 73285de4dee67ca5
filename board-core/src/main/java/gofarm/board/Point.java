package gofarm.board;

/**
 * Points are {@code int} indexes into a {@link Geometry}'s padded layout; this class holds the two
 * reserved values that live in the top wall row.
 *
 * <p>{@link #NONE} is 0 so that a zero-filled array means "no point"; {@link #PASS} is 1 so that
 * every per-point array also has a slot for the pass move. Both are wall cells, never board points,
 * for every size (the top wall row has {@code size + 1 >= 3} cells).
 */
public final class Point {
  /** No point: no ko, no last move. */
  public static final int NONE = 0;

  /** The pass move. */
  public static final int PASS = 1;

  private Point() {}
}
