package gofarm.coordinator.codec;

import gofarm.coordinator.job.BalanceFigures;
import gofarm.coordinator.job.BalancePlan;
import gofarm.coordinator.job.BalancePlay;
import gofarm.coordinator.job.BalanceProgress;
import gofarm.coordinator.job.BalanceReport;
import gofarm.coordinator.job.BalanceTally;
import gofarm.coordinator.job.Tally;
import gofarm.proto.v1.BalanceIteration;
import gofarm.proto.v1.BalanceResult;
import gofarm.proto.v1.BalanceSummary;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.ResolvedPosition;
import gofarm.wire.BalanceShards;
import gofarm.wire.ChunkKey;
import gofarm.wire.Codec;
import gofarm.wire.JobPosition;
import gofarm.wire.PositionSearches;
import gofarm.wire.ResolvedBalance;
import gofarm.wire.WorkerProtocol;
import java.util.Optional;

/**
 * A balance job on the wire. A reference search is a position search and a confirmation pair an
 * ordinary match game pair, as a tune job's; a pass's chunk is a shard of positions with their
 * targets and seeds at the γ of its pass ({@code BalanceShardAssignment}), whose result is checked
 * field by field against the shard and decoded into a {@link BalancePlay}. The report goes out as
 * {@code BalanceSummary} and {@code BalanceResult}.
 */
public final class BalanceCodec extends KindCodec<BalancePlay, BalanceReport> {
  private final ResolvedBalance balance;
  private final BalancePlan plan;

  public BalanceCodec(String jobId, BalancePlan plan) {
    super(jobId, plan);
    this.balance = plan.job();
    this.plan = plan;
  }

  /**
   * The chunk's work as the tally stands. The tally is this kind's own ({@link
   * BalancePlan#newTally}): the cast only recovers the type the generic interface hides.
   */
  @Override
  public ChunkAssignment assignment(ChunkKey key, Tally<BalancePlay, BalanceReport> tally) {
    BalanceTally t = (BalanceTally) tally;
    if (key.position() == BalancePlan.REFERENCE) {
      int position = plan.unvalued().get(key.chunk());
      return ChunkAssignment.newBuilder()
          .setId(key.toProto())
          .setPosition(balance.positions().get(position).position())
          .setRules(Codec.toProto(balance.rules()))
          .setPolicy(Codec.toProto(balance.reference().policy()))
          .setSeed(balance.referenceSeed(position))
          .setSearch(PositionSearches.search(balance.reference(), balance.referencePlayouts()))
          .build();
    }
    if (key.position() == BalancePlan.CONFIRM) {
      return WorkerProtocol.assignment(
          key, balance.confirmSeed(key.chunk()), t.confirmMatch(), key.chunk());
    }
    int pass = plan.passOf(key.chunk());
    return BalanceShards.assignment(
        key, balance, plan.shardOf(key.chunk()), pass, t.gammaFor(pass), t.targets());
  }

  @Override
  protected BalancePlay read(ChunkKey key, ChunkResult result) {
    if (key.position() == BalancePlan.REFERENCE) {
      refuseIfAny(key, PositionSearches.problems(result));
      return BalancePlay.value(result.getValue().getBlackValue(), result.getValue().getPlayouts());
    }
    if (key.position() == BalancePlan.CONFIRM) {
      refuseIfAny(key, WorkerProtocol.gamePairProblems(result, balance.confirm().maxMoves()));
      return BalancePlay.of(MatchCodec.pair(result));
    }
    int pass = plan.passOf(key.chunk());
    refuseIfAny(key, BalanceShards.problems(result, balance, plan.shardOf(key.chunk()), pass));
    BalanceShards.Sums sums = BalanceShards.sums(result);
    return BalancePlay.shard(
        sums.gradient(), sums.values(), plan.units(BalancePlan.PASSES, key.chunk()));
  }

  @Override
  public KindView view(BalanceReport report) {
    return new View(report);
  }

  static BalanceSummary toSummary(BalanceReport r) {
    ResolvedBalance b = r.balance();
    BalanceSummary.Builder s =
        BalanceSummary.newBuilder()
            .setIteration(r.iteration())
            .setIterations(b.iterations())
            .setPhase(r.phase())
            .setTrainPositions(b.trainPositions())
            .setTestPositions(b.testPositions())
            .setConfirmPairs(b.confirm() == null ? 0 : b.confirm().pairs())
            .setReferencesDone(r.referencesDone())
            .setReferences(b.unvalued().size());
    if (r.latest() != null) {
      s.setLatest(toProto(r.latest()));
    }
    if (r.confirm() != null) {
      s.setConfirm(MatchCodec.toSummary(r.confirm()));
    }
    return s.build();
  }

  static BalanceResult toResult(BalanceReport r) {
    ResolvedBalance b = r.balance();
    BalanceResult.Builder out = BalanceResult.newBuilder().setSummary(toSummary(r));
    for (BalanceFigures f : r.figures()) {
      out.addIterations(toProto(f));
    }
    for (double g : r.gamma()) {
      out.addGamma(g);
    }
    for (double g : b.start().gammaTable().toArray()) {
      out.addStartGamma(g);
    }
    out.addAllReferenceValues(r.values()).addAllHeldOut(b.heldOut());
    for (JobPosition p : b.positions()) {
      out.addLabels(p.label());
    }
    out.setTunedPolicy(Codec.toProto(b.policy(r.gamma())));
    if (r.confirm() != null) {
      out.setConfirm(MatchCodec.toResult(r.confirm()));
    }
    return out.build();
  }

  static BalanceIteration toProto(BalanceFigures f) {
    return BalanceIteration.newBuilder()
        .setIteration(f.iteration())
        .setTrainMse(f.trainMse())
        .setTestMse(f.testMse())
        .setStep(f.step())
        .setDelta(f.delta())
        .build();
  }

  /** A balancing's figures: the summary in a status, everything in results. */
  private record View(BalanceReport report) implements KindView {
    @Override
    public void status(JobStatus.Builder status) {
      status.setBalance(toSummary(report));
    }

    /**
     * The balancing's figures, and its positions with their labels (a later spec can list them).
     */
    @Override
    public void results(JobResults.Builder results) {
      results.setBalance(toResult(report));
      for (JobPosition p : report.balance().positions()) {
        results.addPositions(
            ResolvedPosition.newBuilder().setLabel(p.label()).setPosition(p.position()));
      }
    }

    @Override
    public KindView summary() {
      return new View(report.headlines());
    }

    @Override
    public Optional<BalanceProgress> balancing() {
      return Optional.of(BalanceProgress.of(report));
    }
  }
}
