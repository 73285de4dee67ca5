package gofarm.coordinator.job;

import gofarm.board.Geometry;
import gofarm.wire.ChunkKey;
import gofarm.wire.Chunking;
import gofarm.wire.JobPosition;
import gofarm.wire.ResolvedMatch;
import gofarm.wire.ResolvedTune;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The plan of a tune job, in three series: {@link #REFERENCE} holds the reference step's position
 * searches (one per reference position without a given value, so often none), {@link #ITERATIONS}
 * the iterations' chunks ({@link ResolvedTune#chunksPerIteration} each), {@link #CONFIRM} the
 * confirmation's game pairs (none without one). Units are games (two per game pair), evaluations
 * and searches (one each). Counted by a {@link TuneTally}, which releases the iterations once the
 * reference values are in and each iteration once the one before is counted; reported as a {@link
 * TuneReport}. Immutable.
 */
public final class TunePlan implements JobKind<TunePlay, TuneReport> {
  /** How much slower than the modelled speed a worker may run an evaluation, for its lease. */
  private static final double SLOW = 10;

  /** The series of the reference step's searches. */
  public static final int REFERENCE = 0;

  /** The series of the iterations. */
  public static final int ITERATIONS = 1;

  /** The series of the confirmation. */
  public static final int CONFIRM = 2;

  private final ResolvedTune tune;
  private final List<Integer> unvalued;

  public TunePlan(ResolvedTune tune) {
    this.tune = tune;
    this.unvalued = tune.unvalued();
  }

  /** The positions the reference step values, in chunk order (computed once: asked per result). */
  public List<Integer> unvalued() {
    return unvalued;
  }

  @Override
  public ResolvedTune job() {
    return tune;
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
      case ITERATIONS -> tune.iterations() * tune.chunksPerIteration();
      default -> tune.confirm() == null ? 0 : tune.confirm().pairs();
    };
  }

  @Override
  public long units(int series, int chunk) {
    return series == CONFIRM || series == ITERATIONS && tune.byMatch() ? 2 : 1;
  }

  @Override
  public long units(int series) {
    return (long) chunks(series) * units(series, 0);
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
   * θ after every iteration (the trajectory) with its objective, a batch's results, and the
   * confirmation's games (a tuning's own games are not kept).
   */
  @Override
  public long statisticsBytes() {
    long perIteration = 8L * tune.parameters().size() + 64;
    long n = Math.multiplyExact((long) tune.iterations(), perIteration);
    n = Math.addExact(n, 8L * tune.batchPairs());
    return tune.confirm() == null ? n : Math.addExact(n, MatchPlan.gamesBytes(tune.confirm()));
  }

  @Override
  public String fewerChunks() {
    return "lower iterations or batchPairs, the reference positions, or the confirmation's pairs";
  }

  @Override
  public TuneTally newTally() {
    return new TuneTally(tune);
  }

  @Override
  public TuneReport queuedReport() {
    return newTally().report(series -> false, false, 0, false);
  }

  @Override
  public ChunkWork work(ChunkKey key, TunePlay result) {
    if (result.games() != null) {
      return ChunkWork.games(result.games().first().moves(), result.games().second().moves());
    }
    // A search's playouts are counted, its moves are not known.
    return ChunkWork.playouts("custom", result.playouts(), result.moves());
  }

  @Override
  public Set<String> engines() {
    Set<String> programs = new TreeSet<>();
    for (ResolvedMatch m : new ResolvedMatch[] {tune.games(), tune.confirm()}) {
      if (m != null) {
        programs.addAll(m.engines());
      }
    }
    return programs;
  }

  /**
   * The base lease plus the longest of its chunks: a game pair as a match's, an evaluation or a
   * reference search at {@link #SLOW} times the modelled time of its playouts on the largest board
   * (rates move, a search's tree costs too, and workers may be slow), so that a long chunk on a
   * live worker is not handed to a second one.
   */
  @Override
  public Duration lease(Duration base) {
    Duration lease = base;
    long playouts = Math.max(tune.playouts(), unvalued.isEmpty() ? 0 : tune.referencePlayouts());
    for (JobPosition p : tune.positions()) {
      double seconds =
          SLOW * playouts * Chunking.secondsPerPlayout(Geometry.of(p.size()), tune.start());
      Duration evaluation = base.plusMillis((long) Math.ceil(seconds * 1000));
      lease = evaluation.compareTo(lease) > 0 ? evaluation : lease;
    }
    for (ResolvedMatch m : new ResolvedMatch[] {tune.games(), tune.confirm()}) {
      if (m != null) {
        Duration games = new MatchPlan(m).lease(base);
        lease = games.compareTo(lease) > 0 ? games : lease;
      }
    }
    return lease;
  }

  /** Games take seconds each: the rate is over the whole run. */
  @Override
  public boolean reproducible() {
    for (ResolvedMatch m : new ResolvedMatch[] {tune.games(), tune.confirm()}) {
      if (m != null && (!m.deterministic() || !m.engines().isEmpty())) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean rateOverWholeRun() {
    return true;
  }
}
