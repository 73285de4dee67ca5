package gofarm.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Random games played on {@link Board} and on the naive {@link ReferenceBoard}: colours, captures,
 * liberty counts and the legality of every empty point must agree after every move.
 */
class BoardDifferentialTest {

  @Test
  void agreesWithReferenceBoardWithSuicideForbidden() {
    runGames(false, 400);
  }

  @Test
  void agreesWithReferenceBoardWithSuicideAllowed() {
    runGames(true, 400);
  }

  private static void runGames(boolean suicideAllowed, int games) {
    // Mostly small boards, where games are short and every corner case comes up often; a few
    // large ones (the reference board is O(points^2) per move).
    int[] sizes = {
      2, 3, 4, 5, 6, 7, 9, 2, 3, 4, 5, 6, 7, 9, 2, 3, 4, 5, 6, 7, 9, 13, 2, 3, 4, 5, 19
    };
    for (int game = 0; game < games; game++) {
      long seed = 1000L * game + (suicideAllowed ? 1 : 0);
      int size = sizes[game % sizes.length];
      try {
        playGame(size, suicideAllowed, new SplittableRandom(seed));
      } catch (AssertionError | RuntimeException e) {
        fail(
            "game " + game + " (seed " + seed + ", " + size + "x" + size + "): " + e.getMessage(),
            e);
      }
    }
  }

  private static void playGame(int size, boolean suicideAllowed, SplittableRandom random) {
    Geometry g = Geometry.of(size);
    Board board = new Board(g);
    ReferenceBoard ref = new ReferenceBoard(size);
    byte toPlay = Color.BLACK;
    int[] legal = new int[g.pointCount()];
    int passes = 0;
    for (int move = 0; move < 3 * g.pointCount() && passes < 2; move++) {
      int n = 0;
      for (int i = 0; i < g.pointCount(); i++) {
        int p = g.point(i);
        int x = g.x(p);
        int y = g.y(p);
        // On large boards the reference checks a sample of points (and the ko point) per move.
        boolean sampled = size <= 9 || p == board.koPoint() || random.nextInt(size) == 0;
        if (!sampled) {
          if (suicideAllowed ? board.color(p) == Color.EMPTY : board.isLegal(p, toPlay)) {
            legal[n++] = p;
          }
          continue;
        }
        boolean expected = ref.isLegal(x, y, toPlay, suicideAllowed);
        boolean actual =
            suicideAllowed
                ? board.color(p) == Color.EMPTY
                    && !(p == board.koPoint() && toPlay == board.koColor())
                : board.isLegal(p, toPlay);
        assertEquals(expected, actual, "legality of " + g.name(p) + " at move " + move);
        if (!suicideAllowed) {
          assertEquals(ref.isLegal(x, y, toPlay, false), board.isLegal(p, toPlay));
        }
        if (actual) {
          legal[n++] = p;
        }
      }
      if (n == 0 || random.nextInt(50) == 0) {
        board.pass(toPlay);
        ref.pass();
        passes++;
      } else {
        int p = legal[random.nextInt(n)];
        board.playAssumeLegal(p, toPlay);
        ref.play(g.x(p), g.y(p), toPlay);
        passes = 0;
      }
      compare(g, board, ref, move);
      toPlay = Color.opponent(toPlay);
    }
  }

  private static void compare(Geometry g, Board board, ReferenceBoard ref, int move) {
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      int x = g.x(p);
      int y = g.y(p);
      assertEquals(ref.grid[y][x], board.color(p), "colour of " + g.name(p) + " at move " + move);
      if (board.color(p) != Color.EMPTY && (g.size() <= 9 || board.chainHead(p) == p)) {
        assertEquals(ref.liberties(x, y), board.libertyCount(p), "liberties at " + g.name(p));
        assertEquals(ref.chainSize(x, y), board.chainSize(p), "chain size at " + g.name(p));
      }
    }
    assertEquals(ref.captures[Color.BLACK], board.captures(Color.BLACK), "black captures");
    assertEquals(ref.captures[Color.WHITE], board.captures(Color.WHITE), "white captures");
  }
}
