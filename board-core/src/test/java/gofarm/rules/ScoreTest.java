package gofarm.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import gofarm.board.Board;
import gofarm.io.Diagram;
import org.junit.jupiter.api.Test;

/**
 * Tromp-Taylor area scoring as pictures: stones plus the empty regions that reach only one colour;
 * regions that reach both (dame, the shared liberties of a seki) count for nobody; white adds komi.
 */
class ScoreTest {

  private static Score score(String diagram, double komi) {
    Board board = Diagram.parse(diagram).board();
    return Score.area(board, komi);
  }

  @Test
  void areaIsStonesPlusTheEmptyRegionsThatReachOnlyOneColour() {
    Score score =
        score(
            """
            . X O . .
            X X O . .
            . X O O O
            X X O . .
            . X O . .
            """,
            7.5);
    // Black: 7 stones and the points A5, A3, A1; white: 7 stones and two regions of 4.
    assertEquals(new Score(10, 15, 7.5), score);
    assertEquals("W+12.5", score.toString());
    assertEquals(Player.WHITE, score.winner());
  }

  @Test
  void damePointsCountForNobody() {
    Score score =
        score(
            """
            X X . O O
            X X . O O
            X X . O O
            X X . O O
            X X . O O
            """,
            0);
    assertEquals(new Score(10, 10, 0), score);
    assertEquals("0", score.toString());
    assertNull(score.winner(), "jigo");
  }

  /**
   * A seki in the middle of the left side: the inner white and black pairs share the liberties C5
   * and C4, and whoever plays there first is captured. Those two points reach both colours and
   * count for nobody; the eyes B2 (black), F5 and F4, E2 (white) are territory.
   */
  @Test
  void sharedLibertiesOfASekiCountForNobody() {
    Score score =
        score(
            """
            X X X O O O
            X O . X O .
            X O . X O .
            X X X O O O
            X . X O . O
            X X X O O O
            """,
            0.5);
    assertEquals(new Score(16, 18, 0.5), score);
    assertEquals("W+2.5", score.toString());
  }

  @Test
  void emptyBoardBelongsToNobodyAndOneStoneOwnsEverything() {
    assertEquals(new Score(0, 0, 7.5), Score.area(new Board(9), 7.5));
    Score lone =
        score(
            """
            . . . . .
            . . . . .
            . . X . .
            . . . . .
            . . . . .
            """,
            7.5);
    assertEquals(new Score(25, 0, 7.5), lone);
    assertEquals("B+17.5", lone.toString());
  }

  @Test
  void resultTextFollowsGtpAndSgf() {
    assertEquals("B+3.5", new Score(40, 36, 0.5).toString());
    assertEquals("W+0.5", new Score(40, 33, 7.5).toString());
    assertEquals("B+0.5", new Score(40, 33, 6.5).toString());
    assertEquals("0", new Score(40, 33, 7).toString());
    assertEquals("B+1", new Score(40, 33, 6).toString(), "integer komi, integer margin");
    assertEquals("W+12", new Score(30, 42, 0).toString());
    assertEquals("B+3", new Score(20, 20, -3).toString(), "negative komi (reverse komi)");
    assertEquals(-0.5, new Score(40, 33, 7.5).margin());
  }

  @Test
  void gameScoreUsesTheKomiOfItsRules() {
    Game game = new Game(9, Rules.DEFAULT.withKomi(6));
    game.play(game.geometry().parse("E5"));
    assertEquals(new Score(81, 0, 6), game.score());
    game.setRules(game.rules().withKomi(81));
    assertEquals("0", game.score().toString());
  }
}
