package gofarm.coordinator.codec;

import gofarm.board.Geometry;
import gofarm.coordinator.job.Tally;
import gofarm.coordinator.job.TunePlan;
import gofarm.coordinator.job.TunePlay;
import gofarm.coordinator.job.TuneProgress;
import gofarm.coordinator.job.TuneReport;
import gofarm.coordinator.job.TuneTally;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PositionSearch;
import gofarm.proto.v1.TuneIteration;
import gofarm.proto.v1.TuneResult;
import gofarm.proto.v1.TuneSummary;
import gofarm.proto.v1.TunedValue;
import gofarm.wire.ChunkKey;
import gofarm.wire.Codec;
import gofarm.wire.JobPosition;
import gofarm.wire.PositionSearches;
import gofarm.wire.ResolvedMatch;
import gofarm.wire.ResolvedTune;
import gofarm.wire.WorkerProtocol;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tune job on the wire. Its chunks are ordinary work for a worker: a reference search is a
 * position search, a tuning pair is a match game pair of θ+ against θ− (or two playout chunks of a
 * reference position, under θ+ and θ−), and a confirmation pair is a match game pair of the tuned
 * against the starting policy; so workers know nothing of tuning. Results are checked as a match's
 * or an evaluate job's, and the report goes out as {@code TuneSummary} and {@code TuneResult}.
 */
public final class TuneCodec extends KindCodec<TunePlay, TuneReport> {
  private final ResolvedTune tune;
  private final TunePlan plan;

  /** An empty statistics of each board size, to check evaluations' shapes against; read only. */
  private final Map<Integer, PlayoutStats> shapes = new HashMap<>();

  public TuneCodec(String jobId, TunePlan plan) {
    super(jobId, plan);
    this.tune = plan.job();
    this.plan = plan;
    for (JobPosition p : tune.positions()) {
      shapes.computeIfAbsent(p.size(), this::shape);
    }
  }

  private PlayoutStats shape(int size) {
    Geometry g = Geometry.of(size);
    return new PlayoutStats(
        g, tune.start().rules().size(), tune.start().featureCount(), Playout.maxLength(g));
  }

  /**
   * The pair's work at the θ the tally has reached for its iteration. The tally is this kind's own
   * ({@link TunePlan#newTally}): the cast only recovers the type the generic interface hides.
   */
  @Override
  public ChunkAssignment assignment(ChunkKey key, Tally<TunePlay, TuneReport> tally) {
    TuneTally t = (TuneTally) tally;
    if (key.position() == TunePlan.REFERENCE) {
      int position = plan.unvalued().get(key.chunk());
      return ChunkAssignment.newBuilder()
          .setId(key.toProto())
          .setPosition(tune.positions().get(position).position())
          .setRules(Codec.toProto(tune.rules()))
          .setPolicy(Codec.toProto(tune.start()))
          .setSeed(tune.referenceSeed(position))
          .setSearch(PositionSearch.newBuilder().setPlayouts(tune.referencePlayouts()))
          .build();
    }
    if (key.position() == TunePlan.CONFIRM) {
      ResolvedMatch confirm =
          ResolvedTune.players(
              tune.confirm(),
              "tuned",
              tune.policy(t.thetaAt(tune.iterations() + 1)),
              "start",
              tune.start());
      return WorkerProtocol.assignment(key, tune.confirmSeed(key.chunk()), confirm, key.chunk());
    }
    int k = key.chunk() / tune.chunksPerIteration() + 1;
    int index = key.chunk() % tune.chunksPerIteration();
    int pair = tune.byMatch() ? index : index / 2;
    double[] theta = t.thetaAt(k);
    int[] delta = tune.delta(k, pair);
    if (tune.byMatch()) {
      ResolvedMatch games =
          ResolvedTune.players(
              tune.games(),
              ResolvedTune.PLUS,
              tune.policy(tune.spsa().perturbed(theta, k, delta, 1)),
              ResolvedTune.MINUS,
              tune.policy(tune.spsa().perturbed(theta, k, delta, -1)));
      int global = (k - 1) * tune.batchPairs() + pair;
      return WorkerProtocol.assignment(key, tune.pairSeed(k, pair), games, global);
    }
    int sign = index % 2 == 0 ? 1 : -1;
    return ChunkAssignment.newBuilder()
        .setId(key.toProto())
        .setPosition(tune.positions().get(tune.positionOf(k, pair)).position())
        .setRules(Codec.toProto(tune.rules()))
        .setPolicy(Codec.toProto(tune.policy(tune.spsa().perturbed(theta, k, delta, sign))))
        .setPlayouts(tune.playouts())
        .setSeed(tune.pairSeed(k, pair))
        .build();
  }

