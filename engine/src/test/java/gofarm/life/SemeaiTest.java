package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

  /**
   * From a random 5×5 game: white's B5-B4 (liberties B3, C5) against black's A5-A3 (A2, B3). White
   * to move captures only through a ko whose first threat it needs, black to move captures
   * outright; GNU Go 3.8's analyze_semeai answers {@code 3 3 C5} and {@code 1 1 D2}.
   */
  private static final String KO_RACE =
      """
      X O . O .
      X O X O .
      X . X O O
      . X X . .
      . . X O .
      """;

  /**
   * The straight three of the black group on the first two lines, against the open white group
   * around it: black lives at B1, white kills there.
   */
  private static final String STRAIGHT_THREE =
      """
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      O O O O O . . . .
      X X X X O . . . .
      . . . X O . . . .
      """;

  private static String read(String diagram, String a, String b) {
    return read(diagram, a, b, false);
  }

  private static String read(String diagram, String a, String b, boolean capturerMustLive) {
    Board board = Diagram.parse(diagram).board();
    Semeai semeai = semeai(diagram);
    if (capturerMustLive) {
      semeai.capturerMustLive();
    }
    return answer(semeai.read(board.geometry().parse(a), board.geometry().parse(b)), board);
  }

  private static Semeai semeai(String diagram) {
    Board board = Diagram.parse(diagram).board();
    Game game = new Game(board.geometry(), new Rules(7.5, KoRule.SIMPLE, false));
    game.setup(board.colors());
    return new Semeai(game);
  }

  private static String answer(Semeai.Result r, Board board) {
    Geometry g = board.geometry();
    assertTrue(r.exact(), "the race is read out");
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
  void aKoWhoseFirstThreatTheMoverNeedsIsKoBAndTheOtherSideCapturesOutright() {
    assertEquals("KO_B KO_B C5", read(KO_RACE, "B4", "A4", true));
    String black = read(KO_RACE, "A4", "B4", true);
    assertTrue(black.startsWith("WIN WIN"), black);
  }

  @Test
  void aRaceTheFullReadingCannotFinishIsReadSelectively() {
    Board board = Diagram.parse(STRAIGHT_THREE).board();
    Geometry g = board.geometry();
    Semeai.Result full =
        semeai(STRAIGHT_THREE)
            .capturerMustLive()
            .setBudget(250_000)
            .read(g.parse("A2"), g.parse("E3"));
    assertFalse(
        full.exact(), "the open white group's liberties are too many to fill in every order");
    // As GNU Go 3.8 answers: black lives at B1 and cannot kill the open group (1 0 B1).
    Semeai.Result selective =
        semeai(STRAIGHT_THREE)
            .capturerMustLive()
            .selective()
            .setBudget(250_000)
            .read(g.parse("A2"), g.parse("E3"));
    assertEquals("WIN 0 B1", answer(selective, board));
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
