package gofarm.coordinator.codec;

import gofarm.coordinator.job.EvaluatePlan;
import gofarm.coordinator.job.EvaluateReport;
import gofarm.coordinator.job.PairFigures;
import gofarm.coordinator.job.PairPlan;
import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PairSummary;
import gofarm.wire.ChunkKey;
import gofarm.wire.ResolvedEvaluation;
import gofarm.wire.Results;
import gofarm.wire.StatsCodec;
import gofarm.wire.WorkerProtocol;
import java.util.List;

/**
 * An evaluate job on the wire: playout chunk assignments, results decoded into {@link PlayoutStats}
 * (checked against the pair's shape and the chunk's size by {@link WorkerProtocol#resultProblems},
 * then read by {@link StatsCodec#mergeInto}), and its pairs as {@code PairSummary} and {@code
 * PairResult} ({@link Results}).
 */
public final class EvaluateCodec extends KindCodec<PlayoutStats, EvaluateReport> {
  private final EvaluatePlan evaluate;

  public EvaluateCodec(String jobId, EvaluatePlan plan) {
    super(jobId, plan);
    this.evaluate = plan;
  }

  @Override
  public ChunkAssignment assignment(ChunkKey key) {
    return WorkerProtocol.assignment(
        jobId(), evaluate.job(), key.position(), key.policy(), key.chunk());
  }

  @Override
  protected PlayoutStats read(ChunkKey key, ChunkResult result) {
    PairPlan pair = evaluate.pair(key);
    PlayoutStats stats = pair.newStats();
    refuseIfAny(key, WorkerProtocol.resultProblems(result, stats, pair.chunkSize(key.chunk())));
    StatsCodec.mergeInto(stats, result.getStats());
    return stats;
  }

  @Override
  public KindView view(EvaluateReport report) {
    return new View(evaluate.job(), report);
  }

  /** An evaluate job's pairs, encoded with {@link Results}. */
  private record View(ResolvedEvaluation job, EvaluateReport report) implements KindView {
    @Override
    public void status(JobStatus.Builder status) {
      for (PairFigures p : report.pairs()) {
        status.addPairs(
            PairSummary.newBuilder()
                .setPosition(p.position())
                .setPolicy(p.policy())
                .setPositionLabel(p.positionLabel())
                .setPolicyName(p.policyName())
                .setPlayouts(p.playouts())
                .setBlackWinRate(p.playouts() == 0 ? 0.5 : p.blackWinRate())
                .setHalfWidth(p.playouts() == 0 ? 0.5 : p.halfWidth())
                .setDone(p.done()));
      }
    }

    @Override
    public void results(JobResults.Builder results) {
      results.addAllPositions(Results.positions(job));
      for (PairFigures p : report.pairs()) {
        results.addPairs(Results.pairResult(job, p.position(), p.policy(), p.stats()));
      }
    }

    /** A listing shows no pairs. */
    @Override
    public KindView summary() {
      return new View(job, new EvaluateReport(List.of()));
    }

    @Override
    public boolean countsPlayouts() {
      return true;
    }

    @Override
    public List<PairFigures> playoutPairs() {
      return report.pairs();
    }
  }
}
