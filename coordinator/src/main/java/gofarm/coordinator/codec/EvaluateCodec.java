package gofarm.coordinator.codec;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import gofarm.coordinator.job.ChunkStats;
import gofarm.coordinator.job.EvaluatePlan;
import gofarm.coordinator.job.EvaluateReport;
import gofarm.coordinator.job.PairFigures;
import gofarm.coordinator.job.PairPlan;
import gofarm.coordinator.job.Tally;
import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PairResult;
import gofarm.proto.v1.PairSummary;
import gofarm.proto.v1.ResolvedPosition;
import gofarm.wire.ChunkKey;
import gofarm.wire.Codec;
import gofarm.wire.ResolvedEvaluation;
import gofarm.wire.Results;
import gofarm.wire.StatsCodec;
import gofarm.wire.WorkerProtocol;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An evaluate job on the wire: playout chunk assignments, results checked against the pair's shape
 * and the chunk's size ({@link WorkerProtocol#resultProblems}) and handed on as {@link ChunkStats}
 * that add themselves from the message ({@link StatsCodec#mergeInto}), and its pairs as {@code
 * PairSummary} and {@code PairResult} ({@link Results}).
 */
public final class EvaluateCodec extends KindCodec<ChunkStats, EvaluateReport> {
  private final EvaluatePlan evaluate;

  /** An empty statistics of each board size and rule count, to check shapes against; read only. */
  private final Map<List<Integer>, PlayoutStats> shapes = new HashMap<>();

  /** The job's rules and policies as messages, built once for all its assignments. */
  private final gofarm.proto.v1.Rules rules;

  private final List<gofarm.proto.v1.PolicySpec> policies;

  public EvaluateCodec(String jobId, EvaluatePlan plan) {
    super(jobId, plan);
    this.evaluate = plan;
    this.rules = Codec.toProto(plan.job().rules());
    this.policies = plan.job().policies().stream().map(Codec::toProto).toList();
    for (PairPlan pair : plan.pairs()) {
      shapes.computeIfAbsent(shapeKey(pair), k -> pair.newStats());
    }
  }

  private static List<Integer> shapeKey(PairPlan pair) {
    return List.of(pair.geometry().size(), pair.policySpec().rules().size());
  }

  @Override
  public ChunkAssignment assignment(ChunkKey key, Tally<ChunkStats, EvaluateReport> tally) {
    return assignment(key);
  }

  /** What a worker receives for chunk {@code key}: a function of the plan alone. */
  public ChunkAssignment assignment(ChunkKey key) {
    return WorkerProtocol.assignment(
        jobId(),
        evaluate.job(),
        key.position(),
        key.policy(),
        key.chunk(),
        rules,
        policies.get(key.policy()));
  }

  @Override
  protected ChunkStats read(ChunkKey key, ChunkResult result) {
    PairPlan pair = evaluate.pair(key);
    PlayoutStats shape = shapes.get(shapeKey(pair));
    refuseIfAny(key, WorkerProtocol.resultProblems(result, shape, pair.chunkSize(key.chunk())));
    return new CheckedStats(result.getStats());
  }

  /** A checked message; immutable, so it may travel from the session to the job. */
  private record CheckedStats(gofarm.proto.v1.PlayoutStats stats) implements ChunkStats {
    @Override
    public long playouts() {
      return stats.getPlayouts();
    }

    @Override
    public long moves() {
      return stats.getLengthSum();
    }

    @Override
    public void addTo(PlayoutStats aggregate) {
      StatsCodec.mergeInto(aggregate, stats);
    }
  }

  @Override
  public KindView view(EvaluateReport report) {
    return new View(evaluate, report);
  }

  /** An evaluate job's pairs, encoded with {@link Results}. */
  private record View(EvaluatePlan plan, EvaluateReport report) implements KindView {
    ResolvedEvaluation job() {
      return plan.job();
    }

    /**
     * The full result of a pair nothing was counted for, without its position and label: the same
     * for all such pairs of one board size and policy ({@link #shape}), so built once per job's
     * results (on 25×25 building one takes about half a millisecond, and a cancelled job may have
     * 16,000 pairs).
     */
    private PairResult emptyResult(PairFigures p) {
      return Results.pairResult(
              job(),
              p.position(),
              p.policy(),
              plan.pairs().get(p.position() * plan.policies() + p.policy()).newStats())
          .toBuilder()
          .clearPosition()
          .clearPositionLabel()
          .build();
    }

    /** What an uncounted pair's result depends on besides its position: board size, policy. */
    private List<Integer> shape(PairFigures p) {
      return List.of(job().positions().get(p.position()).size(), p.policy());
    }

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
      results.addAllPositions(Results.positions(job()));
      Map<List<Integer>, PairResult> empty = new HashMap<>();
      for (PairFigures p : report.pairs()) {
        results.addPairs(
            p.stats() != null
                ? Results.pairResult(job(), p.position(), p.policy(), p.stats())
                : empty.computeIfAbsent(shape(p), k -> emptyResult(p)).toBuilder()
                    .setPosition(p.position())
                    .setPositionLabel(p.positionLabel())
                    .build());
      }
    }

    /**
     * One pair's message at a time: on 25×25 one is about 40 KB in memory (10 KB written), and a
     * job may have 16,000. A pair nothing was counted for is written as its position and label
     * followed by the bytes of {@link #emptyResult}, written once per shape (a message's fields may
     * come in any order).
     */
    @Override
    public void writeResults(CodedOutputStream out) throws IOException {
      for (ResolvedPosition p : Results.positions(job())) {
        out.writeMessage(JobResults.POSITIONS_FIELD_NUMBER, p);
      }
      Map<List<Integer>, ByteString> empty = new HashMap<>();
      for (PairFigures p : report.pairs()) {
        if (p.stats() != null) {
          out.writeMessage(
              JobResults.PAIRS_FIELD_NUMBER,
              Results.pairResult(job(), p.position(), p.policy(), p.stats()));
          continue;
        }
        ByteString rest = empty.computeIfAbsent(shape(p), k -> emptyResult(p).toByteString());
        int size = rest.size();
        if (p.position() != 0) {
          size +=
              CodedOutputStream.computeInt32Size(PairResult.POSITION_FIELD_NUMBER, p.position());
        }
        if (!p.positionLabel().isEmpty()) {
          size +=
              CodedOutputStream.computeStringSize(
                  PairResult.POSITION_LABEL_FIELD_NUMBER, p.positionLabel());
        }
        out.writeTag(JobResults.PAIRS_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
        out.writeUInt32NoTag(size);
        if (p.position() != 0) {
          out.writeInt32(PairResult.POSITION_FIELD_NUMBER, p.position());
        }
        if (!p.positionLabel().isEmpty()) {
          out.writeString(PairResult.POSITION_LABEL_FIELD_NUMBER, p.positionLabel());
        }
        out.writeRawBytes(rest);
      }
    }

    /** A listing shows no pairs. */
    @Override
    public KindView summary() {
      return new View(plan, new EvaluateReport(List.of()));
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
