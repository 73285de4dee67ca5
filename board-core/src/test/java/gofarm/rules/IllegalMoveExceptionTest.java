package gofarm.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gofarm.board.Point;
import gofarm.io.Diagram;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The message of every {@link IllegalMoveException.Reason}, each produced by a real illegal move:
 * the texts are part of the API (GTP and gRPC errors repeat them).
 */
class IllegalMoveExceptionTest {

  /** The ko position of {@link KoScenarios#KO_AFTER_TWO_PASSES}, black to take at C3. */
  private static Game koGame(KoRule koRule) {
    return KoScenarios.KO_AFTER_TWO_PASSES.position().game(Rules.DEFAULT.withKoRule(koRule));
  }

  private static IllegalMoveException refused(Game game, Player player, int point) {
    return assertThrows(IllegalMoveException.class, () -> game.play(player, point));
  }

  @Test
  void everyReasonHasItsMessage() {
    Map<IllegalMoveException.Reason, IllegalMoveException> seen =
        new EnumMap<>(IllegalMoveException.Reason.class);

    Game game = koGame(KoRule.SIMPLE);
    seen.put(
        IllegalMoveException.Reason.OCCUPIED,
        refused(game, Player.BLACK, game.geometry().parse("B4")));
    seen.put(IllegalMoveException.Reason.OFF_BOARD, refused(game, Player.BLACK, Point.NONE));

    game.play(Player.BLACK, game.geometry().parse("C3"));
    seen.put(
        IllegalMoveException.Reason.KO, refused(game, Player.WHITE, game.geometry().parse("B3")));

    Game superko = koGame(KoRule.POSITIONAL);
    superko.play(Player.BLACK, superko.geometry().parse("C3"));
    superko.pass();
    superko.pass();
    seen.put(
        IllegalMoveException.Reason.SUPERKO,
        refused(superko, Player.WHITE, superko.geometry().parse("B3")));

    Diagram eye =
        Diagram.parse(
            """
            * O . . .
            O O . . .
            . . . . .
            . . . . .
            . . . . .
            """);
    seen.put(
        IllegalMoveException.Reason.SUICIDE,
        refused(eye.game(Rules.DEFAULT), Player.BLACK, eye.point('*')));

    Map<IllegalMoveException.Reason, String> expected =
        new EnumMap<>(
            Map.of(
                IllegalMoveException.Reason.OCCUPIED, "B4 is occupied",
                IllegalMoveException.Reason.OFF_BOARD, "point 0 is off the board",
                IllegalMoveException.Reason.KO, "B3 retakes a ko",
                IllegalMoveException.Reason.SUPERKO, "B3 repeats an earlier position (superko)",
                IllegalMoveException.Reason.SUICIDE, "A5 would be suicide"));
    assertEquals(
        IllegalMoveException.Reason.values().length, seen.size(), "a test for every reason");
    for (Map.Entry<IllegalMoveException.Reason, IllegalMoveException> e : seen.entrySet()) {
      assertEquals(expected.get(e.getKey()), e.getValue().getMessage());
      assertEquals(e.getKey(), e.getValue().reason());
    }
    assertEquals("B3", seen.get(IllegalMoveException.Reason.KO).point());
  }

  @Test
  void aPointOnTheWallIsOffTheBoard() {
    Game game = new Game(5, Rules.DEFAULT);
    int wall = game.geometry().point(0, 0) - 1; // the shared wall column left of A5
    IllegalMoveException e = refused(game, Player.BLACK, wall);
    assertEquals("point " + wall + " is off the board", e.getMessage());
    assertEquals(IllegalMoveException.Reason.OFF_BOARD, e.reason());
  }
}
