package gofarm.wire;

import gofarm.board.Geometry;
import gofarm.playout.PolicySpec;
import gofarm.rules.Rules;
import java.util.List;

/**
 * A validated {@code evaluate} job in core terms: what the coordinator plans, leases and
 * aggregates, without reading a proto. Made by {@link JobSpecs#resolve}.
 *
 * <p>Every (position, policy) pair gets {@link #playouts} playouts, cut into {@link #chunkCount}
 * chunks of {@link #chunkPlayouts} playouts (the last one takes the remainder), chunk {@code c}
 * seeded with {@link #chunkSeed}. All of it is a function of the spec alone.
 *
 * @param name the job's description, possibly empty
 * @param seed the job's seed
 * @param priority -100..100, higher first
 * @param rules the rules of every position
 * @param positions the positions after expansion, 1..1000, with unique labels
 * @param policies the policies, 1..16
 * @param playouts playouts per pair, 1..10^9
 * @param stopAtWidth 0 to run every playout, else 0.0005..0.5: a pair stops once the 95 % Wilson
 *     interval of its black win rate has at most this half-width
 * @param chunkSize playouts per chunk asked for in the spec, 1..10^7, or 0 for the default of
 *     {@link Chunking#defaultChunkPlayouts}
 * @param topMoves 0..50 best moves to report per pair
 */
public record ResolvedEvaluation(
    String name,
    long seed,
    int priority,
    Rules rules,
    List<JobPosition> positions,
    List<PolicySpec> policies,
    long playouts,
    double stopAtWidth,
    int chunkSize,
    int topMoves)
    implements ResolvedJob {

  public ResolvedEvaluation {
    positions = List.copyOf(positions);
    policies = List.copyOf(policies);
  }

  /** The number of (position, policy) pairs. */
  public int pairCount() {
    return positions.size() * policies.size();
  }

  /** The playouts of the whole job when no pair stops early. */
  public long totalPlayouts() {
    return pairCount() * playouts;
  }

  /**
   * The playouts of a full chunk of a pair: the spec's chunk size or the default, at most {@link
   * #playouts}.
   */
  public int chunkPlayouts(int position, int policy) {
    int size =
        chunkSize > 0
            ? chunkSize
            : Chunking.defaultChunkPlayouts(
                Geometry.of(positions.get(position).size()), policies.get(policy));
    return (int) Math.min(size, playouts);
  }

  /** The number of chunks of a pair. */
  public int chunkCount(int position, int policy) {
    int size = chunkPlayouts(position, policy);
    return (int) ((playouts + size - 1) / size);
  }

  /**
   * The playouts of chunk {@code chunk} of a pair: {@link #chunkPlayouts}, or what remains for the
   * last chunk.
   *
   * @throws IllegalArgumentException if chunk is not in 0..chunkCount-1
   */
  public int playoutsOfChunk(int position, int policy, int chunk) {
    int size = chunkPlayouts(position, policy);
    int count = (int) ((playouts + size - 1) / size);
    if (chunk < 0 || chunk >= count) {
      throw new IllegalArgumentException(
          "chunk must be 0.." + (count - 1) + " (got " + chunk + ")");
    }
    return chunk < count - 1 ? size : (int) (playouts - (long) size * (count - 1));
  }

  /** The seed of a chunk; see {@link Chunking#chunkSeed}. */
  public long chunkSeed(int position, int policy, int chunk) {
    return Chunking.chunkSeed(seed, position, policy, chunk);
  }
}
