package gofarm.coordinator.job;

import gofarm.board.Geometry;
import gofarm.wire.ChunkKey;
import gofarm.wire.ResolvedEvaluation;
import java.util.ArrayList;
import java.util.List;

/**
 * The plan of an evaluate job: one series of playout chunks per (position, policy) pair, positions
 * major, each pair cut into chunks as {@link ResolvedEvaluation} says. Counted by a {@link
 * PlayoutTally}; reported as an {@link EvaluateReport}. Immutable.
 */
public final class EvaluatePlan implements JobKind<ChunkStats, EvaluateReport> {
  /** A series' chunk bookkeeping, its plan and its figures in a report: a generous bound. */
  static final long PER_SERIES_BYTES = 1024;

  private final ResolvedEvaluation job;
  private final List<PairPlan> pairs;

  public EvaluatePlan(ResolvedEvaluation job) {
    this.job = job;
    List<PairPlan> list = new ArrayList<>();
    for (int p = 0; p < job.positions().size(); p++) {
      for (int q = 0; q < job.policies().size(); q++) {
        list.add(
            PairPlan.of(
                p,
                q,
                job.positions().get(p).label(),
                Geometry.of(job.positions().get(p).size()),
                job.policies().get(q),
                job.playouts(),
                job.chunkPlayouts(p, q)));
      }
    }
    this.pairs = List.copyOf(list);
  }

  @Override
  public ResolvedEvaluation job() {
    return job;
  }

  /** One per (position, policy), positions major: series {@code i} is pair {@code i}. */
  public List<PairPlan> pairs() {
    return pairs;
  }

  /** The pair of chunk {@code key}; precondition: {@link #hasChunk}. */
  public PairPlan pair(ChunkKey key) {
    return pairs.get(series(key));
  }

  @Override
  public int policies() {
    return job.policies().size();
  }

  @Override
  public int series() {
    return pairs.size();
  }

  @Override
  public int chunks(int series) {
    return pairs.get(series).chunks();
  }

  @Override
  public long units(int series, int chunk) {
    return pairs.get(series).chunkSize(chunk);
  }

  @Override
  public long units(int series) {
    return pairs.get(series).playouts();
  }

  /**
   * Each pair's aggregate twice (the tally's, and the copy a running job's results make), plus its
   * chunk bookkeeping and figures: the most the job holds while it runs, every pair counted.
   */
  @Override
  public long statisticsBytes() {
    long n = 0;
    for (PairPlan p : pairs) {
      n = Math.addExact(n, 2 * p.statisticsBytes() + PER_SERIES_BYTES);
    }
    return n;
  }

  @Override
  public long units() {
    long n = 0;
    for (PairPlan p : pairs) {
      n += p.playouts();
    }
    return n;
  }

  @Override
  public String fewerChunks() {
    return "raise chunkPlayouts (or leave it out for about 1.5 s of playouts per chunk), or lower"
        + " playouts, positions or policies";
  }

  @Override
  public PlayoutTally newTally() {
    return new PlayoutTally(this);
  }

  /** No pairs yet: a queued job's status lists none. */
  @Override
  public EvaluateReport queuedReport() {
    return new EvaluateReport(List.of());
  }

  @Override
  public ChunkWork work(ChunkKey key, ChunkStats result) {
    return ChunkWork.playouts(pair(key).policySpec().name(), result.playouts(), result.moves());
  }
}
