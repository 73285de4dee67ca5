package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.rules.Player;
import org.junit.jupiter.api.Test;

/**
 * The light policy against Don Dailey's reference-bot figures (GO-DIGEST §A.6): from the empty 9x9
 * board, black wins 0.4213 at komi 7.5 and 0.4334 at komi 7, with 111.05 moves per playout counting
 * the two final passes. They hold only if the choice is truly uniform and the eye rule is exactly
 * the diagonal rule. At 10^5 playouts the binomial sigma is 0.0016, so the tolerance is 4 sigma.
 */
class PlayoutConformanceTest {
  private static final int PLAYOUTS = 100_000;

  @Test
  void uniformOnEmpty9x9Komi75() {
    PlayoutStats stats = run(7.5);
    System.out.println("komi 7.5: " + stats);
    assertEquals(0.4213, stats.blackWinRate(), 0.0065, "black win rate");
    assertEquals(111.05, stats.meanLength(), 0.5, "moves per playout");
  }

  @Test
  void uniformOnEmpty9x9Komi7() {
    PlayoutStats stats = run(7.0);
    System.out.println("komi 7: " + stats);
    assertEquals(0.4334, stats.blackWinRate(), 0.0065, "black win rate");
  }

  private static PlayoutStats run(double komi) {
    Geometry g = Geometry.of(9);
    PlayoutRoot root = PlayoutRoot.of(new Board(g), Player.BLACK, Point.NONE, Point.NONE, komi);
    Playout playout = new Playout(PolicySpec.parse("uniform"), g);
    PlayoutStats stats = playout.newStats();
    long t = System.nanoTime();
    playout.run(root, 20261121L, PLAYOUTS, stats);
    System.out.printf("%.0f playouts/s%n", PLAYOUTS / ((System.nanoTime() - t) / 1e9));
    return stats;
  }
}
