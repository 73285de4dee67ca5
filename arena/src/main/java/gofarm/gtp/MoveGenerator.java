package gofarm.gtp;

import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.search.GameClock;

/**
 * Chooses the move the engine plays for GTP {@code genmove}: the search behind the protocol.
 *
 * <p>Implementations must not change the game (copy its board to think), and must return a point on
 * which {@code player} may legally play, {@link gofarm.board.Point#PASS}, or {@link #RESIGN}. Under
 * a game clock the engine asks {@link #generate(Game, Player, GameClock)}.
 */
@FunctionalInterface
public interface MoveGenerator {
  /** What {@link #generate} returns to resign: GTP {@code genmove} answers {@code resign}. */
  int RESIGN = -1;

  /**
   * The move {@code player} should play in {@code game}: a legal point, {@code Point.PASS}, or
   * {@link #RESIGN}.
   */
  int generate(Game game, Player player);

  /**
   * The move {@code player} should play under a game clock: {@code clock} is the player's time as
   * the engine knows it (from {@code time_settings} and {@code time_left}, or its own count), a
   * copy. The default ignores the clock.
   */
  default int generate(Game game, Player player, GameClock clock) {
    return generate(game, player);
  }
}