  @Override
  protected TunePlay read(ChunkKey key, ChunkResult result) {
    if (key.position() == TunePlan.REFERENCE) {
      refuseIfAny(key, PositionSearches.problems(result));
      return TunePlay.value(result.getValue().getBlackValue(), result.getValue().getPlayouts());
    }
    if (key.position() == TunePlan.CONFIRM || tune.byMatch()) {
      ResolvedMatch games = key.position() == TunePlan.CONFIRM ? tune.confirm() : tune.games();
      refuseIfAny(key, WorkerProtocol.gamePairProblems(result, games.maxMoves()));
      return TunePlay.of(MatchCodec.pair(result));
    }
    int k = key.chunk() / tune.chunksPerIteration() + 1;
    int pair = key.chunk() % tune.chunksPerIteration() / 2;
    JobPosition position = tune.positions().get(tune.positionOf(k, pair));
    refuseIfAny(
        key, WorkerProtocol.resultProblems(result, shapes.get(position.size()), tune.playouts()));
    gofarm.proto.v1.PlayoutStats s = result.getStats();
    return TunePlay.evaluation(
        (s.getBlackWins() + 0.5 * s.getDraws()) / s.getPlayouts(),
        s.getPlayouts(),
        s.getLengthSum());
  }

  @Override
  public KindView view(TuneReport report) {
    return new View(report);
  }

  static TuneSummary toSummary(TuneReport r) {
    ResolvedTune t = r.tune();
    TuneSummary.Builder b =
        TuneSummary.newBuilder()
            .setIteration(r.iteration())
            .setIterations(t.iterations())
            .setObjective(t.objective())
            // NaN once iterations are counted means no value yet (the forward score of the first
            // iteration); before any, 0 as ever.
            .setObjectiveValue(r.iteration() == 0 ? 0 : r.objectiveValue())
            .setTunedPolicy(r.tuned().rulesText())
            .setPhase(r.phase())
            .setBatchPairs(t.batchPairs())
            .setConfirmPairs(t.confirm() == null ? 0 : t.confirm().pairs());
    double[] start = t.startTheta();
    for (int i = 0; i < start.length; i++) {
      var p = t.parameters().get(i);
      var gains = t.spsa().parameters().get(i);
      b.addTheta(
          TunedValue.newBuilder()
              .setPath(p.path())
              .setValue(p.get(r.tuned()))
              .setTheta(r.theta().get(i))
              .setStart(start[i])
              .setMin(gains.min())
              .setMax(gains.max()));
    }
    if (r.confirm() != null) {
      b.setConfirm(MatchCodec.toSummary(r.confirm()));
    }
    return b.build();
  }

  static TuneResult toResult(TuneReport r) {
    TuneResult.Builder b =
        TuneResult.newBuilder().setSummary(toSummary(r)).setTunedPolicy(Codec.toProto(r.tuned()));
    List<List<Double>> path = r.trajectory();
    for (int i = 0; i < path.size(); i++) {
      TuneIteration.Builder it =
          TuneIteration.newBuilder()
              .setIteration(i + 1)
              .addAllTheta(path.get(i))
              .setObjective(r.objectives().get(i));
      if (r.forward() != null) {
        it.setForwardPoints(r.forward().get(i).points())
            .setForwardGames(r.forward().get(i).games());
      }
      b.addIterations(it);
    }
    if (r.confirm() != null) {
      b.setConfirm(MatchCodec.toResult(r.confirm()));
    }
    return b.addAllReferenceValues(r.values()).build();
  }

  /** A tuning's figures: the summary in a status, everything in results. */
  private record View(TuneReport report) implements KindView {
    @Override
    public void status(JobStatus.Builder status) {
      status.setTune(toSummary(report));
    }

    @Override
    public void results(JobResults.Builder results) {
      results.setTune(toResult(report));
    }

    @Override
    public KindView summary() {
      return new View(report.headlines());
    }

    @Override
    public Optional<TuneProgress> tuning() {
      return Optional.of(TuneProgress.of(report));
    }
  }
}
