package gofarm.coordinator.grpc;

import com.google.protobuf.Timestamp;
import gofarm.coordinator.actor.JobEncoder;
import gofarm.coordinator.job.JobPlan;
import gofarm.coordinator.job.JobReport;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PairSummary;
import gofarm.wire.Results;
import java.time.Instant;

/** Encodes job reports as the client API's messages, with {@code gofarm.wire.Results}. */
public final class WireEncoder implements JobEncoder {

  @Override
  public JobStatus status(JobReport r) {
    JobStatus.Builder b =
        JobStatus.newBuilder()
            .setJobId(r.jobId())
            .setName(r.name())
            .setState(JobState.valueOf(r.state().name()))
            .setPriority(r.priority())
            .setPlayoutsDone(r.playoutsDone())
            .setPlayoutsTotal(r.playoutsTotal())
            .setChunksDone(r.chunksDone())
            .setChunksTotal(r.chunksTotal())
            .setChunksLeased(r.chunksLeased())
            .setPlayoutsPerSecond(r.playoutsPerSecond())
            .setEtaSeconds(r.etaSeconds())
            .setMessage(r.message());
    if (r.match() != null) {
      b.setMatch(r.match());
    }
    setTime(r.submitted(), b::setSubmitted);
    setTime(r.started(), b::setStarted);
    setTime(r.finished(), b::setFinished);
    for (JobReport.Pair p : r.pairs()) {
      b.addPairs(
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
    return b.build();
  }

  @Override
  public JobResults results(JobPlan plan, JobReport report) {
    JobResults.Builder b = JobResults.newBuilder().setStatus(status(report)).setSpec(plan.spec());
    if (plan.match() != null) {
      return b.setMatch(report.matchResult()).build();
    }
    b.addAllPositions(Results.positions(plan.evaluation()));
    for (JobReport.Pair p : report.pairs()) {
      b.addPairs(Results.pairResult(plan.evaluation(), p.position(), p.policy(), p.stats()));
    }
    return b.build();
  }

  private static void setTime(Instant t, java.util.function.Consumer<Timestamp> setter) {
    if (t != null) {
      setter.accept(
          Timestamp.newBuilder().setSeconds(t.getEpochSecond()).setNanos(t.getNano()).build());
    }
  }
}
