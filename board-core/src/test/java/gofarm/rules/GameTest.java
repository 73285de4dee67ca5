package gofarm.rules;

import static gofarm.rules.IllegalMoveException.Reason.KO;
import static gofarm.rules.IllegalMoveException.Reason.SUICIDE;
import static gofarm.rules.IllegalMoveException.Reason.SUPERKO;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Diagram;
import gofarm.rules.KoScenarios.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The rules of {@link Game} as pictures: suicide in both modes, simple ko, positional and
 * situational superko cycles, undo, the end of the game and handicap placement. Each test shows the
 * position, the moves, and the position or verdict after them.
 */
class GameTest {
  private static final Rules SIMPLE_KO = Rules.DEFAULT.withKoRule(KoRule.SIMPLE);

  /** Plays a move written as {@code "B C3"} or {@code "W pass"}. */
  private static void play(Game game, String move) {
    game.play(Player.parse(move.substring(0, 1)), game.geometry().parse(move.substring(2)));
    game.board().checkConsistency();
  }

  /** Why the move written as {@code "B C3"} is illegal now, or null. */
  private static IllegalMoveException.Reason verdict(Game game, String move) {
    return game.illegalReason(
        Player.parse(move.substring(0, 1)), game.geometry().parse(move.substring(2)));
  }

  private static Game start(Scenario scenario, Rules rules) {
    return scenario.position().game(rules);
  }

  // ------------------------------------------------------------------ suicide

  private static final String SINGLE_STONE_SUICIDE =
      """
      * O . . .
      O O . . .
      . . . . .
      . . . . .
      . . . . .
      """;

  private static final String MULTI_STONE_SUICIDE =
      """
      X X * O .
      O O O . .
      . . . . .
      . . . . .
      . . . . .
      """;

  @ParameterizedTest
  @EnumSource(KoRule.class)
  void suicideIsForbiddenByDefault(KoRule koRule) {
    Rules rules = Rules.DEFAULT.withKoRule(koRule);
    for (String diagram : new String[] {SINGLE_STONE_SUICIDE, MULTI_STONE_SUICIDE}) {
      Diagram before = Diagram.parse(diagram);
      Game game = before.game(rules);
      int star = before.point('*');
      assertEquals(SUICIDE, game.illegalReason(Player.BLACK, star));
      IllegalMoveException e =
          assertThrows(IllegalMoveException.class, () -> game.play(Player.BLACK, star));
      assertEquals(SUICIDE, e.reason());
      assertEquals(diagram.replace('*', '.'), Diagram.of(game.board()), "board unchanged");
      assertEquals(Player.BLACK, game.toPlay());
      assertNull(game.illegalReason(Player.WHITE, star), "white may fill its own eye");
    }
  }

  @Test
  void multiStoneSuicideWhenAllowedRemovesTheChainAsCapturedByTheOpponent() {
    for (KoRule koRule : KoRule.values()) {
      Diagram before = Diagram.parse(MULTI_STONE_SUICIDE);
      Game game = before.game(Rules.DEFAULT.withKoRule(koRule).withSuicideAllowed(true));
      game.play(Player.BLACK, before.point('*'));
      assertEquals(
          """
          . . . O .
          O O O . .
          . . . . .
          . . . . .
          . . . . .
          """,
          Diagram.of(game.board()),
          koRule.toString());
      assertEquals(3, game.board().captures(Color.WHITE));
      assertEquals(0, game.board().captures(Color.BLACK));
      assertEquals(Player.WHITE, game.toPlay());
    }
  }

