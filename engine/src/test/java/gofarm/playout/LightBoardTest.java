package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;
import gofarm.rules.Player;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The light board and policy against {@link Board} and {@link PlayoutPolicy}: playouts run side by
 * side with the same random sequence must choose the same moves, count the same rule statistics,
 * and keep the same observable state after every move (stones, chain heads and lists, the
 * empty-point list in order, ko, captures, which chains are in atari, and the legality, eye test
 * and liberties after a play of every empty point for both players).
 */
class LightBoardTest {

  @ParameterizedTest(name = "{0}x{0}")
  @ValueSource(ints = {2, 3, 5, 9, 19, 25})
  void uniformPlaysExactlyLikeTheBoard(int size) {
    playSideBySide(size, "uniform");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "atari-local",
        "capture extend(counter=1) random",
        "extend(counter=1)@0.7 capture@0.5 random",
        "capture(trigger=1) extend(trigger=1) random"
      })
  void lightRulesPlayExactlyLikeThePolicy(String policy) {
    for (int size : new int[] {3, 5, 9, 19}) {
      playSideBySide(size, policy);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"uniform", "atari-local"})
  void playoutsOnEitherBoardGiveTheSameStatistics(String policy) {
    for (int size : new int[] {5, 9, 19}) {
      Geometry g = Geometry.of(size);
      PolicySpec spec = PolicySpec.parse(policy);
      Board start = new Board(g);
      start.play(g.point(size / 2, size / 2), Color.BLACK);
      start.play(g.point(size / 2 + 1, size / 2), Color.WHITE);
      int last = g.point(size / 2 + 1, size / 2);
      // The light path counts some rules per playout, from the moves that answered a last move:
      // roots after a move, after a pass and with no move yet.
      PlayoutRoot[] roots = {
        PlayoutRoot.of(start, Player.BLACK, last, Point.NONE, 6.5),
        PlayoutRoot.of(start, Player.BLACK, Point.PASS, last, 6.5),
        PlayoutRoot.of(new Board(g), Player.WHITE, Point.NONE, Point.NONE, 7.5)
      };
      for (PlayoutRoot root : roots) {
        Playout light = new Playout(spec, g);
        Playout onBoard = new Playout(spec, g, false);
        PlayoutStats lightStats = light.newStats();
        PlayoutStats boardStats = onBoard.newStats();
        int count = size == 19 ? 100 : 400;
        light.run(root, 77, count, lightStats);
        onBoard.run(root, 77, count, boardStats);
        String after = root.lastMove() == Point.NONE ? "no move" : g.name(root.lastMove());
        assertEquals(boardStats, lightStats, policy + " on " + g + " after " + after);
      }
    }
  }

  /**
   * The packed pair sums near their largest: on 25x25 a comb of black stones (the first column and
   * every other row) is one chain with about 600 pairs over the whole range of points; black fills
   * its liberties one by one until it is in atari, and the light board must agree with the board
   * all the way. (A field too narrow for these sums would show here only by a coincidence in the
   * atari test, since a chain in atari has small sums; the widths rest on the bounds worked out in
   * {@code LightBoard}.)
   */
  @Test
  void theLargestChainOfTheLargestBoardKeepsExactPairs() {
    Geometry g = Geometry.of(Geometry.MAX_SIZE);
    byte[] colors = new Board(g).colors();
    for (int y = 0; y < g.size(); y++) {
      for (int x = 0; x < g.size(); x++) {
        if (x == 0 || y % 2 == 0) {
          colors[g.point(x, y)] = Color.BLACK;
        }
      }
    }
    Board board = new Board(g);
    board.setPosition(colors);
    LightBoard light = new LightBoard(g);
    light.setPosition(board);
    int comb = g.point(0, 0);
    assertSameState(board, light, "in the comb position");
    int moves = 0;
    while (board.libertyCount(comb) > 1) {
      int p = board.emptyPoint(board.emptyCount() - 1);
      board.playAssumeLegal(p, Color.BLACK);
      light.play(p, Color.BLACK);
      moves++;
      assertEquals(board.libertyCount(comb) == 1, light.inAtariAt(comb), "atari after " + moves);
      if (moves % 32 == 0) {
        assertSameState(board, light, "after " + moves + " moves");
      }
    }
    assertEquals(true, moves > 250, "liberties filled: " + moves);
    assertEquals(board.lastLiberty(comb), light.lastLiberty(comb), "the last liberty");
    assertSameState(board, light, "at the end");
  }

  @Test
  void rulesThatNeedExactLibertiesStayOnTheBoard() {
    Geometry g = Geometry.of(9);
    for (String policy :
        new String[] {"atari-global", "mogo", "heavy", "extend(ladder=1) random"}) {
      assertNull(LightPolicy.of(PolicySpec.parse(policy), g), policy);
    }
  }

  private static void playSideBySide(int size, String spec) {
    Geometry g = Geometry.of(size);
    PolicySpec parsed = PolicySpec.parse(spec);
    PlayoutPolicy policy = new PlayoutPolicy(parsed, g);
    LightPolicy lightPolicy = LightPolicy.of(parsed, g);
    int rules = parsed.rules().size();
    PlayoutStats stats = new PlayoutStats(g, rules, Playout.maxLength(g));
    PlayoutStats lightStats = new PlayoutStats(g, rules, Playout.maxLength(g));
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
      int passCount = 0;
      int answered = 0;
      int length = 0;
      int last = Point.NONE;
      for (; passes < 2 && length < Playout.maxLength(g); length++) {
        answered += last > Point.PASS ? 1 : 0;
        int expected = policy.chooseMove(board, me, last, Point.NONE, boardRng, stats);
        int actual = lightPolicy.chooseMove(light, me, last, lightRng, lightStats);
        assertEquals(expected, actual, spec + ": move " + length + " of playout " + playout);
        if (expected == Point.PASS) {
          board.pass(me);
          light.pass();
          passes++;
          passCount++;
        } else {
          board.playAssumeLegal(expected, me);
          light.play(expected, me);
          passes = 0;
        }
        assertSameState(board, light, "after move " + length + " of playout " + playout);
        last = expected;
        me = Color.opponent(me);
        moves++;
        if (playout % 2 == 0 && length == size * size / 2) {
          length++;
          break; // the next playout starts here
        }
      }
      lightPolicy.countPlayout(lightStats, length, passCount, answered);
    }
    assertEquals(true, moves > 1000, "enough moves compared: " + moves);
    for (int rule = 0; rule < rules; rule++) {
      assertEquals(stats.ruleTried[rule], lightStats.ruleTried[rule], spec + ": tried " + rule);
      assertEquals(stats.ruleFired[rule], lightStats.ruleFired[rule], spec + ": fired " + rule);
      assertEquals(stats.ruleChosen[rule], lightStats.ruleChosen[rule], spec + ": chosen " + rule);
      assertEquals(
          stats.ruleCandidates[rule], lightStats.ruleCandidates[rule], spec + ": candidates");
    }
    if (!spec.equals("uniform")) {
      assertTrue(stats.ruleChosen[0] > 0, spec + ": the first rule never chose a move");
    }
  }

  private static void assertSameState(Board board, LightBoard light, String when) {
    Geometry g = board.geometry();
    Marker boardMarker = new Marker(g);
    Marker lightMarker = new Marker(g);
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
          if (board.isLegal(p, c)) {
            assertEquals(
                board.libertiesAfterPlay(p, c, 3, boardMarker),
                light.libertiesAfterPlay(p, c, 3, lightMarker),
                "liberties after play at " + at);
            assertEquals(
                board.libertiesAfterPlay(p, c, 2, boardMarker) == 2,
                light.twoLibertiesAfterPlay(p, c, lightMarker),
                "two liberties after play at " + at);
          }
        }
      } else {
        assertEquals(board.chainHead(p), light.chainHead(p), "chain head at " + at);
        assertEquals(board.nextInChain(p), light.nextInChain(p), "chain list at " + at);
        assertEquals(board.libertyCount(p) == 1, light.inAtariAt(p), "atari at " + at);
      }
    }
  }
}
