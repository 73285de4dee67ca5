package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Diagram;
import gofarm.life.EyeShape;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Vital points of small eye spaces: in each diagram the empty area inside white's wall is the eye
 * space, {@code *} marks its vital point (or there is none: {@code -}), and {@code e} marks the
 * empty point the search starts from when the vital point is elsewhere.
 */
class NakadeTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "straight three | O O O O O O/O e * . O O/O O O O O O/. . . . . ./. . . . . ./. . . . . .",
        "bent three     | O O O O O O/O e * O O O/O O . O O O/O O O O O O/. . . . . ./. . . . . .",
        "pyramid four   | O O O O O O/O e * . O O/O O . O O O/O O O O O O/. . . . . ./. . . . . .",
        "bulky five     | O O O O O O/O e . O O O/O . * . O O/O O O O O O/. . . . . ./. . . . . .",
        "crossed five   | O O O O O O/O O e O O O/O . * . O O/O O . O O O/O O O O O O/. . . . . .",
        "rabbity six    | O O O O O O/O O e O O O/O . * . O O/O O . . O O/O O O O O O/. . . . . .",
        "square four    | O O O O O O/O e . O O O/O . . O O O/O O O O O O/. . . . . ./. . . . . .",
        "straight four  | O O O O O O/O e . . . O/O O O O O O/. . . . . ./. . . . . ./. . . . . .",
        "bent four      | O O O O O O/O e . . O O/O O O . O O/O O O O O O/. . . . . ./. . . . . .",
        "two points     | O O O O O O/O e . O O O/O O O O O O/. . . . . ./. . . . . ./. . . . . .",
        "seven points   | O O O O O O/O e . . . O/O . . . O O/O O O O O O/. . . . . ./. . . . . .",
        "both colours   | O O O O O O/O e . X O O/O O O O O O/. . . . . ./. . . . . ./. . . . . .",
        "corner three   | e * . O . ./O O O O . ./. . . . . ./. . . . . ./. . . . . ./. . . . . .",
      })
  void vitalPoint(String shape, String rows) {
    Diagram d = Diagram.parse(rows.replace('/', '\n'));
    Board board = d.board();
    int start = d.point('e');
    int expected = d.marked('*').isEmpty() ? Point.NONE : d.point('*');
    assertEquals(expected, new Nakade(d.geometry()).vitalPoint(board, start), shape);
  }

  /**
   * Nakade's degree counting agrees with the local eye search of {@code gofarm.life.EyeShape} on
   * every shape of 3 to 6 points in the middle of the board: a shape is killable (attacker first
   * one eye, defender first two) exactly when Nakade finds a vital point, and the points are the
   * same. (Near the edge they may differ: the search sees that a corner point touches no wall, so a
   * bent four with its bend in the corner is a ko there; Nakade calls it alive. The playouts keep
   * Nakade: it is allocation-free, and its figures are pinned.)
   */
  @Test
  void agreesWithTheEyeSearchOnEveryShapeInTheMiddle() {
    Geometry g = Geometry.of(13);
    Set<Long> shapes = new HashSet<>();
    grow(1L, shapes);
    int killable = 0;
    for (long cells : shapes) {
      int n = Long.bitCount(cells);
      if (n < 3) {
        continue;
      }
      int[] points = new int[n];
      int k = 0;
      byte[] colors = new byte[g.arraySize()];
      for (int i = 0; i < g.pointCount(); i++) {
        colors[g.point(i)] = Color.WHITE;
      }
      for (long rest = cells; rest != 0; rest &= rest - 1) {
        int c = Long.numberOfTrailingZeros(rest);
        points[k] = g.point(3 + (c & 7), 3 + (c >>> 3));
        colors[points[k++]] = Color.EMPTY;
      }
      Board board = new Board(g);
      board.setPosition(colors);
      int[] adjacency = new int[n];
      int wall = 0;
      for (int i = 0; i < n; i++) {
        int inside = 0;
        for (int j = 0; j < n; j++) {
          int d =
              Math.abs(g.x(points[i]) - g.x(points[j])) + Math.abs(g.y(points[i]) - g.y(points[j]));
          if (d == 1) {
            adjacency[i] |= 1 << j;
            inside++;
          }
        }
        wall |= inside < 4 ? 1 << i : 0;
      }
      EyeShape.Analysis a = EyeShape.analyze(n, adjacency, wall, 0);
      boolean searchKills = a.value().attackerFirst() == 1 && a.value().defenderFirst() == 2;
      int expected = Point.NONE;
      if (searchKills) {
        killable++;
        assertEquals(1, Integer.bitCount(a.vitalPoints()), "one vital point");
        expected = points[Integer.numberOfTrailingZeros(a.vitalPoints())];
      }
      // The same answer from every point of the area (the playouts examine an area once per move,
      // from whichever neighbour of the last move reaches it first), and none from a point of an
      // area already examined in this move.
      Nakade nakade = new Nakade(g);
      for (int start : points) {
        nakade.startMove();
        assertEquals(expected, nakade.vitalPoint(board, start), "shape from a point\n" + board);
        assertEquals(Point.NONE, nakade.vitalPoint(board, points[0]), "examined\n" + board);
      }
    }
    // Fixed shapes (rotations and reflections apart) of 3..6 cells: 6 + 19 + 63 + 216.
    assertEquals(6 + 19 + 63 + 216, shapes.stream().filter(c -> Long.bitCount(c) >= 3).count());
    assertTrue(killable > 0);
  }

  /**
   * Adds {@code cells} (a shape in an 8x8 grid, cell {@code y * 8 + x}) moved to the top-left
   * corner, and every shape of up to 6 cells that grows from it by one neighbouring cell.
   */
  private static void grow(long cells, Set<Long> shapes) {
    long normal = toCorner(cells);
    if (!shapes.add(normal) || Long.bitCount(normal) == 6) {
      return;
    }
    // One row and one column of room above and to the left; a shape of 5 cells spans at most 5.
    long roomy = normal << 9;
    for (long rest = roomy; rest != 0; rest &= rest - 1) {
      int c = Long.numberOfTrailingZeros(rest);
      for (int t : new int[] {c - 8, c - 1, c + 1, c + 8}) {
        boolean sameRow = Math.abs(t - c) != 1 || (t >>> 3) == (c >>> 3);
        if (t >= 0 && t < 64 && sameRow && (roomy & 1L << t) == 0) {
          grow(roomy | 1L << t, shapes);
        }
      }
    }
  }

  private static long toCorner(long m) {
    while ((m & 0x0101010101010101L) == 0) {
      m >>>= 1;
    }
    while ((m & 0xFFL) == 0) {
      m >>>= 8;
    }
    return m;
  }
}
