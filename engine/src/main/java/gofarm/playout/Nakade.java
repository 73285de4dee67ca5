package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import java.util.Arrays;

/**
 * Finds the vital point of a small enclosed eye space (GO-DIGEST §C.5): an area of 3 to 6 empty
 * points bordered by stones of one colour (and the edge) whose shape is killable — straight or bent
 * three, pyramid four, bulky or crossed five, rabbity six. Playing there kills it for the attacker
 * and makes two eyes for the owner.
 *
 * <p>Shapes are told apart by the number of in-area neighbours of each point (its degree) and the
 * number of adjacent pairs (edges): three points always have a middle of degree 2; a four with a
 * point of degree 3 is the pyramid; a five with five edges (a 2x2 block plus one) is bulky, its
 * vital point the one of degree 3; a five with a point of degree 4 is the cross; a six with a point
 * of degree 4 and six edges is the rabbity six. Every other shape of these sizes either lives
 * (straight and bent four) or is dead already (square four) and has no vital point.
 *
 * <p>Thread-confined; owned by one {@link PlayoutPolicy}.
 */
final class Nakade {
  private static final int MAX_AREA = 6;

  /** The bits of a fill's state that hold the area's size. */
  private static final int SIZE = 0xFF;

  private final int stride;
  // Per point, the fill that last added it to an area, and the move that last examined it: a
  // point is in the current area when its stamp is the current fill, like a Marker, but written
  // without a branch.
  private final int[] areaStamp;
  private final int[] examinedStamp;
  private int fill;
  private int move = 1;
  // The area's points; a point's four neighbours are visited before the size is checked, so up
  // to three more than the largest area a fill goes on with.
  private final int[] points = new int[MAX_AREA + 4];
  // The colour of the stones around the last area whose vital point was found.
  private byte border;

  Nakade(Geometry geometry) {
    this.stride = geometry.stride();
    this.areaStamp = new int[geometry.arraySize()];
    this.examinedStamp = new int[geometry.arraySize()];
  }

  /**
   * Starts a new move: {@link #vitalPoint} then skips the points of areas it has already examined
   * since (the four neighbours of the last move often share one area). An area's answer does not
   * depend on where its flood started, since each killable shape has one point of highest degree.
   */
  void startMove() {
    if (++move == Integer.MAX_VALUE) {
      Arrays.fill(examinedStamp, 0);
      move = 1;
    }
  }

  /**
   * The vital point of the empty area containing the empty point e, or {@link Point#NONE} if the
   * area is larger than six points, touches both colours, or has no killable shape, or when the
   * area was examined since {@link #startMove}.
   */
  int vitalPoint(Board board, int e) {
    if (examinedStamp[e] == move) {
      return Point.NONE; // its area's vital point, if any, was found from another point
    }
    if (++fill == Integer.MAX_VALUE) {
      Arrays.fill(areaStamp, 0);
      fill = 1;
    }
    areaStamp[e] = fill;
    examinedStamp[e] = move;
    points[0] = e;
    // The flood's tests of what each neighbour is are arithmetic, not branches: the colours
    // around a point are as good as random, and the branches cost more than the work. A fill
    // stops when the area is too large or touches both colours; the points it marked examined
    // on the way are in that same area, so their answer is none as well.
    int state = 1; // the area's size in bits 0-7, the colours of the stones around it above
    for (int i = 0; i < (state & SIZE); i++) {
      int q = points[i];
      state = visit(board, q - stride, state);
      state = visit(board, q - 1, state);
      state = visit(board, q + 1, state);
      state = visit(board, q + stride, state);
      if ((state & SIZE) > MAX_AREA || state >>> 8 == (Color.BLACK | Color.WHITE)) {
        return Point.NONE;
      }
    }
    int n = state & SIZE;
    if (n < 3) {
      return Point.NONE;
    }
    int edges = 0;
    int best = Point.NONE;
    int bestDegree = 0;
    for (int i = 0; i < n; i++) {
      int q = points[i];
      int degree = inArea(q - stride) + inArea(q - 1) + inArea(q + 1) + inArea(q + stride);
      edges += degree;
      if (degree > bestDegree) {
        bestDegree = degree;
        best = q;
      }
    }
    edges /= 2;
    boolean killable =
        switch (n) {
          case 3 -> true;
          case 4 -> bestDegree == 3;
          case 5 -> (edges == 5 && bestDegree == 3) || bestDegree == 4;
          default -> bestDegree == 4 && edges == 6;
        };
    border = (byte) (state >>> 8);
    return killable ? best : Point.NONE;
  }

  /**
   * The colour of the stones around the area of the last vital point {@link #vitalPoint} found
   * (EMPTY if only the edge bounds it).
   */
  byte border() {
    return border;
  }

  /**
   * Visits the neighbour a of an area point: an empty point not in the area yet joins it (written
   * at the next free slot of points), a stone adds its colour to the border. Returns the new state.
   */
  private int visit(Board board, int a, int state) {
    int c = board.color(a);
    int empty = (c - 1) >>> 31; // EMPTY is 0
    int old = areaStamp[a];
    int joins = empty & ((old ^ fill | -(old ^ fill)) >>> 31); // empty and not yet in the area
    areaStamp[a] = old + ((fill - old) & -empty);
    examinedStamp[a] = move; // harmless on a stone: only empty points are looked up
    points[state & SIZE] = a;
    int stone = c & ~-((c + 1) >> 2); // the colour of a stone; 0 for EMPTY and WALL (3)
    return (state + joins) | stone << 8;
  }

  private int inArea(int q) {
    return areaStamp[q] == fill ? 1 : 0;
  }
}
