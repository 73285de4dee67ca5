package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;

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

  /** Returned by {@link #visit} when the area is not a candidate (too big, or two colours). */
  private static final int ABORT = -1;

  private final int stride;
  private final Marker area;
  private final Marker examined;
  private final int[] points = new int[MAX_AREA + 1];
  private int border;

  Nakade(Geometry geometry) {
    this.stride = geometry.stride();
    this.area = new Marker(geometry);
    this.examined = new Marker(geometry);
  }

  /**
   * Starts a new move: {@link #vitalPoint} then skips the points of areas it has already examined
   * since (the four neighbours of the last move often share one area). An area's answer does not
   * depend on where its flood started, since each killable shape has one point of highest degree.
   */
  void startMove() {
    examined.clear();
  }

  /**
   * The vital point of the empty area containing the empty point e, or {@link Point#NONE} if the
   * area is larger than six points, touches both colours, or has no killable shape, or when the
   * area was examined since {@link #startMove}.
   */
  int vitalPoint(Board board, int e) {
    if (examined.isMarked(e)) {
      return Point.NONE; // its area's vital point, if any, was found from another point
    }
    area.clear();
    area.mark(e);
    examined.mark(e);
    points[0] = e;
    int n = 1;
    border = Color.EMPTY;
    for (int i = 0; i < n; i++) { // n becomes ABORT (-1) to stop
      int q = points[i];
      n = visit(board, q - stride, n);
      n = visit(board, q - 1, n);
      n = visit(board, q + 1, n);
      n = visit(board, q + stride, n);
    }
    if (n < 3) {
      return Point.NONE;
    }
    int edges = 0;
    int best = Point.NONE;
    int bestDegree = 0;
    for (int i = 0; i < n; i++) {
      int q = points[i];
      int degree =
          (area.isMarked(q - stride) ? 1 : 0)
              + (area.isMarked(q - 1) ? 1 : 0)
              + (area.isMarked(q + 1) ? 1 : 0)
              + (area.isMarked(q + stride) ? 1 : 0);
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
    return killable ? best : Point.NONE;
  }

  /**
   * Adds the neighbour a to the area (if empty and new) or notes its colour; returns the new area
   * size, or {@link #ABORT}.
   */
  private int visit(Board board, int a, int n) {
    if (n == ABORT) {
      return ABORT;
    }
    byte c = board.color(a);
    if (c == Color.EMPTY) {
      if (area.markIfNew(a)) {
        examined.mark(a);
        if (n == MAX_AREA) {
          return ABORT;
        }
        points[n++] = a;
      }
    } else if (c != Color.WALL) {
      border |= c;
      if (border == (Color.BLACK | Color.WHITE)) {
        return ABORT;
      }
    }
    return n;
  }
}
