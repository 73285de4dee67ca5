package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.rpc.BadRequest;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SubmitJobRequest;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A refused spec as a client receives it over gRPC: the exact description and the BadRequest
 * detail, even for a spec with thousands of problems. Their trailers must stay within the 8 KiB a
 * grpc-java client accepts by default; the in-process transport enforces that limit too (an
 * uncapped status arrives as RESOURCE_EXHAUSTED "Response header metadata larger than 8192").
 */
class InvalidArgumentOverGrpcTest {
  private Server server;
  private ManagedChannel channel;

  /** A SubmitJob that only validates, as the coordinator's adapter does first. */
  private static final class Validating extends PlayoutFarmGrpc.PlayoutFarmImplBase {
    @Override
    public void submitJob(SubmitJobRequest request, StreamObserver<JobStatus> response) {
      try {
        ResolvedEvaluation job = (ResolvedEvaluation) JobSpecs.resolve(request.getSpec());
        response.onNext(JobStatus.newBuilder().setName(job.name()).build());
        response.onCompleted();
      } catch (StatusRuntimeException e) {
        response.onError(e);
      }
    }
  }

  @BeforeEach
  void start() throws Exception {
    String name = InProcessServerBuilder.generateName();
    server =
        InProcessServerBuilder.forName(name)
            .directExecutor()
            .addService(new Validating())
            .build()
            .start();
    channel =
        InProcessChannelBuilder.forName(name).directExecutor().maxInboundMetadataSize(8192).build();
  }

  @AfterEach
  void stop() throws Exception {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
  }

  private StatusRuntimeException submit(JobSpec spec) {
    return assertThrows(
        StatusRuntimeException.class,
        () ->
            PlayoutFarmGrpc.newBlockingStub(channel)
                .withDeadlineAfter(10, TimeUnit.SECONDS)
                .submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build()));
  }

  @Test
  void theClientSeesTheDescriptionAndTheFieldViolations() throws Exception {
    StatusRuntimeException e =
        submit(
            JobSpec.newBuilder()
                .setEvaluate(
                    EvaluateSpec.newBuilder()
                        .addPositions(PositionSource.newBuilder().setEmpty(31))
                        .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("uniform")))
                .build());
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals(
        "spec.evaluate.positions[0].empty: must be 2..25 (got 31)", e.getStatus().getDescription());
    BadRequest br = ViolationsTest.badRequest(e);
    assertEquals("spec.evaluate.positions[0].empty", br.getFieldViolations(0).getField());
    assertEquals("must be 2..25 (got 31)", br.getFieldViolations(0).getDescription());
  }

  @Test
  void thousandsOfViolationsStillArrive() throws Exception {
    EvaluateSpec.Builder evaluate =
        EvaluateSpec.newBuilder()
            .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("uniform"));
    for (int i = 0; i < 1000; i++) {
      evaluate.addPositions(PositionSource.newBuilder().setEmpty(100 + i));
    }
    // Unknown preset names are echoed: accented letters cost 6 bytes each in the header.
    for (int i = 0; i < 15; i++) {
      evaluate.addPolicies(
          gofarm.proto.v1.PolicySpec.newBuilder().setName("\u00e9\u20ac".repeat(32)));
    }
    StatusRuntimeException e = submit(JobSpec.newBuilder().setEvaluate(evaluate).build());
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode(), e.toString());
    String description = e.getStatus().getDescription();
    assertTrue(description.startsWith("spec.evaluate.policies[1].name: unknown preset"));
    assertTrue(description.endsWith(" more"), description);
    BadRequest br = ViolationsTest.badRequest(e);
    assertTrue(br.getFieldViolationsCount() > 5);
  }
}
