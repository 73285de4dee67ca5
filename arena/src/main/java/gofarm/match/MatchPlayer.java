package gofarm.match;

import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.search.GameClock;
import gofarm.search.TimeSettings;

/**
 * One side of a match game: told about every move, asked for its own. {@link MatchGame} owns the
 * game and checks every move against its rules; a player only answers.
 */
public interface MatchPlayer extends AutoCloseable {
  /** What {@link #genmove} returns to resign. */
  int RESIGN = -1;

  /** The name written into the SGF ({@code PB}, {@code PW}). */
  String name();

  /**
   * Starts a new game on an empty board of the game's size and rules, followed by the opening moves
   * already played in {@code game}.
   */
  void newGame(Game game);

  /** A move was played (by the opponent); {@code game} already holds it. */
  void play(Game game, Move move);

  /**
   * This player's move in {@code game}: a point, {@code Point.PASS} or {@link #RESIGN}. The game is
   * not changed; the caller plays the move and then calls {@link #play} on the opponent.
   */
  int genmove(Game game, Player player);

  /**
   * This player's {@code final_score} of the finished game ({@code B+3.5}, {@code W+0.5} or {@code
   * 0}), or null if it cannot say.
   */
  default String finalScore(Game game) {
    return null;
  }

  /**
   * This player's move in the cleanup phase ({@code kgs-genmove_cleanup}): like {@link #genmove},
   * but it does not pass while dead enemy stones are left in its area. The default plays {@link
   * #genmove}.
   */
  default int genmoveCleanup(Game game, Player player) {
    return genmove(game, player);
  }

  /**
   * The game clock this player plays under, or null for none; {@link MatchGame} keeps it and
   * declares the game lost on time when a move outlasts it. The default has none.
   */
  default TimeSettings clock() {
    return null;
  }

  /**
   * Before each of this player's moves under a clock: its time as the match counts it (a copy), to
   * plan the move on (a search) or to pass on ({@code time_left} to an engine). The default ignores
   * it.
   */
  default void timeLeft(Game game, Player player, GameClock clock) {}

  /** Releases what the player holds (an engine process). Never throws for engine failures. */
  @Override
  void close();
}
