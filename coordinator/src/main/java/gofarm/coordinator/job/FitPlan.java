package gofarm.coordinator.job;

import gofarm.learn.FitShard;
import gofarm.learn.GameDecisions;
import gofarm.wire.ChunkKey;
import gofarm.wire.ResolvedFit;
import java.time.Duration;

/**
 * The plan of a fit job: one series of passes over the games, a chunk per shard and pass (chunk
 * {@code c} is shard {@code c % shards} of pass {@code c / shards + 1}), at most {@code
 * maxIterations + 1} passes. Units are the moves of the shard's games, read once per pass. Counted
 * by a {@link FitTally}, which releases pass k + 1 only once every shard of pass k is counted and
 * settles the series when the fit converges; reported as a {@link FitReport}. Immutable.
 */
public final class FitPlan implements JobKind<FitShard.Result, FitReport> {
  /** How much slower than the modelled speed a worker may read a shard, for its lease. */
  private static final double SLOW = 10;

  /** Bytes of the report's figures per iteration. */
  private static final long FIGURES_BYTES = 160;

  private final ResolvedFit fit;

  public FitPlan(ResolvedFit fit) {
    this.fit = fit;
  }

  @Override
  public ResolvedFit job() {
    return fit;
  }

  /** The shards of a pass. */
  public int shards() {
    return fit.shards().size();
  }

  /** The pass (1-based) chunk {@code chunk} belongs to. */
  public int passOf(int chunk) {
    return chunk / shards() + 1;
  }

  /** The shard chunk {@code chunk} sums. */
  public ResolvedFit.Shard shardOf(int chunk) {
    return fit.shards().get(chunk % shards());
  }

  @Override
  public int policies() {
    return 1;
  }

  @Override
  public int series() {
    return 1;
  }

  @Override
  public int chunks(int series) {
    return fit.chunks();
  }

  @Override
  public long units(int series, int chunk) {
    return shardOf(chunk).moves();
  }

  @Override
  public long units(int series) {
    return Math.multiplyExact(fit.moves(), (long) fit.passes());
  }

  @Override
  public long units() {
    return units(0);
  }

  /**
   * A result in core form is the shard's sums, dense over the feature ids: the training and
   * held-out wins, the candidates and two groups' denominators at most. Up to a pass of them may
   * wait for the shards before them (in the chunk table, or held for a spot check), beside γ, the
   * running pass's sums, the counts kept from the first pass, the figures of every iteration and a
   * final report's copies.
   */
  @Override
  public long statisticsBytes() {
    long ids = GameDecisions.LAYOUT.size();
    long widest = 0;
    for (int g = 0; g < GameDecisions.LAYOUT.groupCount(); g++) {
      widest = Math.max(widest, GameDecisions.LAYOUT.groupSize(g));
    }
    long result = 8 * (3 * ids + 2 * widest) + 64;
    long n = Math.multiplyExact(result, (long) shards());
    n = Math.addExact(n, 8 * (8 * ids + 2 * widest));
    return Math.addExact(n, Math.multiplyExact(FIGURES_BYTES, (long) fit.passes()));
  }

  @Override
  public String fewerChunks() {
    return "raise gamesPerChunk (fewer, larger shards) or lower maxIterations";
  }

  @Override
  public String lessStatistics() {
    return "raise gamesPerChunk (fewer, larger shards: every shard's sums may wait for the ones"
        + " before it)";
  }

  @Override
  public FitTally newTally() {
    return new FitTally(fit);
  }

  @Override
  public FitReport queuedReport() {
    return newTally().report(series -> false, false, 0, false);
  }

  /** A fit chunk runs no playouts and plays no games: it counts as a chunk only. */
  @Override
  public ChunkWork work(ChunkKey key, FitShard.Result result) {
    return ChunkWork.playouts("", 0, 0);
  }

  /**
   * The base lease plus {@link #SLOW} times the modelled time of the longest shard (a fresh JVM
   * reads 3 to 5 times slower, and workers may be slow), so that a long shard on a live worker is
   * not handed to a second one.
   */
  @Override
  public Duration lease(Duration base) {
    double longest = 0;
    for (ResolvedFit.Shard s : fit.shards()) {
      longest = Math.max(longest, s.seconds());
    }
    return base.plusMillis((long) Math.ceil(SLOW * longest * 1000));
  }

  /**
   * Chunks take a second or two each and passes wait for their last shard: the whole run's rate.
   */
  @Override
  public boolean rateOverWholeRun() {
    return true;
  }
}
