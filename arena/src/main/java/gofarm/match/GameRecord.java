package gofarm.match;

import gofarm.rules.Player;
import java.time.Duration;

/**
 * One finished match game: who played, who won and how, and the game as SGF.
 *
 * @param black the black player's name
 * @param white the white player's name
 * @param opening where the game started
 * @param winner the winner, or null for a draw (jigo, with an integer komi)
 * @param result the result as SGF's {@code RE} writes it: {@code B+3.5}, {@code W+R} (resignation),
 *     {@code B+F} (forfeit: the other side's move was illegal), {@code B+T} (the other side ran out
 *     of time), {@code 0} (draw)
 * @param end how the game ended
 * @param margin black's lead by area, {@code B - W - komi}, when the game was scored (two passes or
 *     the move limit); 0 after a resignation, a forfeit or a loss on time
 * @param moves the moves played after the opening, passes and a cleanup phase included
 * @param sgf the game record: the opening and every move, with {@code PB}, {@code PW}, {@code RE}
 *     and a comment on the end
 * @param duration the wall-clock time of the game
 * @param scoring how the result was decided when the game ended on the board (two passes or the
 *     move limit); null after a resignation, a forfeit or a loss on time
 */
public record GameRecord(
    String black,
    String white,
    Opening opening,
    Player winner,
    String result,
    End end,
    double margin,
    int moves,
    String sgf,
    Duration duration,
    Scoring scoring) {

  /** How a game ended. */
  public enum End {
    /** Two passes in a row; scored by area after taking off dead stones. */
    PASSES,
    /** A player resigned. */
    RESIGNATION,
    /** A player's move was illegal under the match's rules; it lost. */
    FORFEIT,
    /** The move limit was reached; scored as after two passes. */
    MOVE_LIMIT,
    /** A player's move outlasted its clock; it lost on time. */
    TIME
  }

  /** The score of {@code player}: 1 for a win, ½ for a draw, 0 for a loss. */
  public double score(Player player) {
    return winner == null ? 0.5 : winner == player ? 1 : 0;
  }

  /** The score of the player named {@code name} (who played black or white here). */
  public double scoreOf(String name) {
    if (name.equals(black)) {
      return score(Player.BLACK);
    }
    if (name.equals(white)) {
      return score(Player.WHITE);
    }
    throw new IllegalArgumentException("'" + name + "' did not play this game");
  }
}
