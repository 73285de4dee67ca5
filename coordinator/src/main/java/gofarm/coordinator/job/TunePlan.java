package gofarm.coordinator.job;

import gofarm.board.Geometry;
import gofarm.wire.ChunkKey;
import gofarm.wire.Chunking;
import gofarm.wire.JobPosition;
import gofarm.wire.ResolvedMatch;
import gofarm.wire.ResolvedTune;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;

/**
 * The plan of a tune job: series 0 holds the iterations' chunks ({@link
 * ResolvedTune#chunksPerIteration} each), series 1 the confirmation's game pairs when the spec asks
 * for one. Units are games (two per game pair) and evaluations (one each). Counted by a {@link
 * TuneTally}, which releases each iteration once the one before is counted; reported as a {@link
 * TuneReport}. Immutable.
 */
public final class TunePlan implements JobKind<TunePlay, TuneReport> {
  /** How much slower than the modelled speed a worker may run an evaluation, for its lease. */
  private static final double SLOW = 10;

  private final ResolvedTune tune;

  public TunePlan(ResolvedTune tune) {
    this.tune = tune;
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
    return tune.confirm() == null ? 1 : 2;
  }

  @Override
  public int chunks(int series) {
    return series == 0 ? tune.iterations() * tune.chunksPerIteration() : tune.confirm().pairs();
  }

  @Override
  public long units(int series, int chunk) {
    return series == 0 && !tune.byMatch() ? 1 : 2;
  }

  @Override
  public long units() {
    long n = (long) chunks(0) * units(0, 0);
    return tune.confirm() == null ? n : n + 2L * tune.confirm().pairs();
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
   * The base lease plus the longest of its chunks: a game pair as a match's, an evaluation at
   * {@link #SLOW} times the modelled time of its playouts on the largest board (rates move, and
   * workers may be slow), so that a long chunk on a live worker is not handed to a second one.
   */
  @Override
  public Duration lease(Duration base) {
    Duration lease = base;
    for (JobPosition p : tune.positions()) {
      double seconds =
          SLOW * tune.playouts() * Chunking.secondsPerPlayout(Geometry.of(p.size()), tune.start());
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
  public boolean rateOverWholeRun() {
    return true;
  }
}
