package gofarm.board;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** The padded layout's neighbours and diagonals, against the 5x5 numbers in Geometry's comment. */
class GeometryTest {

  private static int[] around(Geometry g, int p, boolean diagonals) {
    int[] out = new int[4];
    for (int k = 0; k < 4; k++) {
      out[k] = diagonals ? g.diagonal(p, k) : g.neighbour(p, k);
    }
    return out;
  }

  @Test
  void neighboursAndDiagonalsFollowThePaddedLayout() {
    Geometry g = Geometry.of(5);
    int centre = g.parse("C3");
    assertArrayEquals(new int[] {15, 20, 22, 27}, around(g, centre, false));
    assertArrayEquals(new int[] {14, 16, 26, 28}, around(g, centre, true));
    // A corner's off-board neighbours are wall cells, so that loops need no bounds check.
    int corner = g.parse("A5");
    assertArrayEquals(new int[] {1, 6, 8, 13}, around(g, corner, false));
    assertFalse(g.isOnBoard(g.neighbour(corner, 0)));
    assertFalse(g.isOnBoard(g.neighbour(corner, 1)));
    assertArrayEquals(new int[] {0, 2, 12, 14}, around(g, corner, true));
  }
}
