package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The light board against {@link Board}: uniform playouts run side by side, the light board's
 * random rule against {@link PlayoutPolicy}'s on a {@link Board} with the same random sequence,
 * must choose the same moves and keep the same observable state after every move (stones, chain
 * heads and lists, the empty-point list in order, ko, captures, which chains are in atari, and the
 * legality and eye test of every empty point for both players).
 */
class LightBoardTest {

  @ParameterizedTest(name = "{0}x{0}")
  @ValueSource(ints = {2, 3, 5, 9, 19, 25})
  void playsExactlyLikeTheBoard(int size) {
    Geometry g = Geometry.of(size);
    PolicySpec uniform = PolicySpec.parse("uniform");
    PlayoutPolicy policy = new PlayoutPolicy(uniform, g);
    PlayoutStats stats = new PlayoutStats(g, 1, Playout.maxLength(g));
    Rng boardRng = new Rng(0);
    Rng lightRng = new Rng(0);
    Board board = new Board(g);
    LightBoard light = new LightBoard(g);
    int playouts = size <= 5 ? 400 : size == 9 ? 60 : 8;
    long moves = 0;
    for (int playout = 0; playout < playouts; playout++) {
      // Start every other playout from the middle of the previous one, so that roots have chains,
      // captures behind them and sometimes a ko.
      if (playout % 2 == 0) {
        board.clear();
      }
      Board root = new Board(g);
      root.setPosition(board.colors(), board.koPoint(), board.koColor());
      board.copyFrom(root);
      light.setPosition(root);
      boardRng.setSeed(playout);
      lightRng.setSeed(playout);
      byte me = playout % 3 == 0 ? Color.WHITE : Color.BLACK;
      int passes = 0;
      for (int length = 0; passes < 2 && length < Playout.maxLength(g); length++) {
        int expected = policy.chooseMove(board, me, Point.NONE, Point.NONE, boardRng, stats);
        int actual = light.randomMove(me, lightRng);
        assertEquals(expected, actual, "move " + length + " of playout " + playout);
        if (expected == Point.PASS) {
          board.pass(me);
          light.pass();
          passes++;
        } else {
          board.playAssumeLegal(expected, me);
          light.play(expected, me);
          passes = 0;
        }
        assertSameState(board, light, "after move " + length + " of playout " + playout);
        me = Color.opponent(me);
        moves++;
        if (playout % 2 == 0 && length == size * size / 2) {
          break; // the next playout starts here
        }
      }
    }
    assertEquals(true, moves > 1000, "enough moves compared: " + moves);
  }

  private static void assertSameState(Board board, LightBoard light, String when) {
    Geometry g = board.geometry();
    assertEquals(board.emptyCount(), light.emptyCount(), "empty count " + when);
    for (int i = 0; i < board.emptyCount(); i++) {
      assertEquals(board.emptyPoint(i), light.emptyPoint(i), "empty list " + when);
    }
    assertEquals(board.koPoint(), light.koPoint(), "ko " + when);
    int captures = board.captures(Color.BLACK) + board.captures(Color.WHITE);
    assertEquals(captures, light.captures(), "captures " + when);
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      String at = g.name(p) + " " + when;
      assertEquals(board.color(p), light.color(p), "colour at " + at);
      if (board.color(p) == Color.EMPTY) {
        for (byte c = Color.BLACK; c <= Color.WHITE; c++) {
          assertEquals(board.isLegal(p, c), light.isLegal(p, c), "legal at " + at);
          assertEquals(board.isSimpleEye(p, c), light.isSimpleEye(p, c), "eye at " + at);
        }
      } else {
        assertEquals(board.chainHead(p), light.chainHead(p), "chain head at " + at);
        assertEquals(board.nextInChain(p), light.nextInChain(p), "chain list at " + at);
        assertEquals(board.libertyCount(p) == 1, light.inAtariAt(p), "atari at " + at);
      }
    }
  }
}
