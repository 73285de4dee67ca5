package gofarm.life;

import gofarm.board.Color;
import gofarm.board.Geometry;

/**
 * An ownership estimate: for each point, in how many of a batch of playouts each colour owned it at
 * the end (a stone, or an empty point all of whose neighbours are that colour's). Playouts make it
 * ({@code PlayoutStats.ownership()}); {@link AreaScorer} and GTP's {@code final_status_list} read
 * it. Immutable.
 */
public final class Ownership {
  private final Geometry geometry;
  private final long playouts;
  private final long[] black;
  private final long[] white;

  /**
   * @param playouts the number of playouts counted, at least 1
   * @param black per array index of {@code geometry}: playouts black owned the point in (copied)
   * @param white the same for white (copied)
   * @throws IllegalArgumentException if the arrays do not fit the geometry or a count is out of
   *     0..playouts, or the two counts of a point add up to more than the playouts
   */
  public Ownership(Geometry geometry, long playouts, long[] black, long[] white) {
    if (playouts < 1) {
      throw new IllegalArgumentException(
          "an ownership estimate needs at least 1 playout (got " + playouts + ")");
    }
    if (black.length != geometry.arraySize() || white.length != geometry.arraySize()) {
      throw new IllegalArgumentException("ownership counts have the wrong size for " + geometry);
    }
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (black[p] < 0 || white[p] < 0 || black[p] + white[p] > playouts) {
        throw new IllegalArgumentException(
            "ownership counts of "
                + geometry.name(p)
                + " must be 0.."
                + playouts
                + " in all (got "
                + black[p]
                + " black, "
                + white[p]
                + " white)");
      }
    }
    this.geometry = geometry;
    this.playouts = playouts;
    this.black = black.clone();
    this.white = white.clone();
  }

  public Geometry geometry() {
    return geometry;
  }

  public long playouts() {
    return playouts;
  }

  /** The share of playouts in which {@code player} owned point p, 0..1. */
  public double share(int p, byte player) {
    return (player == Color.BLACK ? black[p] : white[p]) / (double) playouts;
  }

  /** Black's share minus white's at point p, -1..1: the value of an ownership heat map. */
  public double balance(int p) {
    return (black[p] - white[p]) / (double) playouts;
  }
}
