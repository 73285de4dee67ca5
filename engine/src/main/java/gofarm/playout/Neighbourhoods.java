package gofarm.playout;

import gofarm.board.Geometry;

/**
 * For every point of a board, the points at Coulom's distance d = |dx| + |dy| + max(|dx|, |dy|) of
 * 2 to 6 from it, with their distance class (d - 2): the 28 points (fewer near the edge) whose
 * strengths the last moves' distance features change. Immutable, one per board size, shared.
 */
final class Neighbourhoods {
  /** The largest distance with a class; farther points have no distance feature. */
  static final int MAX_DISTANCE = 6;

  private static final Neighbourhoods[] CACHE = new Neighbourhoods[Geometry.MAX_SIZE + 1];

  private final int[] start;
  private final int[] point;
  private final byte[] distanceClass;

  private Neighbourhoods(Geometry geometry) {
    int n = geometry.arraySize();
    start = new int[n + 1];
    int[] points = new int[geometry.pointCount() * 28];
    byte[] classes = new byte[points.length];
    int count = 0;
    for (int p = 0; p < n; p++) {
      start[p] = count;
      if (geometry.isOnBoard(p)) {
        int x = geometry.x(p);
        int y = geometry.y(p);
        for (int dy = -3; dy <= 3; dy++) {
          for (int dx = -3; dx <= 3; dx++) {
            int d = distance(dx, dy);
            int qx = x + dx;
            int qy = y + dy;
            if (d >= 2
                && d <= MAX_DISTANCE
                && qx >= 0
                && qy >= 0
                && qx < geometry.size()
                && qy < geometry.size()) {
              points[count] = geometry.point(qx, qy);
              classes[count] = (byte) (d - 2);
              count++;
            }
          }
        }
      }
    }
    start[n] = count;
    point = java.util.Arrays.copyOf(points, count);
    distanceClass = java.util.Arrays.copyOf(classes, count);
  }

  /** The table for {@code geometry}, built on first use. */
  static synchronized Neighbourhoods of(Geometry geometry) {
    Neighbourhoods t = CACHE[geometry.size()];
    if (t == null) {
      t = new Neighbourhoods(geometry);
      CACHE[geometry.size()] = t;
    }
    return t;
  }

  /** Coulom's distance between two points dx columns and dy rows apart. */
  static int distance(int dx, int dy) {
    int ax = Math.abs(dx);
    int ay = Math.abs(dy);
    return ax + ay + Math.max(ax, ay);
  }

  /** The first entry of p's neighbourhood. */
  int start(int p) {
    return start[p];
  }

  /** One past the last entry of p's neighbourhood. */
  int end(int p) {
    return start[p + 1];
  }

  int point(int entry) {
    return point[entry];
  }

  /** The distance class of an entry: d - 2. */
  int distanceClass(int entry) {
    return distanceClass[entry];
  }
}
