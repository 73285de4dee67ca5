package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Diagram;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import org.junit.jupiter.api.Test;

class FlatMonteCarloTest {

  /**
   * Flat Monte-Carlo by definition: the chosen move's win rate, measured independently with many
   * playouts per candidate, is within noise of the best candidate's.
   */
  @Test
  void choosesTheMoveThePlayoutsRateBest() {
    Diagram d =
        Diagram.parse(
            """
            . . . . . .
            . . X O . .
            . X . X O .
            . . X O O .
            . . X O . .
            . . . . . .
            """);
    Game game = d.game(Rules.DEFAULT.withKomi(2.5));
    Geometry g = d.geometry();
    int chosen =
        new FlatMonteCarlo(PolicySpec.parse("uniform"), 20_000, 1).chooseMove(game, Player.BLACK);
    PlayoutRoot root = PlayoutRoot.of(game);
    Playout playout = new Playout(PolicySpec.parse("uniform"), g);
    double best = 0;
    double chosenRate = -1;
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      if (!game.isLegal(Player.BLACK, p) || game.board().isSimpleEye(p, Color.BLACK)) {
        continue;
      }
      PlayoutStats stats = playout.newStats();
      playout.run(root.after(p, Color.BLACK), 99, 4000, stats);
      double rate = stats.blackWinRate();
      best = Math.max(best, rate);
      if (p == chosen) {
        chosenRate = rate;
      }
    }
    // Two binomial sigmas at 4000 playouts are about 0.016; allow for the search's own noise.
    assertTrue(
        chosenRate >= best - 0.04,
        "chose " + g.name(chosen) + " at " + chosenRate + ", best " + best);
  }

  @Test
  void passesAfterTheOpponentsPassWhenTheBoardAlreadyWins() {
    Diagram d =
        Diagram.parse(
            """
            . X O . .
            . X O . .
            X X O . .
            . X O O O
            . X O . .
            """);
    Game game = d.game(Rules.DEFAULT.withKomi(0.5));
    game.setToPlay(Player.WHITE);
    game.pass();
    // White owns 14 points to black's 11: after black's pass white passes too.
    FlatMonteCarlo mc = new FlatMonteCarlo(PolicySpec.parse("uniform"), 200, 1);
    game.pass();
    assertEquals(Point.PASS, mc.chooseMove(game, Player.WHITE));
  }

  @Test
  void onlyPlaysLegalMovesThroughAWholeGame() {
    Game game = new Game(7, Rules.DEFAULT.withKoRule(KoRule.POSITIONAL));
    FlatMonteCarlo mc = new FlatMonteCarlo(PolicySpec.parse("uniform"), 50, 3);
    int moves = 0;
    while (!game.isOver() && moves < 300) {
      Player me = game.toPlay();
      int p = mc.chooseMove(game, me);
      assertTrue(game.isLegal(me, p), "illegal " + p);
      game.play(me, p);
      moves++;
    }
    assertTrue(game.isOver(), "the game ends with two passes");
  }
}
