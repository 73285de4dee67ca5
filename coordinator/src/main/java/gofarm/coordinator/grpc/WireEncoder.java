package gofarm.coordinator.grpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Timestamp;
import gofarm.coordinator.actor.JobEncoder;
import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.codec.JobReport;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;

/**
 * Encodes job reports as the client API's messages: the progress here, the kind's figures by its
 * {@link gofarm.coordinator.codec.KindView}.
 */
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
            // Fits: the chunk limit (--max-job-chunks) is at most 2^31 - 1; never wraps.
            .setChunksDone(Math.toIntExact(r.chunksDone()))
            .setChunksTotal(Math.toIntExact(r.chunksTotal()))
            .setChunksLeased(r.chunksLeased())
            .setPlayoutsPerSecond(r.playoutsPerSecond())
            .setEtaSeconds(r.etaSeconds())
            .setMessage(r.message())
            .setOwner(r.owner());
    r.kind().status(b);
    setTime(r.submitted(), b::setSubmitted);
    setTime(r.started(), b::setStarted);
    setTime(r.finished(), b::setFinished);
    return b.build();
  }

  @Override
  public JobResults results(JobPlan plan, JobReport report) {
    JobResults.Builder b = JobResults.newBuilder().setStatus(status(report)).setSpec(plan.spec());
    report.kind().results(b);
    return b.build();
  }

  @Override
  public ByteString resultsBytes(JobPlan plan, JobReport report) {
    ByteString.Output bytes = ByteString.newOutput();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    try {
      out.writeMessage(JobResults.STATUS_FIELD_NUMBER, status(report));
      out.writeMessage(JobResults.SPEC_FIELD_NUMBER, plan.spec());
      report.kind().writeResults(out);
      out.flush();
    } catch (IOException e) {
      // Memory only: a ByteString.Output never throws.
      throw new UncheckedIOException(e);
    }
    return bytes.toByteString();
  }

  private static void setTime(Instant t, java.util.function.Consumer<Timestamp> setter) {
    if (t != null) {
      setter.accept(
          Timestamp.newBuilder().setSeconds(t.getEpochSecond()).setNanos(t.getNano()).build());
    }
  }
}
