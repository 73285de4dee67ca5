package gofarm.wire;

import gofarm.learn.BalanceStep;
import gofarm.playout.PolicySpec;
import gofarm.rules.Rules;
import gofarm.search.SearchConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * A validated {@code balance} job in core terms: the softmax policy to start from, the training and
 * held-out positions with their values, the step schedule, the shards and the confirmation. Made by
 * {@link JobSpecs#resolve}; every seed and split is a function of the spec and the seed, so the
 * balanced table is the same on any number of workers.
 *
 * <h2>Chunks</h2>
 *
 * Pass k (1-based) is one chunk per shard: chunk {@code c} is shard {@code c % shards().size()} of
 * pass {@code c / shards().size() + 1}, which measures V at every position of the shard and, in
 * passes 1..{@code iterations}, the gradient at its training positions, at the γ after k − 1
 * updates. Pass {@code iterations + 1} measures the final table (values only). Position {@code i}'s
 * playouts in pass k use {@link #sampleSeed}(k, i) whichever shard and worker runs it.
 *
 * @param name the job's description, possibly empty
 * @param seed the job's seed
 * @param priority -100..100, higher first
 * @param rules the rules of every position
 * @param start the starting softmax policy
 * @param positions the positions, in order
 * @param values each position's V*, black's value, or NaN for the reference step to find
 * @param heldOut per position, whether it is held out
 * @param games the games the positions come from (each listed position counts as one)
 * @param heldOutShare the share of games held out
 * @param reference the reference search's settings: the starting policy's search by default, or the
 *     spec's reference player
 * @param referencePlayouts the playouts of a reference search
 * @param iterations updates of γ
 * @param valuePlayouts M
 * @param gradientPlayouts N
 * @param step α and its decay
 * @param shards consecutive positions of one board size, at most {@code positionsPerChunk} each
 * @param positionsPerChunk positions per shard at most
 * @param confirm the confirmation match (players at the starting policy, replaced by {@code
 *     ResolvedTune.players} once the table is known), or null for none
 */
public record ResolvedBalance(
    String name,
    long seed,
    int priority,
    Rules rules,
    PolicySpec start,
    List<JobPosition> positions,
    List<Double> values,
    List<Boolean> heldOut,
    int games,
    double heldOutShare,
    SearchConfig reference,
    long referencePlayouts,
    int iterations,
    int valuePlayouts,
    int gradientPlayouts,
    BalanceStep step,
    List<Shard> shards,
    int positionsPerChunk,
    ResolvedMatch confirm)
    implements ResolvedJob {

  /**
   * One shard: positions {@code first .. first + count - 1}, all of one board size.
   *
   * @param first the index of its first position
   * @param count its positions
   * @param train its training positions
   * @param size their board size
   */
  public record Shard(int first, int count, int train, int size) {
    /** Playouts of one pass over the shard: M for every position and N for each training one. */
    public long playouts(int valuePlayouts, int gradientPlayouts) {
      return (long) count * valuePlayouts + (long) train * gradientPlayouts;
    }
  }

  public ResolvedBalance {
    positions = List.copyOf(positions);
    values = List.copyOf(values);
    heldOut = List.copyOf(heldOut);
    shards = List.copyOf(shards);
    if (positions.size() != values.size() || positions.size() != heldOut.size()) {
      throw new IllegalArgumentException("one value and one held-out flag per position");
    }
  }

  /** The softmax policy of {@code gamma}, labelled {@code balanced}. */
  public PolicySpec policy(double[] gamma) {
    return new PolicySpec("balanced", start.rules(), gofarm.playout.GammaTable.of(gamma));
  }

  /** Passes: one per iteration, and one that measures the final table. */
  public int passes() {
    return iterations + 1;
  }

  /** Training positions. */
  public int trainPositions() {
    int n = 0;
    for (boolean h : heldOut) {
      n += h ? 0 : 1;
    }
    return n;
  }

  /** Held-out positions. */
  public int testPositions() {
    return positions.size() - trainPositions();
  }

  /** The positions without a given value, in order: the reference step's searches. */
  public List<Integer> unvalued() {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      if (Double.isNaN(values.get(i))) {
        out.add(i);
      }
    }
    return out;
  }

  /**
   * The seed of position {@code position}'s playouts in pass {@code pass} (1-based): a function of
   * the job's seed, the pass and the position only, so sharding and workers do not matter.
   */
  public long sampleSeed(int pass, int position) {
    return Chunking.chunkSeed(seed, pass, 0, position);
  }

  /** The seed of the reference search of position {@code position}. */
  public long referenceSeed(int position) {
    return Chunking.chunkSeed(seed, 0, 2, position);
  }

  /** The seed of confirmation pair {@code pair}. */
  public long confirmSeed(int pair) {
    return Chunking.chunkSeed(seed, 0, 1, pair);
  }

  /** Playouts of one pass: M per position, and N per training position except in the last. */
  public long passPlayouts(int pass) {
    long n = (long) positions.size() * valuePlayouts;
    return pass <= iterations ? n + (long) trainPositions() * gradientPlayouts : n;
  }
}
