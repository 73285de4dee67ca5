package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Diagram;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Rules;
import org.junit.jupiter.api.Test;

/**
 * Hand-built races checked against the liberty formulas of GO-DIGEST F.2 (shared liberties s,
 * outside liberties a and b, no eyes): with s ≥ 1 the player to move captures iff its liberties
 * reach the other's plus s − 1, is captured iff the other's reach its own plus s, and else the race
 * is a seki.
 */
class SemeaiTest {
  /**
   * White's C9-C7 and black's E9-E7 with D7 share D9 and D8 and have no other liberty (a = b = 0, s
   * = 2), each shut in by a living wall of the other colour: a seki whoever moves.
   */
  private static final String SEKI =
      """
      . X O . X O . O .
      X X O . X O O O O
      X X O X X O O O O
      X X X O O O O O O
      . X X O O O O . O
      X X X O O O O O O
      X X X O O O O O O
      X . X O O O O . O
      X X X O O O O O O
      """;

  /** The same with B9 empty: white's chain gets one outside liberty (a = 1, b = 0, s = 2). */
  private static final String ONE_MORE =
      """
      . . O . X O . O .
      X X O . X O O O O
      X X O X X O O O O
      X X X O O O O O O
      . X X O O O O . O
      X X X O O O O O O
      X X X O O O O O O
      X . X O O O O . O
      X X X O O O O O O
      """;

  /** An open position: white's E5 has one liberty left, E4, and black's D5 has three. */
  private static final String OPEN =
      """
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . X . . . .
      . . . X O X . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      """;

  /**
   * A black group on the first two lines shut in by a white wall, with a white stone on B1, the
   * middle of its straight three: black can capture B1 and still has one eye only.
   */
  private static final String NAKADE =
      """
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      O O O O O . . . .
      X X X X O . . . .
      . O . X O . . . .
      """;

  private static String read(String diagram, String a, String b) {
    return read(diagram, a, b, false);
  }

  private static String read(String diagram, String a, String b, boolean capturerMustLive) {
    Board board = Diagram.parse(diagram).board();
    Game game = new Game(board.geometry(), new Rules(7.5, KoRule.SIMPLE, false));
    game.setup(board.colors());
    Geometry g = board.geometry();
    Semeai semeai = new Semeai(game);
    if (capturerMustLive) {
      semeai.capturerMustLive();
    }
    Semeai.Result r = semeai.read(g.parse(a), g.parse(b));
    assertTrue(r.exact(), "the race " + a + " " + b + " is read out");
    String move =
        r.move() == Point.NONE ? "" : r.move() == Point.PASS ? " PASS" : " " + g.name(r.move());
    return Reading.name(r.defenceOfA()) + " " + Reading.name(r.attackOnB()) + move;
  }

  @Test
  void noEyesTwoSharedLibertiesAndNoOthersIsSekiWhoeverMoves() {
    // F.2: a = b = 0, s = 2: 0 >= 0 + 2 - 1 fails for the mover and 0 >= 0 + 2 for the other.
    String white = read(SEKI, "C9", "E9");
    assertTrue(white.startsWith("WIN 0"), white);
    String black = read(SEKI, "E9", "C9");
    assertTrue(black.startsWith("WIN 0"), black);
  }

  @Test
  void oneOutsideLibertyWinsMovingFirstAndMakesSekiMovingSecond() {
    // White to move: 1 >= 0 + 2 - 1, white captures by filling a shared liberty.
    String white = read(ONE_MORE, "C9", "E9");
    assertTrue(white.matches("WIN WIN (D9|D8)"), white);
    // Black to move: neither 0 >= 1 + 1 nor 1 >= 0 + 2, so a seki.
    String black = read(ONE_MORE, "E9", "C9");
    assertTrue(black.startsWith("WIN 0"), black);
  }

  @Test
  void anOpenRaceIsReadWithoutARegionLimit() {
    assertEquals("WIN WIN E4", read(OPEN, "D5", "E5"));
  }

  @Test
  void aCaptureThatLeavesTheCapturerDeadIsBothDieOrTheCapturersDeath() {
    // Every capture counts: black can take B1 and dies anyway, so both die.
    assertEquals("0 WIN PASS", read(NAKADE, "A2", "B1"));
    // As GNU Go 3.8's analyze_semeai answers the same board: the capturer that dies anyway is the
    // one that dies, and B1 is counted as living (0 0 PASS; and 1 1 with white to move).
    assertEquals("0 0", read(NAKADE, "A2", "B1", true));
    String white = read(NAKADE, "B1", "A2", true);
    assertTrue(white.matches("WIN WIN (A1|C1)"), white);
  }

  @Test
  void stonesOfOneColourAreRefused() {
    Board board = Diagram.parse(SEKI).board();
    Game game = new Game(board.geometry(), new Rules(7.5, KoRule.SIMPLE, false));
    game.setup(board.colors());
    Geometry g = board.geometry();
    assertThrows(
        IllegalArgumentException.class, () -> new Semeai(game).read(g.parse("C9"), g.parse("F9")));
  }
}
