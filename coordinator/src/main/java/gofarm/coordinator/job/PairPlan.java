package gofarm.coordinator.job;

import gofarm.board.Geometry;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;

/**
 * How one (position, policy) pair of a job is split into chunks: {@code chunks} chunks of {@code
 * chunkPlayouts} playouts each, the last one smaller so that they add up to {@code playouts}.
 *
 * @param position index of the position in the job
 * @param policy index of the policy in the job
 * @param positionLabel the position's label, for tables
 * @param geometry the board the position is on
 * @param policySpec the policy
 * @param playouts playouts the pair aims at
 * @param chunkPlayouts playouts per chunk
 * @param chunks number of chunks
 */
public record PairPlan(
    int position,
    int policy,
    String positionLabel,
    Geometry geometry,
    PolicySpec policySpec,
    long playouts,
    int chunkPlayouts,
    int chunks) {

  /** The plan for {@code playouts} playouts in chunks of {@code chunkPlayouts}. */
  public static PairPlan of(
      int position,
      int policy,
      String positionLabel,
      Geometry geometry,
      PolicySpec policySpec,
      long playouts,
      int chunkPlayouts) {
    long chunks = (playouts + chunkPlayouts - 1) / chunkPlayouts;
    if (chunks > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("too many chunks: " + chunks);
    }
    return new PairPlan(
        position,
        policy,
        positionLabel,
        geometry,
        policySpec,
        playouts,
        chunkPlayouts,
        (int) chunks);
  }

  /** Playouts in chunk {@code i}: {@code chunkPlayouts}, or the remainder for the last one. */
  public int chunkSize(int i) {
    return i < chunks - 1 ? chunkPlayouts : (int) (playouts - (long) (chunks - 1) * chunkPlayouts);
  }

  /** The bytes of {@link #newStats}: see {@link PlayoutStats#bytes}. */
  public long statisticsBytes() {
    return PlayoutStats.bytes(
        geometry,
        policySpec.rules().size(),
        policySpec.featureCount(),
        Playout.maxLength(geometry));
  }

  /** Empty statistics shaped for this pair: its board, its policy's rules, its maximum length. */
  public PlayoutStats newStats() {
    return new PlayoutStats(
        geometry,
        policySpec.rules().size(),
        policySpec.featureCount(),
        Playout.maxLength(geometry));
  }
}