  /**
   * A single-stone suicide leaves the board as it was: under simple ko it is a legal "pass" that
   * gives the opponent a prisoner; under positional superko it recreates the current position, so
   * it is forbidden; under situational superko it is legal once, because the position now has the
   * other player to move, but white's own suicide back would repeat the situation.
   */
  @Test
  void singleStoneSuicideWhenAllowedDependsOnTheKoRule() {
    Diagram before = Diagram.parse(SINGLE_STONE_SUICIDE);
    int star = before.point('*');

    Game simple = before.game(SIMPLE_KO.withSuicideAllowed(true));
    simple.play(Player.BLACK, star);
    assertEquals(SINGLE_STONE_SUICIDE.replace('*', '.'), Diagram.of(simple.board()));
    assertEquals(1, simple.board().captures(Color.WHITE));
    simple.play(Player.WHITE, simple.geometry().parse("E1"));
    simple.play(Player.BLACK, star);
    assertEquals(2, simple.board().captures(Color.WHITE), "and again, as often as black likes");

    Game positional = before.game(Rules.DEFAULT.withSuicideAllowed(true));
    assertEquals(SUPERKO, positional.illegalReason(Player.BLACK, star));

    Diagram whiteEye =
        Diagram.parse(
            """
            * O . . .
            O O . . .
            . . . . .
            . . . X X
            . . . X +
            """);
    Game situational =
        whiteEye.game(Rules.DEFAULT.withKoRule(KoRule.SITUATIONAL).withSuicideAllowed(true));
    int blackEye = situational.geometry().parse("E1");
    assertNull(situational.illegalReason(Player.BLACK, whiteEye.point('*')));
    situational.play(Player.BLACK, whiteEye.point('*'));
    assertEquals(
        SUPERKO,
        situational.illegalReason(Player.WHITE, blackEye),
        "the same stones with black to move again");
  }

  // ------------------------------------------------------------------ simple ko

  @ParameterizedTest
  @EnumSource(KoRule.class)
  void koRetakeIsForbiddenAtOnceAndAllowedAfterAnExchangeElsewhere(KoRule koRule) {
    Game game = start(KoScenarios.KO_AFTER_TWO_PASSES, Rules.DEFAULT.withKoRule(koRule));
    play(game, "B C3");
    assertEquals(
        """
        . . . . .
        . X O . .
        X . X O .
        . X O . .
        . . . . .
        """,
        Diagram.of(game.board()));
    assertEquals(KO, verdict(game, "W B3"));
    IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> play(game, "W B3"));
    assertEquals("B3 retakes a ko", e.getMessage());

