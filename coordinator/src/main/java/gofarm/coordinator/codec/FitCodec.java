package gofarm.coordinator.codec;

import gofarm.coordinator.job.FitFigures;
import gofarm.coordinator.job.FitPlan;
import gofarm.coordinator.job.FitProgress;
import gofarm.coordinator.job.FitReport;
import gofarm.coordinator.job.FitTally;
import gofarm.coordinator.job.Tally;
import gofarm.learn.FitShard;
import gofarm.playout.FeatureSpace;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.FitFeature;
import gofarm.proto.v1.FitIteration;
import gofarm.proto.v1.FitResult;
import gofarm.proto.v1.FitStop;
import gofarm.proto.v1.FitSummary;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import gofarm.wire.ChunkKey;
import gofarm.wire.FitShards;
import gofarm.wire.ResolvedFit;
import java.util.Optional;

/**
 * A fit job on the wire. A chunk is a shard of the games with the γ and the group of its pass
 * ({@code FitShardAssignment}); its result is the shard's sums, checked field by field and against
 * the shard's moves, then decoded into {@link FitShard.Result}. The report goes out as {@code
 * FitSummary} and {@code FitResult}.
 */
public final class FitCodec extends KindCodec<FitShard.Result, FitReport> {
  private final ResolvedFit fit;
  private final FitPlan plan;

  public FitCodec(String jobId, FitPlan plan) {
    super(jobId, plan);
    this.fit = plan.job();
    this.plan = plan;
  }

  /**
   * The shard at the γ and group of its pass. The tally is this kind's own ({@link
   * FitPlan#newTally}): the cast only recovers the type the generic interface hides.
   */
  @Override
  public ChunkAssignment assignment(ChunkKey key, Tally<FitShard.Result, FitReport> tally) {
    FitTally t = (FitTally) tally;
    int pass = plan.passOf(key.chunk());
    return FitShards.assignment(
        key, plan.shardOf(key.chunk()), fit.skipMoves(), t.gammaFor(pass), t.groupFor(pass));
  }

  /**
   * The shard's sums, each field checked and the counts against the shard's moves. The result names
   * the group it summed for; whether that is its pass's group depends on the first pass's
   * candidates, which only the tally knows ({@link FitTally#refusal}).
   */
  @Override
  protected FitShard.Result read(ChunkKey key, ChunkResult result) {
    refuseIfAny(key, FitShards.problems(result, plan.shardOf(key.chunk()).moves()));
    return FitShards.sums(result);
  }

  @Override
  public KindView view(FitReport report) {
    return new View(report);
  }

  static FitSummary toSummary(FitReport r) {
    ResolvedFit f = r.fit();
    FitSummary.Builder b =
        FitSummary.newBuilder()
            .setIteration(r.iteration())
            .setMaxIterations(f.maxIterations())
            .setGroup(r.group())
            .setTrainGames(f.trainGames())
            .setTestGames(f.testGames())
            .setStop(toProto(r.stop()))
            .addAllGroups(r.groups())
            .setPasses(r.passes());
    if (r.latest() != null) {
      b.setLatest(toProto(r.latest()));
    }
    return b.build();
  }

  static FitResult toResult(FitReport r) {
    FitResult.Builder b = FitResult.newBuilder().setSummary(toSummary(r));
    for (FitFigures f : r.figures()) {
      b.addIterations(toProto(f));
    }
    double[] gamma = r.gamma();
    for (double g : gamma) {
      b.addGamma(g);
    }
    if (r.candidates() != null) {
      long[] wins = r.wins();
      long[] candidates = r.candidates();
      for (int id = 0; id < candidates.length; id++) {
        if (candidates[id] > 0) {
          b.addFeatures(
              FitFeature.newBuilder()
                  .setId(id)
                  .setName(FeatureSpace.name(id))
                  .setGamma(gamma[id])
                  .setWins(wins[id])
                  .setCandidates(candidates[id]));
        }
      }
    }
    return b.build();
  }

  static FitIteration toProto(FitFigures f) {
    return FitIteration.newBuilder()
        .setIteration(f.iteration())
        .setGroup(f.group())
        .setTrainLogLikelihood(f.trainLogLikelihood())
        .setTestLogLikelihood(f.testLogLikelihood())
        .setTrainTop1(f.trainTop1())
        .setTrainTop5(f.trainTop5())
        .setTestTop1(f.testTop1())
        .setTestTop5(f.testTop5())
        .setTrainDecisions(f.trainDecisions())
        .setTestDecisions(f.testDecisions())
        .setTrainSkipped(f.trainSkipped())
        .setTestSkipped(f.testSkipped())
        .build();
  }

  static FitStop toProto(FitReport.Stop stop) {
    return switch (stop) {
      case RUNNING -> FitStop.FIT_STOP_UNSPECIFIED;
      case CONVERGED -> FitStop.FIT_STOP_CONVERGED;
      case MAX_ITERATIONS -> FitStop.FIT_STOP_MAX_ITERATIONS;
      case CANCELLED -> FitStop.FIT_STOP_CANCELLED;
    };
  }

  /** A fit's figures: the summary in a status, everything in results. */
  private record View(FitReport report) implements KindView {
    @Override
    public void status(JobStatus.Builder status) {
      status.setFit(toSummary(report));
    }

    @Override
    public void results(JobResults.Builder results) {
      results.setFit(toResult(report));
    }

    @Override
    public KindView summary() {
      return new View(report.headlines());
    }

    @Override
    public Optional<FitProgress> fitting() {
      return Optional.of(FitProgress.of(report));
    }
  }
}
