package gofarm.coordinator.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorHealth;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.actor.JobManager;
import gofarm.coordinator.job.JobLimits;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.SubmitJobRequest;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What one spec or one failure may cost a coordinator, over real gRPC on 127.0.0.1: the spec of
 * issue 23 (10^9 playouts in chunks of one, 1,000 positions × 16 policies) is refused within a
 * second, unfinished jobs are capped, and health says NOT_SERVING once the job manager has stopped.
 */
class CoordinatorLimitsTest {
  private Coordinator coordinator;
  private ManagedChannel channel;
  private PlayoutFarmGrpc.PlayoutFarmBlockingStub farm;

  private void start(JobLimits limits, int metricsPort) {
    coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
            new CoordinatorSettings("127.0.0.1", metricsPort, null, Duration.ofSeconds(30), "test")
                .withLimits(limits));
    channel =
        NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port()).usePlaintext().build();
    farm = PlayoutFarmGrpc.newBlockingStub(channel);
  }

  @AfterEach
  void stop() {
    if (channel != null) {
      channel.shutdownNow();
    }
    if (coordinator != null) {
      coordinator.close();
    }
  }

  private PlayoutFarmGrpc.PlayoutFarmBlockingStub farm() {
    return farm.withDeadlineAfter(30, TimeUnit.SECONDS);
  }

  /** One position and one policy: {@code playouts} playouts in chunks of 8. */
  static JobSpec tiny(String name, long playouts) {
    return JobSpec.newBuilder()
        .setName(name)
        .setSeed(5)
        .setEvaluate(
            EvaluateSpec.newBuilder()
                .addPositions(PositionSource.newBuilder().setEmpty(9))
                .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                .setPlayouts(playouts)
                .setChunkPlayouts(8))
        .build();
  }

  /** The spec of issue 23: 10^9 playouts in chunks of one, 1,000 positions × 16 policies. */
  static JobSpec hostile() {
    EvaluateSpec.Builder e =
        EvaluateSpec.newBuilder().setPlayouts(1_000_000_000L).setChunkPlayouts(1);
    for (int i = 0; i < 1000; i++) {
      e.addPositions(PositionSource.newBuilder().setEmpty(19));
    }
    List<String> presets = List.of("uniform", "atari-local", "mogo", "heavy");
    for (int i = 0; i < 16; i++) {
      e.addPolicies(PolicySpec.newBuilder().setName(presets.get(i % presets.size())));
    }
    return JobSpec.newBuilder().setName("hostile").setEvaluate(e).build();
  }

  @Test
  void theSpecOfIssue23IsRefusedWithinASecondWithTheNumbers() {
    start(JobLimits.defaults(), -1);
    JobSpec spec = hostile();
    assertTrue(spec.getSerializedSize() < 16_000, "a small spec: " + spec.getSerializedSize());
    // Warm up the path (class loading, the first plan) with a small job.
    farm().submitJob(SubmitJobRequest.newBuilder().setSpec(tiny("warm-up", 8)).build());
    long start = System.nanoTime();
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () -> farm().submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build()));
    double seconds = (System.nanoTime() - start) / 1e9;
    assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
    assertEquals(
        "the spec has 16,000,000,000,000 chunks; this coordinator takes at most 1,000,000 per job"
            + " (--max-job-chunks): raise chunkPlayouts (or leave it out for about 1.5 s of"
            + " playouts per chunk), or lower playouts, positions or policies",
        e.getStatus().getDescription());
    assertTrue(seconds < 1, "refused in " + seconds + " s");
    // Nothing of it stays: only the warm-up job is listed.
    assertEquals(
        1, farm().listJobs(ListJobsRequest.newBuilder().setLimit(10).build()).getJobsCount());
  }

  @Test
  void aSpecWhoseStatisticsWouldNotFitIsRefused() {
    start(new JobLimits(JobLimits.DEFAULT_MAX_JOB_CHUNKS, 10, 64 * JobLimits.MIB), -1);
    // 1,000 × 16 pairs of 19×19 statistics: about 1.2 GB, in 160,000 chunks (allowed).
    JobSpec spec =
        hostile().toBuilder()
            .setEvaluate(
                hostile().getEvaluate().toBuilder().setPlayouts(10).setChunkPlayouts(1_000))
            .build();
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () -> farm().submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build()));
    assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
    assertTrue(
        e.getStatus()
            .getDescription()
            .matches(
                "the spec's statistics need about [0-9,]+ MiB \\(16,000 series\\); this"
                    + " coordinator keeps at most 64 MiB for all unfinished jobs"
                    + " \\(--max-statistics-mb\\): .*"),
        e.getStatus().getDescription());
  }

  /** A fit of {@code games} random games, one per shard, at most {@code iterations} updates. */
  private static JobSpec fitOfShardsOfOne(int games, int iterations) {
    return JobSpec.newBuilder()
        .setName("fit")
        .setFit(
            FitSpec.newBuilder()
                .addGames(
                    SgfSource.newBuilder()
                        .setText(gofarm.coordinator.job.FitTallyTest.games(games, 4, 1)))
                .setGamesPerChunk(1)
                .setMaxIterations(iterations))
        .build();
  }

  @Test
  void aFitOfTooManyShardsIsRefusedWithWhatToChange() {
    start(new JobLimits(JobLimits.DEFAULT_MAX_JOB_CHUNKS, 10, JobLimits.MIB), -1);
    // 100 shards of one game, 10,001 passes: a chunk too many.
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () ->
                farm()
                    .submitJob(
                        SubmitJobRequest.newBuilder()
                            .setSpec(fitOfShardsOfOne(100, 10_000))
                            .build()));
    assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
    assertEquals(
        "the spec has 1,000,100 chunks; this coordinator takes at most 1,000,000 per job"
            + " (--max-job-chunks): raise gamesPerChunk (fewer, larger shards) or lower"
            + " maxIterations",
        e.getStatus().getDescription());
    // 12 shards whose sums may wait for the shards before them: over 1 MiB.
    e =
        assertThrows(
            StatusRuntimeException.class,
            () ->
                farm()
                    .submitJob(
                        SubmitJobRequest.newBuilder().setSpec(fitOfShardsOfOne(12, 10)).build()));
    assertTrue(
        e.getStatus()
            .getDescription()
            .matches(
                "the spec's statistics need about [0-9,]+ MiB \\(1 series\\); this coordinator"
                    + " keeps at most 1 MiB for all unfinished jobs \\(--max-statistics-mb\\):"
                    + " raise gamesPerChunk \\(fewer, larger shards: every shard's sums may wait"
                    + " for the ones before it\\), or give the coordinator more heap and a larger"
                    + " budget"),
        e.getStatus().getDescription());
  }

  @Test
  void unfinishedJobsAreCapped() {
    start(new JobLimits(JobLimits.DEFAULT_MAX_JOB_CHUNKS, 3, 64 * JobLimits.MIB), -1);
    for (int i = 0; i < 3; i++) {
      farm().submitJob(SubmitJobRequest.newBuilder().setSpec(tiny("job " + i, 8)).build());
    }
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () ->
                farm()
                    .submitJob(SubmitJobRequest.newBuilder().setSpec(tiny("one more", 8)).build()));
    assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
    assertTrue(
        e.getStatus().getDescription().startsWith("3 jobs are queued or running;"),
        e.getStatus().getDescription());
  }

  @Test
  void healthSaysNotServingOnceTheJobManagerHasStopped() throws Exception {
    start(JobLimits.defaults(), 0);
    HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel);
    HttpClient http = HttpClient.newHttpClient();
    assertEquals(ServingStatus.SERVING, status(health, ""));
    assertEquals(ServingStatus.SERVING, status(health, CoordinatorHealth.READY));
    assertEquals(ServingStatus.SERVING, status(health, CoordinatorHealth.FARM_SERVICE));
    assertEquals(200, get(http, "/-/healthy").statusCode());
    assertEquals(200, get(http, "/-/ready").statusCode());
    assertEquals(200, get(http, "/metrics").statusCode());

    coordinator.manager().tell(JobManager.Stop.INSTANCE);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (status(health, "") == ServingStatus.SERVING && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertEquals(ServingStatus.NOT_SERVING, status(health, ""));
    assertEquals(ServingStatus.NOT_SERVING, status(health, CoordinatorHealth.READY));
    HttpResponse<String> healthy = get(http, "/-/healthy");
    assertEquals(503, healthy.statusCode());
    assertEquals(
        "not alive: the job manager has stopped; see the coordinator log", healthy.body().strip());
    assertEquals(503, get(http, "/-/ready").statusCode());
  }

  private static ServingStatus status(HealthGrpc.HealthBlockingStub health, String service) {
    return health
        .withDeadlineAfter(5, TimeUnit.SECONDS)
        .check(HealthCheckRequest.newBuilder().setService(service).build())
        .getStatus();
  }

  private HttpResponse<String> get(HttpClient http, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + coordinator.metricsPort() + path))
            .timeout(Duration.ofSeconds(5))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void aSpecWithAnSgfOfTheDocumented10MbIsTakenAndALargerMessageRefusedWithItsSize() {
    start(JobLimits.defaults(), -1);
    String game = "(;GM[1]FF[4]SZ[9]KM[7]C[" + "x".repeat(9_900_000) + "];B[ee];W[cc])";
    JobSpec spec =
        JobSpec.newBuilder()
            .setName("a long comment")
            .setEvaluate(
                EvaluateSpec.newBuilder()
                    .addPositions(
                        PositionSource.newBuilder()
                            .setSgf(gofarm.proto.v1.SgfSource.newBuilder().setText(game)))
                    .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                    .setPlayouts(8))
            .build();
    assertTrue(spec.getSerializedSize() > 4 << 20, "over gRPC's default limit");
    assertEquals(
        gofarm.proto.v1.JobState.QUEUED,
        farm().submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build()).getState());
    JobSpec huge =
        spec.toBuilder()
            .setEvaluate(
                spec.getEvaluate().toBuilder().addPositions(spec.getEvaluate().getPositions(0)))
            .build();
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () -> farm().submitJob(SubmitJobRequest.newBuilder().setSpec(huge).build()));
    assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
    assertTrue(e.getStatus().getDescription().contains("16777216"), e.getMessage());
  }
}
