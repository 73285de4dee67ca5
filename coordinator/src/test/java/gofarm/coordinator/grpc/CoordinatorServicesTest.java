package gofarm.coordinator.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.wire.StatsCodec;
import gofarm.wire.WorkerProtocol;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The coordinator's gRPC services over in-process transport, with a scripted worker that runs the
 * chunks it is given: a job from submission to results, the errors of the client API, and the
 * refusal of a worker that speaks another protocol.
 */
class CoordinatorServicesTest {
  private Coordinator coordinator;
  private ManagedChannel channel;
  private PlayoutFarmGrpc.PlayoutFarmBlockingStub farm;

  @BeforeEach
  void start() {
    String name = InProcessServerBuilder.generateName();
    coordinator =
        Coordinator.start(
            InProcessServerBuilder.forName(name).directExecutor(),
            new CoordinatorSettings("127.0.0.1", -1, null, Duration.ofSeconds(30), "test"));
    channel = InProcessChannelBuilder.forName(name).directExecutor().build();
    farm = PlayoutFarmGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() {
    channel.shutdownNow();
    coordinator.close();
  }

  static JobSpec spec(long playouts) {
    return JobSpec.newBuilder()
        .setName("two policies on 5x5")
        .setSeed(11)
        .setEvaluate(
            EvaluateSpec.newBuilder()
                .addPositions(PositionSource.newBuilder().setEmpty(5))
                .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                .addPolicies(PolicySpec.newBuilder().setName("atari-local"))
                .setPlayouts(playouts)
                .setChunkPlayouts(100))
        .build();
  }

  @Test
  void aJobRunsFromSubmissionToResults() throws Exception {
    ScriptedWorker worker = new ScriptedWorker();
    worker.connect(channel, WorkerProtocol.VERSION);
    JobStatus submitted = farm.submitJob(SubmitJobRequest.newBuilder().setSpec(spec(1000)).build());
    assertTrue(submitted.getJobId().matches("\\d{8}-\\d{6}-[0-9a-z]{4}"), submitted.getJobId());
    assertEquals(2000, submitted.getPlayoutsTotal());

    GetJobRequest id = GetJobRequest.newBuilder().setJobId(submitted.getJobId()).build();
    JobStatus last = null;
    Iterator<JobStatus> watch = farm.watchJob(id);
    while (watch.hasNext()) {
      last = watch.next();
    }
    assertEquals(JobState.SUCCEEDED, last.getState());
    assertEquals(2000, last.getPlayoutsDone());

    JobResults results = farm.getResults(id);
    assertEquals(2, results.getPairsCount());
    for (var pair : results.getPairsList()) {
      assertEquals(1000, pair.getPlayouts());
      assertEquals(25, pair.getOwnershipCount());
      assertTrue(pair.getBlackWinLow() <= pair.getBlackWinRate());
    }
    // The same spec and seed give the same statistics: compare with running the chunks here.
    assertEquals(
        ScriptedWorker.fromScratch(spec(1000), 0, 0),
        StatsCodec.decode(results.getPairs(0).getStats()));
    assertEquals(
        submitted.getJobId(),
        farm.listJobs(ListJobsRequest.getDefaultInstance()).getJobs(0).getJobId());
  }

  /**
   * The actors log under their own class names, which logback configures: by default an actor's
   * logger is named from the call stack, which in the coordinator gave one of Pekko's own, which
   * the shipped logback.xml sets to WARN, so "job ID SUCCEEDED" was never seen.
   */
  @Test
  void theJobManagerSaysHowEachJobEnded() throws Exception {
    ch.qos.logback.classic.Logger ours =
        (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("gofarm");
    ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> seen =
        new ch.qos.logback.core.read.ListAppender<>();
    seen.start();
    ours.addAppender(seen);
    try {
      new ScriptedWorker().connect(channel, WorkerProtocol.VERSION);
      JobStatus s = farm.submitJob(SubmitJobRequest.newBuilder().setSpec(spec(200)).build());
      Iterator<JobStatus> watch =
          farm.watchJob(GetJobRequest.newBuilder().setJobId(s.getJobId()).build());
      while (watch.hasNext()) {
        s = watch.next();
      }
      assertEquals(JobState.SUCCEEDED, s.getState());
      String ended = "job " + s.getJobId() + " SUCCEEDED";
      // The watcher may hear the end a moment before the manager logs it.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      boolean logged = false;
      while (!logged && System.nanoTime() < deadline) {
        List<ch.qos.logback.classic.spi.ILoggingEvent> events;
        synchronized (seen) { // as the appender appends
          events = List.copyOf(seen.list);
        }
        logged =
            events.stream()
                .anyMatch(
                    e ->
                        e.getLoggerName().equals("gofarm.coordinator.actor.JobManager")
                            && e.getFormattedMessage().equals(ended));
        Thread.sleep(logged ? 0 : 50);
      }
      assertTrue(logged, "logged: " + seen.list);
    } finally {
      ours.detachAppender(seen);
    }
  }

  @Test
  void badSpecsAreRefusedNamingTheField() {
    JobSpec bad =
        spec(0).toBuilder()
            .setEvaluate(
                spec(0).getEvaluate().toBuilder()
                    .setPlayouts(-5)
                    .addPolicies(PolicySpec.newBuilder().setName("nope")))
            .build();
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () -> farm.submitJob(SubmitJobRequest.newBuilder().setSpec(bad).build()));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertTrue(
        e.getStatus().getDescription().contains("spec.evaluate.playouts"),
        e.getStatus().getDescription());
    assertTrue(
        e.getStatus().getDescription().contains("spec.evaluate.policies[2]"),
        e.getStatus().getDescription());
  }

  @Test
  void unknownJobsAreNotFoundAndFinishedJobsCannotBeCancelled() throws Exception {
    GetJobRequest nope = GetJobRequest.newBuilder().setJobId("20990101-000000-zzzz").build();
    StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> farm.getJob(nope));
    assertEquals(Status.Code.NOT_FOUND, e.getStatus().getCode());
    assertEquals(
        "no job 20990101-000000-zzzz here (gofarm jobs lists the jobs)",
        e.getStatus().getDescription());

    ScriptedWorker worker = new ScriptedWorker();
    worker.connect(channel, WorkerProtocol.VERSION);
    JobStatus s = farm.submitJob(SubmitJobRequest.newBuilder().setSpec(spec(200)).build());
    GetJobRequest id = GetJobRequest.newBuilder().setJobId(s.getJobId()).build();
    farm.watchJob(id).forEachRemaining(x -> {});
    e = assertThrows(StatusRuntimeException.class, () -> farm.cancelJob(id));
    assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode());
    assertEquals(
        "job " + s.getJobId() + " has already finished (SUCCEEDED)",
        e.getStatus().getDescription());
  }

  @Test
  void gamesAreServedForMatchesOnly() {
    GetJobRequest nope = GetJobRequest.newBuilder().setJobId("20990101-000000-zzzz").build();
    StatusRuntimeException e =
        assertThrows(StatusRuntimeException.class, () -> farm.getGames(nope).hasNext());
    assertEquals(Status.Code.NOT_FOUND, e.getStatus().getCode());

    JobStatus evaluate = farm.submitJob(SubmitJobRequest.newBuilder().setSpec(spec(1000)).build());
    GetJobRequest id = GetJobRequest.newBuilder().setJobId(evaluate.getJobId()).build();
    e = assertThrows(StatusRuntimeException.class, () -> farm.getGames(id).hasNext());
    assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode());
    assertEquals(
        "job "
            + evaluate.getJobId()
            + " is an evaluate job; it has no games (gofarm results "
            + evaluate.getJobId()
            + " shows its results)",
        e.getStatus().getDescription());

    // A queued match has no games yet, and says what it waits for.
    JobSpec match =
        JobSpec.newBuilder()
            .setMatch(
                gofarm.proto.v1.MatchSpec.newBuilder()
                    .setCandidate(
                        gofarm.proto.v1.MatchPlayer.newBuilder()
                            .setSearch(
                                gofarm.proto.v1.SearchPlayerSpec.newBuilder()
                                    .setPolicy(PolicySpec.newBuilder().setName("heavy"))))
                    .setBaseline(
                        gofarm.proto.v1.MatchPlayer.newBuilder()
                            .setEngine(
                                gofarm.proto.v1.EngineSpec.newBuilder()
                                    .addCommand("gnugo")
                                    .addCommand("--mode")
                                    .addCommand("gtp"))))
            .build();
    JobStatus queued = farm.submitJob(SubmitJobRequest.newBuilder().setSpec(match).build());
    assertEquals(1000, queued.getChunksTotal());
    assertEquals(2000, queued.getPlayoutsTotal(), "a match counts games");
    assertEquals("heavy 1000 po", queued.getMatch().getCandidate());
    assertEquals("gnugo --mode gtp", queued.getMatch().getBaseline());
    assertTrue(queued.getMessage().startsWith("waiting for a worker that runs gnugo"));
    GetJobRequest matchId = GetJobRequest.newBuilder().setJobId(queued.getJobId()).build();
    assertFalse(farm.getGames(matchId).hasNext());

    JobSpec bad =
        match.toBuilder()
            .setMatch(
                match.getMatch().toBuilder()
                    .setSprt(gofarm.proto.v1.SprtSpec.newBuilder().setElo0(5).setElo1(0)))
            .build();
    e =
        assertThrows(
            StatusRuntimeException.class,
            () -> farm.submitJob(SubmitJobRequest.newBuilder().setSpec(bad).build()));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertTrue(
        e.getStatus().getDescription().contains("spec.match.sprt"), e.getStatus().getDescription());
  }

  @Test
  void aRunningJobCanBeCancelled() {
    JobStatus s = farm.submitJob(SubmitJobRequest.newBuilder().setSpec(spec(1000)).build());
    JobStatus cancelled = farm.cancelJob(GetJobRequest.newBuilder().setJobId(s.getJobId()).build());
    assertEquals(JobState.CANCELLED, cancelled.getState());
  }

  /**
   * Stopping with a grace: health says NOT_SERVING at once, and the coordinator keeps answering
   * through the grace, so probes see it before the port closes.
   */
  @Test
  void aStoppingCoordinatorSaysNotServingThroughItsGrace() throws Exception {
    var health = io.grpc.health.v1.HealthGrpc.newBlockingStub(channel);
    var ready =
        io.grpc.health.v1.HealthCheckRequest.newBuilder().setService("gofarm.ready").build();
    Thread closing = new Thread(() -> coordinator.close(Duration.ofSeconds(2)));
    long start = System.nanoTime();
    closing.start();
    var notServing = io.grpc.health.v1.HealthCheckResponse.ServingStatus.NOT_SERVING;
    while (health.check(ready).getStatus() != notServing) {
      Thread.onSpinWait();
    }
    // Still answering well into the grace: a probe every second sees NOT_SERVING at least once.
    Thread.sleep(1000);
    assertEquals(notServing, health.check(ready).getStatus());
    farm.listJobs(ListJobsRequest.getDefaultInstance());
    closing.join();
    assertTrue(System.nanoTime() - start >= Duration.ofSeconds(2).toNanos());
  }

  @Test
  void reflectionAndHealthAreServedForGrpcurlAndProbes() throws Exception {
    var health =
        io.grpc.health.v1.HealthGrpc.newBlockingStub(channel)
            .check(io.grpc.health.v1.HealthCheckRequest.getDefaultInstance());
    assertEquals(io.grpc.health.v1.HealthCheckResponse.ServingStatus.SERVING, health.getStatus());
    java.util.concurrent.CompletableFuture<java.util.List<String>> services =
        new java.util.concurrent.CompletableFuture<>();
    var request =
        io.grpc.reflection.v1.ServerReflectionGrpc.newStub(channel)
            .serverReflectionInfo(
                new StreamObserver<io.grpc.reflection.v1.ServerReflectionResponse>() {
                  @Override
                  public void onNext(io.grpc.reflection.v1.ServerReflectionResponse r) {
                    services.complete(
                        r.getListServicesResponse().getServiceList().stream()
                            .map(io.grpc.reflection.v1.ServiceResponse::getName)
                            .toList());
                  }

                  @Override
                  public void onError(Throwable t) {
                    services.completeExceptionally(t);
                  }

                  @Override
                  public void onCompleted() {}
                });
    request.onNext(
        io.grpc.reflection.v1.ServerReflectionRequest.newBuilder().setListServices("").build());
    java.util.List<String> names = services.get(10, TimeUnit.SECONDS);
    request.onCompleted();
    assertTrue(names.contains("gofarm.v1.PlayoutFarm"), names.toString());
    assertTrue(names.contains("gofarm.v1.WorkerHub"), names.toString());
  }

  @Test
  void aWorkerOfAnotherProtocolIsRefusedWithAClearMessage() throws Exception {
    ScriptedWorker worker = new ScriptedWorker();
    worker.connect(channel, 99);
    Object event = worker.events.poll(10, TimeUnit.SECONDS);
    StatusRuntimeException e = (StatusRuntimeException) event;
    assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode());
    assertEquals(WorkerProtocol.versionMismatch(99), e.getStatus().getDescription());
  }
}
