package gofarm.gtp;

import gofarm.rules.Game;
import gofarm.rules.Player;

/**
 * Chooses the move the engine plays for GTP {@code genmove}: the search behind the protocol.
 *
 * <p>Implementations must not change the game (copy its board to think), and must return a point on
 * which {@code player} may legally play, or {@link gofarm.board.Point#PASS}.
 */
@FunctionalInterface
public interface MoveGenerator {
  /** The move {@code player} should play in {@code game}: a legal point, or {@code Point.PASS}. */
  int generate(Game game, Player player);
}
