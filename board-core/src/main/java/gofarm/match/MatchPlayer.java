package gofarm.match;

import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Player;

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

  /** Releases what the player holds (an engine process). Never throws for engine failures. */
  @Override
  void close();
}
