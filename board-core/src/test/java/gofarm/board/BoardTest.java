package gofarm.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.io.Diagram;
import org.junit.jupiter.api.Test;

/**
 * Board-level rules as pictures: each test shows the position, the move at {@code *} and the
 * position after it. Captures, simple ko (the only ko the board knows), snapback and suicide.
 */
class BoardTest {

  /** Plays {@code player} at the {@code *} of the diagram with the checked {@link Board#play}. */
  private static Board playAtStar(Diagram before, byte player) {
    Board board = before.board();
    assertTrue(board.play(before.point('*'), player), "the move at * is illegal");
    board.checkConsistency();
    return board;
  }

  @Test
  void capturesASingleStone() {
    Board board =
        playAtStar(
            Diagram.parse(
                """
                . . . . .
                . . X . .
                . X O * .
                . . X . .
                . . . . .
                """),
            Color.BLACK);
    assertEquals(
        """
        . . . . .
        . . X . .
        . X . X .
        . . X . .
        . . . . .
        """,
        Diagram.of(board));
    assertEquals(1, board.captures(Color.BLACK));
    assertEquals(0, board.captures(Color.WHITE));
  }

  @Test
  void capturesTwoChainsWithOneMove() {
    Board board =
        playAtStar(
            Diagram.parse(
                """
                . . . . . .
                . X . X . .
                X O * O X .
                . X O X . .
                . . X . . .
                . . . . . .
                """),
            Color.BLACK);
    assertEquals(
        """
        . . . . . .
        . X . X . .
        X . X . X .
        . X . X . .
        . . X . . .
        . . . . . .
        """,
        Diagram.of(board));
    assertEquals(3, board.captures(Color.BLACK));
    assertEquals(4, board.libertyCount(board.geometry().parse("C4")));
  }

  @Test
  void capturesOnTheEdge() {
    Board board =
        playAtStar(
            Diagram.parse(
                """
                . X O X .
                . . * . .
                . . . . .
                . . . . .
                . . . . .
                """),
            Color.BLACK);
    assertEquals(
        """
        . X . X .
        . . X . .
        . . . . .
        . . . . .
        . . . . .
        """,
        Diagram.of(board));
    assertEquals(1, board.captures(Color.BLACK));
  }

  @Test
  void capturesInTheCorner() {
    Board board =
        playAtStar(
            Diagram.parse(
                """
                . . . . .
                . . . . .
                . . . . .
                . . . . X
                . . . * O
                """),
            Color.BLACK);
    assertEquals(
        """
        . . . . .
        . . . . .
        . . . . .
        . . . . X
        . . . X .
        """,
        Diagram.of(board));
    assertEquals(1, board.captures(Color.BLACK));
  }

  /**
   * Both black chains are in atari and filling their last liberty would be suicide, but the move
   * captures the white chain in atari first, which gives the merged black chain two liberties.
   */
  @Test
  void captureSavesOwnChainsInAtari() {
    Diagram before =
        Diagram.parse(
            """
            . . . . .
            O O O O .
            X X X O .
            O O * O .
            X X X O .
            """);
    Board board = before.board();
    int star = before.point('*');
    assertEquals(1, board.libertyCount(board.geometry().parse("A3")));
    assertEquals(1, board.libertyCount(board.geometry().parse("A1")));
    assertTrue(board.isCapture(star, Color.BLACK));
    assertFalse(board.isSuicide(star, Color.BLACK));
    board = playAtStar(before, Color.BLACK);
    assertEquals(
        """
        . . . . .
        O O O O .
        X X X O .
        . . X O .
        X X X O .
        """,
        Diagram.of(board));
    assertEquals(2, board.captures(Color.BLACK));
    assertEquals(7, board.chainSize(star));
    assertEquals(2, board.libertyCount(star));
  }

