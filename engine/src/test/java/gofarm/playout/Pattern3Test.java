package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.io.Diagram;
import org.junit.jupiter.api.Test;

/** The MoGo patterns, each shown on a board, under rotation, reflection and colour swap. */
class Pattern3Test {

  @Test
  void enclosingHaneMatchesForBothColours() {
    assertMatch(
        """
        . . . . .
        . X O X .
        . . * . .
        . . . . .
        . . . . .
        """,
        true,
        true);
  }

  @Test
  void emptyNeighbourhoodMatchesNothing() {
    assertMatch(
        """
        . . . . .
        . . . . .
        . . * . .
        . . . . .
        . . . . .
        """,
        false,
        false);
  }

  @Test
  void thinHaneOnlyForTheColourOfTheLoneStone() {
    // X O O above the move: a hane for X (black) only.
    assertMatch(
        """
        . . . . .
        . X O O .
        . . * . .
        . . . . .
        . . . . .
        """,
        true,
        false);
  }

  @Test
  void cutMatchesUnlessTheCuttingStonesAreConnected() {
    assertMatch(
        """
        . . . . .
        . X O . .
        . O * . .
        . . . . .
        . . . . .
        """,
        true,
        true);
    // XO? / O.O / ?.? is excluded: the cut is already answered.
    assertMatch(
        """
        . . . . .
        . X O . .
        . O * O .
        . . . . .
        . . . . .
        """,
        false,
        false);
  }

  @Test
  void edgePatternsOnlyOnTheFirstLine() {
    // Edge 1: X.? / O.? with the edge below: the move is on the first line.
    assertMatch(
        """
        . . . . .
        . . . . .
        . . . . .
        . X . . .
        . O * . .
        """,
        true,
        true);
    // The enclosing hane X O X with the move on the first line: centre patterns need all eight
    // neighbours on the board, but edge patterns take over: edge 3 (?XO / ?.? / ###, X to move)
    // with X = white matches for white, and edge 4 (?XO / ?.o / ###, O to move) for black.
    assertMatch(
        """
        . . . . .
        . . . . .
        . . . . .
        X O X . .
        . * . . .
        """,
        true,
        true);
  }

  @Test
  void allSymmetriesAgree() {
    String[] rows = {". . . . .", ". X O X .", ". . * . .", ". . . . .", ". . . . ."};
    char[][] grid = new char[5][];
    for (int i = 0; i < 5; i++) {
      grid[i] = rows[i].replace(" ", "").toCharArray();
    }
    for (int k = 0; k < 8; k++) {
      char[][] t = transform(grid, k);
      StringBuilder sb = new StringBuilder();
      for (char[] row : t) {
        sb.append(new String(row)).append('\n');
      }
      assertMatch(sb.toString(), true, true);
      assertMatch(sb.toString().replace('X', 'x').replace('O', 'X').replace('x', 'O'), true, true);
    }
  }

  @Test
  void tableIsSymmetricInColour() {
    assertEquals(Pattern3.matchingKeys(Color.BLACK), Pattern3.matchingKeys(Color.WHITE));
    assertTrue(Pattern3.matchingKeys(Color.BLACK) > 1000);
  }

  private static void assertMatch(String diagram, boolean black, boolean white) {
    Diagram d = Diagram.parse(diagram);
    Board board = d.board();
    int p = d.point('*');
    assertEquals(black, Pattern3.matches(board, p, Color.BLACK), "black at *\n" + diagram);
    assertEquals(white, Pattern3.matches(board, p, Color.WHITE), "white at *\n" + diagram);
    if (!black && !white) {
      assertFalse(Pattern3.matches(board, p, Color.BLACK));
    }
  }

  private static char[][] transform(char[][] g, int k) {
    int n = g.length;
    char[][] out = new char[n][n];
    for (int y = 0; y < n; y++) {
      for (int x = 0; x < n; x++) {
        int xx = (k & 4) != 0 ? n - 1 - x : x;
        int yy = y;
        for (int r = 0; r < (k & 3); r++) {
          int t = xx;
          xx = n - 1 - yy;
          yy = t;
        }
        out[yy][xx] = g[y][x];
      }
    }
    return out;
  }
}