    play(game, "W E1"); // a ko threat
    play(game, "B E2"); // answered
    play(game, "W B3");
    assertEquals(
        """
        . . . . .
        . X O . .
        X O . O .
        . X O . X
        . . . . O
        """,
        Diagram.of(game.board()),
        "white retook the ko");
    assertEquals(KO, verdict(game, "B C3"), "now black must wait");
  }

  @ParameterizedTest
  @EnumSource(KoRule.class)
  void koRetakeAfterTwoPassesRepeatsTheStartPosition(KoRule koRule) {
    Scenario s = KoScenarios.KO_AFTER_TWO_PASSES;
    Game game = start(s, Rules.DEFAULT.withKoRule(koRule));
    play(game, "B C3");
    play(game, "W pass"); // the pass ends the ko ban...
    play(game, "B pass");
    assertTrue(game.isOver(), "two passes end the game; GTP still allows moves");
    // ...but the retake would bring back the start position with black to move.
    assertEquals(koRule == KoRule.SIMPLE ? null : SUPERKO, verdict(game, "W B3"));
    if (koRule == KoRule.SIMPLE) {
      play(game, "W B3");
      assertEquals(s.diagram(), Diagram.of(game.board()));
    }
  }

  // ------------------------------------------------------------------ superko cycles

  @ParameterizedTest
  @EnumSource(KoRule.class)
  void tripleKoCycleIsForbiddenUnderSuperko(KoRule koRule) {
    Scenario s = KoScenarios.TRIPLE_KO;
    Game game = start(s, Rules.DEFAULT.withKoRule(koRule));
    for (int i = 0; i < 5; i++) {
      play(game, s.moves().get(i)); // each capture is legal: none retakes the last ko
    }
    assertEquals(
        """
        . . . . . . . . .
        . X O . . . X O .
        X O . O . X . X O
        . X O . . . X O .
        . . . . . . . . .
        . X O . . . . . .
        X . X O . . . . .
        . X O . . . . . .
        . . . . . . . . .
        """,
        Diagram.of(game.board()),
        "after five captures");
    String sixth = s.moves().get(5); // W B3 takes the third ko: the start position again
    assertEquals(koRule == KoRule.SIMPLE ? null : SUPERKO, verdict(game, sixth));
    if (koRule == KoRule.SIMPLE) {
      play(game, sixth);
      assertEquals(s.diagram(), Diagram.of(game.board()));
      for (int i = 0; i < 6; i++) {
        play(game, s.moves().get(i)); // simple ko lets the cycle go round forever
      }
      assertEquals(s.diagram(), Diagram.of(game.board()));
    }
  }

  @Test
  void sendingTwoReturningOneIsAPositionalButNotASituationalRepeat() {
    Scenario s = KoScenarios.SENDING_TWO_RETURNING_ONE;
    for (KoRule koRule : KoRule.values()) {
      Game game = start(s, Rules.DEFAULT.withKoRule(koRule));
      play(game, "B D5"); // a throw-in: two black stones in atari, nothing captured
      assertEquals(
          """
          X . X X O
          . X O O .
          . . . . .
          . . . . .
          . . . . .
          """,
          Diagram.of(game.board()));
      play(game, "W B5"); // white takes two
      assertEquals(
          """
          X O . . O
          . X O O .
          . . . . .
          . . . . .
          . . . . .
          """,
          Diagram.of(game.board()));
      // Black takes one back: the start position, but with white to move.
      assertEquals(
          koRule == KoRule.POSITIONAL ? SUPERKO : null, verdict(game, "B C5"), "" + koRule);
      if (koRule == KoRule.POSITIONAL) {
        continue;
      }
      play(game, "B C5");
      assertEquals(s.diagram(), Diagram.of(game.board()));
      play(game, "W pass");
      // The throw-in again would give the position after the first throw-in, white to move.
      assertEquals(koRule == KoRule.SITUATIONAL ? SUPERKO : null, verdict(game, "B D5"));
    }
  }

  @Test
  void superkoCheckLeavesTheBoardUntouched() {
    Scenario s = KoScenarios.TRIPLE_KO;
    Game game = start(s, Rules.DEFAULT);
    for (int i = 0; i < 5; i++) {
      play(game, s.moves().get(i));
    }
    String before = Diagram.of(game.board());
    long hash = game.board().hash();
    Geometry g = game.geometry();
    for (int i = 0; i < g.pointCount(); i++) {
      game.illegalReason(Player.WHITE, g.point(i));
      game.illegalReason(Player.BLACK, g.point(i));
    }
    assertEquals(before, Diagram.of(game.board()));
    assertEquals(hash, game.board().hash());
    game.board().checkConsistency();
  }

  // ------------------------------------------------------------------ undo and passes

  @Test
  void undoTakesBackCapturesAndPassesOneAtATime() {
    Game game = start(KoScenarios.KO_AFTER_TWO_PASSES, SIMPLE_KO);
    String start = Diagram.of(game.board());
    play(game, "B C3");
    String afterCapture = Diagram.of(game.board());
    play(game, "W pass");
    play(game, "B pass");
    play(game, "W B3"); // legal under simple ko: captures the black stone
    assertEquals(start, Diagram.of(game.board()));
    assertEquals(1, game.board().captures(Color.WHITE));

    assertTrue(game.undo());
    assertEquals(afterCapture, Diagram.of(game.board()));
    assertEquals(0, game.board().captures(Color.WHITE));
    assertEquals(Player.WHITE, game.toPlay());
    assertTrue(game.isOver(), "the two passes are the last moves again");

    assertTrue(game.undo());
    assertFalse(game.isOver());
    assertEquals(Player.BLACK, game.toPlay());
    assertTrue(game.undo());
    assertEquals(Player.WHITE, game.toPlay());
    assertEquals(KO, verdict(game, "W B3"), "the ko ban is back with the position");

    assertTrue(game.undo());
    assertEquals(start, Diagram.of(game.board()));
    assertEquals(0, game.board().captures(Color.BLACK));
    assertEquals(Player.BLACK, game.toPlay());
    assertTrue(game.moves().isEmpty());
    assertFalse(game.undo(), "nothing before the setup");
    game.board().checkConsistency();
  }

  @Test
  void undoForgetsTheUndonePositionsForSuperko() {
    Scenario s = KoScenarios.TRIPLE_KO;
    Game game = start(s, Rules.DEFAULT);
    for (String move : s.moves().subList(0, 5)) {
      play(game, move);
    }
    assertEquals(SUPERKO, verdict(game, "W B3"));
    for (int i = 0; i < 5; i++) {
      assertTrue(game.undo());
    }
    assertEquals(s.diagram(), Diagram.of(game.board()));
    for (String move : s.moves().subList(0, 5)) {
      // Each move recreates an undone position: legal only because undo forgot it.
      assertNull(verdict(game, move), move);
      play(game, move);
    }
    assertEquals(SUPERKO, verdict(game, "W B3"), "the start position is still remembered");
  }

  @Test
  void twoConsecutivePassesEndTheGame() {
    Game game = new Game(9, Rules.DEFAULT);
    game.pass();
    assertFalse(game.isOver());
    play(game, "W E5");
    game.pass();
    assertFalse(game.isOver(), "a move in between starts the count again");
    game.pass();
    assertTrue(game.isOver());
    assertEquals(Player.BLACK, game.toPlay());
    game.undo();
    assertFalse(game.isOver());
  }

  // ------------------------------------------------------------------ handicap

  @Test
  void fixedHandicapPlacesTheStarPointsAndGivesWhiteTheMove() {
    Game game = new Game(19, Rules.DEFAULT);
    int[] points = game.placeFixedHandicap(9);
    Geometry g = game.geometry();
    assertEquals(
        """
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . X . . . . . X . . . . . X . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . X . . . . . X . . . . . X . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . X . . . . . X . . . . . X . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        """,
        Diagram.of(game.board()));
    String[] names = new String[points.length];
    for (int i = 0; i < points.length; i++) {
      names[i] = g.name(points[i]);
    }
    // GTP order: the two opposite corners, the other two, the sides, top and bottom, the centre.
    assertArrayEquals(
        new String[] {"D4", "Q16", "D16", "Q4", "D10", "Q10", "K16", "K4", "K10"}, names);
    assertEquals(Player.WHITE, game.toPlay());
    assertTrue(game.moves().isEmpty());
    assertFalse(game.undo(), "handicap stones are setup, not moves");
  }

  @Test
  void fixedHandicapOnSmallBoardsUsesTheThirdLine() {
    Game game = new Game(9, Rules.DEFAULT);
    game.placeFixedHandicap(5);
    assertEquals(
        """
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . X . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . X . . . X . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        Diagram.of(game.board()));
  }

  @Test
  void fixedHandicapRejectsBadCountsAndNonEmptyBoards() {
    assertEquals(
        "handicap 10 is not available on 19x19 (2..9)",
        assertThrows(
                IllegalArgumentException.class,
                () -> new Game(19, Rules.DEFAULT).placeFixedHandicap(10))
            .getMessage());
    assertEquals(
        "handicap 5 is not available on 10x10 (2..4)",
        assertThrows(
                IllegalArgumentException.class,
                () -> new Game(10, Rules.DEFAULT).placeFixedHandicap(5))
            .getMessage());
    assertEquals(
        "handicap 1 is not available on 9x9 (2..9)",
        assertThrows(
                IllegalArgumentException.class,
                () -> new Game(9, Rules.DEFAULT).placeFixedHandicap(1))
            .getMessage());
    assertEquals(
        "fixed handicap is not available on 6x6 (sizes 7 and up)",
        assertThrows(
                IllegalArgumentException.class,
                () -> new Game(6, Rules.DEFAULT).placeFixedHandicap(2))
            .getMessage());
    Game played = new Game(9, Rules.DEFAULT);
    played.pass();
    assertEquals(
        "handicap needs an empty board",
        assertThrows(IllegalArgumentException.class, () -> played.placeFixedHandicap(2))
            .getMessage());
    assertEquals(Point.NONE, played.board().koPoint());
  }
}
