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
 * both at random. Not thread-safe: one per thread.
 */
public final class PlayoutOwnership implements FinalStatus.Estimator {
  /** The policy of the playouts. */
  public static final PolicySpec POLICY = PolicySpec.parse("heavy");

  /** The playouts of one estimate unless set otherwise. */
  public static final int DEFAULT_PLAYOUTS = 1000;

  /** The seed, fixed so that answers are reproducible. */
  public static final long SEED = 0x57A7;

  private final int playouts;

  /** An estimator with {@link #DEFAULT_PLAYOUTS}. */
  public PlayoutOwnership() {
    this(DEFAULT_PLAYOUTS);
  }

  /**
   * An estimator with this many playouts per estimate.
   *
   * @throws IllegalArgumentException if {@code playouts < 1}
   */
  public PlayoutOwnership(int playouts) {
    if (playouts < 1) {
      throw new IllegalArgumentException(
          "an estimate needs at least 1 playout (got " + playouts + ")");
    }
    this.playouts = playouts;
  }

  @Override
  public Ownership estimate(Game game) {
    Playout playout = new Playout(POLICY, game.geometry());
    PlayoutStats stats = playout.newStats();
    playout.run(PlayoutRoot.of(game), SEED, playouts, stats);
    return stats.ownership();
  }
}
