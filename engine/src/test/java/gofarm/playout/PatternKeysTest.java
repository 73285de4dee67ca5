package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.io.Diagram;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The softmax policy's 3x3 pattern keys: one number per shape under the eight symmetries and the
 * colour swap, and exactly as many numbers as there are such shapes, counted here by brute force on
 * grids of characters without the class's tables.
 */
class PatternKeysTest {

  /**
   * Every 3x3 window a board can show, as 9 characters (X O x o . # and * at the centre), reduced
   * to the smallest string among its 8 rotations and reflections: the number of distinct results is
   * the number of patterns.
   */
  @Test
  void countEqualsABruteForceCountOfShapesUnderSymmetry() {
    Set<String> shapes = new HashSet<>();
    // Off-board cells: none, one side, or two adjacent sides (rows 0/2, columns 0/2).
    int[][] layouts = {{}, {0}, {1}, {2}, {3}, {0, 2}, {0, 3}, {1, 2}, {1, 3}};
    for (int[] walls : layouts) {
      char[] cells = new char[9];
      cells[4] = '*';
      fill(cells, 0, walls, shapes);
    }
    assertEquals(shapes.size(), PatternKeys.count());
  }

  private static void fill(char[] cells, int i, int[] walls, Set<String> shapes) {
    if (i == 9) {
      shapes.add(smallestImage(cells));
      return;
    }
    if (i == 4) {
      fill(cells, i + 1, walls, shapes);
      return;
    }
    int r = i / 3;
    int c = i % 3;
    boolean off = false;
    for (int w : walls) {
      off |= w == 0 && r == 0 || w == 1 && r == 2 || w == 2 && c == 0 || w == 3 && c == 2;
    }
    boolean orthogonal = (r == 1) != (c == 1);
    String options = off ? "#" : orthogonal ? ".XOxo" : ".XO";
    for (char ch : options.toCharArray()) {
      cells[i] = ch;
      fill(cells, i + 1, walls, shapes);
    }
  }

  private static String smallestImage(char[] cells) {
    String best = null;
    char[] g = cells.clone();
    for (int mirror = 0; mirror < 2; mirror++) {
      for (int turn = 0; turn < 4; turn++) {
        String s = new String(g);
        best = best == null || s.compareTo(best) < 0 ? s : best;
        g = rotate(g);
      }
      g = mirror(g);
    }
    return best;
  }

  private static char[] rotate(char[] g) {
    char[] out = new char[9];
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        out[c * 3 + (2 - r)] = g[r * 3 + c];
      }
    }
    return out;
  }

  private static char[] mirror(char[] g) {
    char[] out = new char[9];
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        out[r * 3 + (2 - c)] = g[r * 3 + c];
      }
    }
    return out;
  }

  /**
   * On random boards, a point's pattern for black equals the pattern of the mirrored and rotated
   * point on the transformed board, and of the same point for white with the colours swapped.
   */
  @Test
  void symmetriesAndTheColourSwapGiveOneKey() {
    SplittableRandom random = new SplittableRandom(20261127);
    Geometry g = Geometry.of(7);
    for (int round = 0; round < 300; round++) {
      Board board = randomBoard(g, random);
      Board swapped = swapColours(board);
      for (int i = 0; i < g.pointCount(); i++) {
        int p = g.point(i);
        if (board.color(p) != Color.EMPTY) {
          continue;
        }
        int id = PatternKeys.idAt(board, p, Color.BLACK);
        assertTrue(id >= 0, "a board shows only numbered keys");
        assertEquals(id, PatternKeys.idAt(swapped, p, Color.WHITE), "colour swap");
        for (int s = 1; s < 8; s++) {
          Board t = transformed(board, s);
          int tp = transformedPoint(g, p, s);
          assertEquals(id, PatternKeys.idAt(t, tp, Color.BLACK), "symmetry " + s);
        }
      }
    }
  }

  @Test
  void namesParseBackInAnyOrientation() {
    for (int id = 0; id < PatternKeys.count(); id += 7) {
      assertEquals(id, PatternKeys.parse(PatternKeys.name(id)));
      int rotated = PatternKeys.transform(PatternKeys.canonicalKey(id), 3);
      assertEquals(id, PatternKeys.id(rotated));
    }
    assertEquals(
        PatternKeys.parse("X.O/o*./###"), PatternKeys.parse("###/o*./X.O"), "a mirror image");
  }

  @Test
  void impossibleNamesAreRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PatternKeys.parse("#../.*./..#"));
    assertTrue(e.getMessage().contains("cannot occur"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PatternKeys.parse("x../.*./..."));
    assertTrue(e.getMessage().contains("orthogonal"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PatternKeys.parse("X../...../..."));
    assertTrue(e.getMessage().contains("three rows"), e.getMessage());
  }

  @Test
  void patternsAreSeenFromThePlayerWithTheAtariOfOrthogonalChains() {
    Diagram d =
        Diagram.parse(
            """
        . X O . .
        . . X . .
        . . . . .
        . . . . .
        . . . . .
        """);
    Board board = d.board();
    Geometry g = d.geometry();
    // B2: the black stones above and to the right are not in atari; the white one is diagonal.
    int b2 = g.point(1, 1);
    assertEquals(PatternKeys.parse(".XO/.*X/..."), PatternKeys.idAt(board, b2, Color.BLACK));
    assertEquals(PatternKeys.parse(".OX/.*O/..."), PatternKeys.idAt(board, b2, Color.WHITE));
    // D1: on the edge, next to the white stone in atari (its last liberty is D1).
    int d1 = g.point(3, 0);
    assertEquals(PatternKeys.parse("###/o*./X.."), PatternKeys.idAt(board, d1, Color.BLACK));
    assertEquals(PatternKeys.parse("###/x*./O.."), PatternKeys.idAt(board, d1, Color.WHITE));
  }

  // ------------------------------------------------------------------ helpers

  private static Board randomBoard(Geometry g, SplittableRandom random) {
    Board board = new Board(g);
    int stones = random.nextInt(g.pointCount());
    for (int i = 0; i < stones; i++) {
      int p = g.point(random.nextInt(g.pointCount()));
      byte c = random.nextBoolean() ? Color.BLACK : Color.WHITE;
      board.play(p, c);
    }
    return board;
  }

  private static Board swapColours(Board board) {
    Geometry g = board.geometry();
    byte[] colors = board.colors().clone();
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      if (Color.isPlayer(colors[p])) {
        colors[p] = Color.opponent(colors[p]);
      }
    }
    Board swapped = new Board(g);
    swapped.setPosition(colors);
    return swapped;
  }

  private static int transformedPoint(Geometry g, int p, int s) {
    int x = g.x(p);
    int y = g.y(p);
    int n = g.size() - 1;
    if ((s & 4) != 0) {
      x = n - x;
    }
    for (int k = 0; k < (s & 3); k++) {
      int t = y;
      y = x;
      x = n - t;
    }
    return g.point(x, y);
  }

  private static Board transformed(Board board, int s) {
    Geometry g = board.geometry();
    byte[] colors = new byte[g.arraySize()];
    System.arraycopy(board.colors(), 0, colors, 0, colors.length);
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      colors[transformedPoint(g, p, s)] = board.color(p);
    }
    Board t = new Board(g);
    t.setPosition(colors);
    return t;
  }
}