  @Test
  void koBarsTheImmediateRetakeUntilAnotherMoveOrAPass() {
    Diagram before =
        Diagram.parse(
            """
            . . . . .
            . X O . .
            X O * O .
            . X O . .
            . . . . .
            """);
    Board board = playAtStar(before, Color.BLACK);
    assertEquals(
        """
        . . . . .
        . X O . .
        X . X O .
        . X O . .
        . . . . .
        """,
        Diagram.of(board));
    int retake = board.geometry().parse("B3");
    assertEquals(retake, board.koPoint());
    assertEquals(Color.WHITE, board.koColor());
    assertFalse(board.isLegal(retake, Color.WHITE), "immediate retake");
    assertTrue(board.isLegal(retake, Color.BLACK), "black may fill the ko");

    board.playAssumeLegal(board.geometry().parse("E1"), Color.WHITE); // a ko threat
    assertEquals(Point.NONE, board.koPoint());
    board.playAssumeLegal(board.geometry().parse("E2"), Color.BLACK); // the answer
    assertTrue(board.play(retake, Color.WHITE), "retake after a move elsewhere");
    assertEquals(board.geometry().parse("C3"), board.koPoint());
    assertEquals(Color.BLACK, board.koColor());

    board.pass(Color.BLACK);
    assertEquals(Point.NONE, board.koPoint(), "a pass ends the ban");
    assertTrue(board.isLegal(board.geometry().parse("C3"), Color.BLACK));
    board.checkConsistency();
  }

  /** One stone takes two: the capturing stone has one liberty, but this is no ko. */
  @Test
  void capturingTwoStonesIsNotAKo() {
    Board board =
        playAtStar(
            Diagram.parse(
                """
                . . . . . . .
                . . X X O . .
                . X O O * O .
                . . X X O . .
                . . . . . . .
                . . . . . . .
                . . . . . . .
                """),
            Color.BLACK);
    assertEquals(
        """
        . . . . . . .
        . . X X O . .
        . X . . X O .
        . . X X O . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        Diagram.of(board));
    assertEquals(2, board.captures(Color.BLACK));
    assertEquals(Point.NONE, board.koPoint());
    int back = board.geometry().parse("D5");
    assertTrue(board.play(back, Color.WHITE), "white may take back at once");
    assertEquals(
        """
        . . . . . . .
        . . X X O . .
        . X . O . O .
        . . X X O . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        Diagram.of(board));
    assertEquals(1, board.captures(Color.WHITE));
  }

  /**
   * Snapback: black captures the white throw-in, but the capturing stone joins a chain left with
   * one liberty; white takes the whole chain back at once. The first capture is no ko because the
   * capturing chain has more than one stone.
   */
  @Test
  void snapbackIsNotAKo() {
    Diagram before =
        Diagram.parse(
            """
            . O X * X O .
            . O X O X O .
            . O X X X O .
            . O O O O O .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            """);
    Board board = playAtStar(before, Color.BLACK);
    assertEquals(
        """
        . O X X X O .
        . O X . X O .
        . O X X X O .
        . O O O O O .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        Diagram.of(board));
    assertEquals(Point.NONE, board.koPoint());
    assertEquals(1, board.libertyCount(before.point('*')));
    assertTrue(board.play(board.geometry().parse("D6"), Color.WHITE), "the snapback");
    assertEquals(
        """
        . O . . . O .
        . O . O . O .
        . O . . . O .
        . O O O O O .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        Diagram.of(board));
    assertEquals(8, board.captures(Color.WHITE));
    assertEquals(Point.NONE, board.koPoint());
  }

  @Test
  void suicideIsIllegalForCheckedPlayAndRemovesTheChainWhenForced() {
    Diagram before =
        Diagram.parse(
            """
            X X * O .
            O O O . .
            . . . . .
            . . . . .
            . . . . .
            """);
    Board board = before.board();
    int star = before.point('*');
    assertTrue(board.isSuicide(star, Color.BLACK));
    assertFalse(board.isLegal(star, Color.BLACK));
    assertFalse(board.play(star, Color.BLACK));
    assertTrue(board.isLegal(star, Color.WHITE), "white captures there");

    // Tromp-Taylor suicide, which Game allows under Rules.suicideAllowed: the chain goes and
    // counts as captured by the opponent.
    board.playAssumeLegal(star, Color.BLACK);
    board.checkConsistency();
    assertEquals(
        """
        . . . O .
        O O O . .
        . . . . .
        . . . . .
        . . . . .
        """,
        Diagram.of(board));
    assertEquals(3, board.captures(Color.WHITE));
    assertEquals(0, board.captures(Color.BLACK));
    assertEquals(Point.NONE, board.koPoint());
  }
}
