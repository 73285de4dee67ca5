package gofarm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Geometry;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Rules;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** Random balanced openings: a function of the seed, balanced when balance can be had. */
class OpeningTest {
  private static final Rules RULES = Rules.DEFAULT;

  @Test
  void randomOpeningsAreDeterministicAndBalanced() {
    for (long seed = 1; seed <= 12; seed++) {
      Opening a = Opening.random(9, RULES, 6, seed);
      assertEquals(a, Opening.random(9, RULES, 6, seed), "seed " + seed);
      assertEquals(6, a.moves().size());
      double rate = Opening.blackWinRate(a.start(RULES), seed);
      assertTrue(
          rate >= Opening.MIN_BALANCE && rate <= 1 - Opening.MIN_BALANCE,
          "seed " + seed + ": black wins " + rate + " after " + a.moves());
    }
    assertNotEquals(Opening.random(9, RULES, 6, 1), Opening.random(9, RULES, 6, 2));
  }

  @Test
  void movesStayOffTheEdgeAndCaptureNothing() {
    for (long seed = 1; seed <= 6; seed++) {
      Opening a = Opening.random(9, RULES, 20, seed);
      Game game = new Game(9, RULES);
      Geometry g = game.geometry();
      for (Move m : a.moves()) {
        int x = g.x(m.point());
        int y = g.y(m.point());
        assertTrue(x >= 2 && y >= 2 && x <= 6 && y <= 6, "seed " + seed + ": " + m);
        assertFalse(game.board().isCapture(m.point(), m.player().color()), "seed " + seed + m);
        game.play(m);
      }
    }
  }

  /**
   * With a komi of 60 on 7x7 black cannot win (the board has 49 points): no draw is balanced, so
   * all 50 are made and the one closest to even is kept; that too is a function of the seed.
   */
  @Test
  void whenNoDrawIsBalancedTheClosestIsTaken() {
    Rules hopeless = RULES.withKomi(60);
    Opening a = Opening.random(7, hopeless, 4, 9);
    assertEquals(a, Opening.random(7, hopeless, 4, 9));
    assertEquals(4, a.moves().size());
    assertTrue(Opening.blackWinRate(a.start(hopeless), 9) < Opening.MIN_BALANCE);
  }

  /**
   * On 7x7 at komi 21, eight random moves leave black a win rate near 0.25 under uniform playouts:
   * about half the first draws fall short (9 of these 20 seeds), and those seeds get a later draw
   * that is in range; the others keep their first.
   */
  @Test
  void unbalancedDrawsAreDrawnAgain() {
    Rules rules = RULES.withKomi(21);
    int redrawn = 0;
    for (long seed = 1; seed <= 20; seed++) {
      Opening a = Opening.random(7, rules, 8, seed);
      double rate = Opening.blackWinRate(a.start(rules), seed);
      assertTrue(rate >= 0.25 && rate <= 0.75, "seed " + seed + ": " + rate);
      Game first = Opening.draw(7, rules, 8, gofarm.playout.Rng.mix(seed, 0), new ArrayList<>());
      double firstRate = Opening.blackWinRate(first, seed);
      if (firstRate < 0.25 || firstRate > 0.75) {
        assertNotEquals(first.moves(), a.moves(), "seed " + seed);
        redrawn++;
      } else {
        assertEquals(first.moves(), a.moves(), "seed " + seed + ": the first draw is balanced");
      }
    }
    assertTrue(redrawn > 0, "no seed needed a second draw");
  }
}
