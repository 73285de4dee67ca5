package gofarm.coordinator.job;

import gofarm.board.Geometry;
import gofarm.playout.FeatureSpace;
import gofarm.wire.ChunkKey;
import gofarm.wire.Chunking;
import gofarm.wire.ResolvedBalance;
import gofarm.wire.ResolvedMatch;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The plan of a balance job, in three series: {@link #REFERENCE} holds the reference step's
 * position searches (one per position without a given value), {@link #PASSES} a chunk per shard and
 * pass ({@code iterations + 1} passes, the last measuring the final table), {@link #CONFIRM} the
 * confirmation's game pairs (none without one). Units are playouts (a search's budget, a shard's M
 * and N playouts) and games (two per confirmation pair). Counted by a {@link BalanceTally}, which
 * releases the passes once the reference values are in and each pass once the one before is
 * counted; reported as a {@link BalanceReport}. Immutable.
 */
public final class BalancePlan implements JobKind<BalancePlay, BalanceReport> {
  /** How much slower than the modelled speed a worker may run a chunk, for its lease. */
  private static final double SLOW = 10;

  /** Bytes of the report's figures per pass. */
  private static final long FIGURES_BYTES = 64;

  /** The series of the reference step's searches. */
  public static final int REFERENCE = 0;

  /** The series of the passes over the positions. */
  public static final int PASSES = 1;

  /** The series of the confirmation. */
  public static final int CONFIRM = 2;

  private final ResolvedBalance balance;
  private final List<Integer> unvalued;

  public BalancePlan(ResolvedBalance balance) {
    this.balance = balance;
    this.unvalued = balance.unvalued();
  }

  /** The positions the reference step values, in chunk order (computed once: asked per result). */
  public List<Integer> unvalued() {
    return unvalued;
  }

  @Override
  public ResolvedBalance job() {
    return balance;
  }

  /** The shards of a pass. */
  public int shards() {
    return balance.shards().size();
  }

  /** The pass (1-based) chunk {@code chunk} of {@link #PASSES} belongs to. */
  public int passOf(int chunk) {
    return chunk / shards() + 1;
  }

  /** The shard chunk {@code chunk} of {@link #PASSES} runs. */
  public ResolvedBalance.Shard shardOf(int chunk) {
    return balance.shards().get(chunk % shards());
  }

  @Override
  public int policies() {
    return 1;
  }

  @Override
  public int series() {
    return 3;
  }

  @Override
  public int chunks(int series) {
    return switch (series) {
      case REFERENCE -> unvalued.size();
      case PASSES -> Math.multiplyExact(shards(), balance.passes());
      default -> balance.confirm() == null ? 0 : balance.confirm().pairs();
    };
  }

  @Override
  public long units(int series, int chunk) {
    return switch (series) {
      case REFERENCE -> balance.referencePlayouts();
      case PASSES -> {
        ResolvedBalance.Shard s = shardOf(chunk);
        int n = passOf(chunk) <= balance.iterations() ? balance.gradientPlayouts() : 0;
        yield s.playouts(balance.valuePlayouts(), n);
      }
      default -> 2;
    };
  }

  @Override
  public long units(int series) {
    return switch (series) {
      case REFERENCE -> Math.multiplyExact((long) unvalued.size(), balance.referencePlayouts());
      case PASSES ->
          Math.addExact(
              Math.multiplyExact(balance.passPlayouts(1), (long) balance.iterations()),
              balance.passPlayouts(balance.passes()));
      default -> 2L * chunks(CONFIRM);
    };
  }

  @Override
  public long units() {
    long n = 0;
    for (int s = 0; s < series(); s++) {
      n = Math.addExact(n, units(s));
    }
    return n;
  }

  /**
   * A shard's result in core form is a dense gradient and its values; up to a pass of them may wait
   * for the shards before them, beside γ, the pass's gradient, the targets, the figures of every
   * pass, a final report's copies and the confirmation's games.
   */
  @Override
  public long statisticsBytes() {
    long ids = FeatureSpace.size();
    long n = Math.multiplyExact(8 * ids + 64, (long) shards());
    n = Math.addExact(n, 8L * balance.positions().size() * 3);
    n = Math.addExact(n, 8 * 4 * ids);
    n = Math.addExact(n, Math.multiplyExact(FIGURES_BYTES, (long) balance.passes()));
    return balance.confirm() == null
        ? n
        : Math.addExact(n, MatchPlan.gamesBytes(balance.confirm()));
  }

  @Override
  public String fewerChunks() {
    return "raise positionsPerChunk, lower iterations, the positions or the confirmation's pairs";
  }

  @Override
  public String lessStatistics() {
    return "raise positionsPerChunk (fewer shards: every shard's gradient may wait for the ones"
        + " before it), or lower the confirmation's pairs";
  }

  @Override
  public BalanceTally newTally() {
    return new BalanceTally(balance);
  }

  @Override
  public BalanceReport queuedReport() {
    return newTally().report(series -> false, false, 0, false);
  }

  @Override
  public ChunkWork work(ChunkKey key, BalancePlay result) {
    if (result.games() != null) {
      return ChunkWork.games(result.games().first().moves(), result.games().second().moves());
    }
    // The playouts are counted, their moves are not reported.
    return ChunkWork.playouts("custom", result.playouts(), 0);
  }

  @Override
  public Set<String> engines() {
    return balance.confirm() == null ? Set.of() : balance.confirm().engines();
  }

  /**
   * The base lease plus the longest of its chunks: a shard or a reference search at {@link #SLOW}
   * times the modelled time of its playouts, a confirmation pair as a match's.
   */
  @Override
  public Duration lease(Duration base) {
    double longest = 0;
    for (ResolvedBalance.Shard s : balance.shards()) {
      Geometry g = Geometry.of(s.size());
      double shard =
          s.playouts(balance.valuePlayouts(), balance.gradientPlayouts())
              * Chunking.secondsPerPlayout(g, balance.start());
      double reference =
          unvalued.isEmpty()
              ? 0
              : balance.referencePlayouts()
                  * Chunking.secondsPerPlayout(g, balance.reference().policy());
      longest = Math.max(longest, Math.max(shard, reference));
    }
    Duration lease = base.plusMillis((long) Math.ceil(SLOW * longest * 1000));
    if (balance.confirm() != null) {
      Duration games = new MatchPlan(balance.confirm()).lease(base);
      lease = games.compareTo(lease) > 0 ? games : lease;
    }
    return lease;
  }

  @Override
  public boolean reproducible() {
    ResolvedMatch m = balance.confirm();
    return m == null || m.deterministic() && m.engines().isEmpty();
  }

  /** Passes wait for their last shard and games take seconds each: the whole run's rate. */
  @Override
  public boolean rateOverWholeRun() {
    return true;
  }
}
