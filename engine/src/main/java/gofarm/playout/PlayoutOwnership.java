package gofarm.playout;

import gofarm.life.FinalStatus;
import gofarm.life.Ownership;
import gofarm.rules.Game;

/**
 * The ownership estimate behind {@link FinalStatus}'s last layer: seeded heavy playouts from the
 * position, the player to move first, so the same position always gets the same answer.
 *
 * <pre>{@code
 * FinalStatus finalStatus = new FinalStatus(new PlayoutOwnership());
 * }</pre>
 *
 * The heavy policy answers ataris, avoids most self-ataris and plays nakade points, so a seki or a
 * living shape survives most playouts and a dead group is captured in most; light playouts break
 * both at random. Stateless.
 */
public final class PlayoutOwnership implements FinalStatus.Estimator {
  /** The policy of the playouts. */
  public static final PolicySpec POLICY = PolicySpec.parse("heavy");

  /** The seed, fixed so that answers are reproducible. */
  public static final long SEED = 0x57A7;

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException if {@code playouts < 1}
   */
  @Override
  public Ownership estimate(Game game, int playouts) {
    if (playouts < 1) {
      throw new IllegalArgumentException(
          "an estimate needs at least 1 playout (got " + playouts + ")");
    }
    Playout playout = new Playout(POLICY, game.geometry());
    PlayoutStats stats = playout.newStats();
    playout.run(PlayoutRoot.of(game), SEED, playouts, stats);
    return stats.ownership();
  }
}
