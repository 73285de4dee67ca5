package gofarm.rules;

import gofarm.board.Geometry;
import gofarm.io.Diagram;
import java.util.List;

/**
 * Positions with move sequences that repeat a position, for {@link GameTest} (what each ko rule
 * says) and {@link GnuGoDifferentialTest} (that GNU Go says the same). Black moves first in each.
 */
final class KoScenarios {
  private KoScenarios() {}

  /**
   * A start position, black to move, and a sequence of moves ({@code "B C3"}, {@code "W pass"}).
   *
   * @param name what the sequence shows
   * @param diagram the start position
   * @param moves the moves, the last of which repeats a position
   */
  record Scenario(String name, String diagram, List<String> moves) {
    Diagram position() {
      return Diagram.parse(diagram);
    }

    Player player(int i) {
      return Player.parse(moves.get(i).substring(0, 1));
    }

    int point(int i, Geometry g) {
      return g.parse(moves.get(i).substring(2));
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * Black takes the ko; both pass, which ends the ko ban; white's retake then recreates the start
   * position with black to move: legal under simple ko, a positional and situational repeat.
   */
  static final Scenario KO_AFTER_TWO_PASSES =
      new Scenario(
          "ko retake after two passes",
          """
          . . . . .
          . X O . .
          X O . O .
          . X O . .
          . . . . .
          """,
          List.of("B C3", "W pass", "B pass", "W B3"));

  /**
   * Triple ko: three kos, each taken in turn; the sixth capture recreates the start position with
   * black to move, although no capture is an immediate retake.
   */
  static final Scenario TRIPLE_KO =
      new Scenario(
          "triple ko",
          """
          . . . . . . . . .
          . X O . . . X O .
          X O . O . X . X O
          . X O . . . X O .
          . . . . . . . . .
          . X O . . . . . .
          X O . O . . . . .
          . X O . . . . . .
          . . . . . . . . .
          """,
          List.of("B C7", "W G7", "B C3", "W B7", "B H7", "W B3"));

  /**
   * Sending two, returning one: black throws in at D5 (no capture, two black stones in atari),
   * white takes the two, black takes one back at C5. The start position is back after three moves,
   * with white to move: a positional repeat but not a situational one. After a white pass black's
   * throw-in would repeat the position after it, with the same player to move.
   */
  static final Scenario SENDING_TWO_RETURNING_ONE =
      new Scenario(
          "sending two, returning one",
          """
          X . X . O
          . X O O .
          . . . . .
          . . . . .
          . . . . .
          """,
          List.of("B D5", "W B5", "B C5", "W pass", "B D5"));

  static final List<Scenario> ALL =
      List.of(KO_AFTER_TWO_PASSES, TRIPLE_KO, SENDING_TWO_RETURNING_ONE);
}
