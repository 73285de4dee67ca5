package gofarm.coordinator.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.auth.Tokens;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedEvaluation;
import gofarm.wire.StatsCodec;
import gofarm.wire.WorkerProtocol;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.MetadataUtils;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workers that lie, built on the project's own stubs and talking gRPC over TCP on 127.0.0.1 to a
 * real coordinator, next to two honest ones: results for chunks they do not hold, impossible
 * counts, made-up statistics and a stolen worker id. Each job still ends with exactly the
 * statistics its chunks give when run here.
 */
class FakeWorkerTest {
  private static final Duration WAIT = Duration.ofSeconds(60);

  private Coordinator coordinator;
  private ManagedChannel channel;
  private PlayoutFarmGrpc.PlayoutFarmBlockingStub farm;

  @BeforeEach
  void start() {
    coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
            new CoordinatorSettings("127.0.0.1", -1, null, Duration.ofSeconds(30), "test")
                .withSpotChecks(0.05));
    channel =
        NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port()).usePlaintext().build();
    farm = PlayoutFarmGrpc.newBlockingStub(channel);
  }

  @AfterEach
  void stop() {
    channel.shutdownNow();
    coordinator.close();
  }

  /** The job of the coordinator's service tests: two policies on 5x5, 10 chunks each. */
  private static JobSpec spec() {
    return CoordinatorServicesTest.spec(1000);
  }

  /** Submits the job and follows it to its end; returns its results. */
  private JobResults run() {
    JobStatus s = farm.submitJob(SubmitJobRequest.newBuilder().setSpec(spec()).build());
    GetJobRequest id = GetJobRequest.newBuilder().setJobId(s.getJobId()).build();
    Iterator<JobStatus> watch = farm.withDeadlineAfter(120, TimeUnit.SECONDS).watchJob(id);
    while (watch.hasNext()) {
      s = watch.next();
    }
    assertEquals(JobState.SUCCEEDED, s.getState(), s.getMessage());
    return farm.getResults(id);
  }

  /** Each pair's statistics equal the chunks' run here, from scratch. */
  private static void assertExact(JobResults results) {
    for (int policy = 0; policy < 2; policy++) {
      assertEquals(
          ScriptedWorker.fromScratch(spec(), 0, policy),
          StatsCodec.decode(results.getPairs(policy).getStats()));
    }
  }

  private double counter(String name, String label, String value) {
    return coordinator.metrics().registry().scrape().stream()
        .filter(s -> s.getMetadata().getPrometheusName().equals(name))
        .flatMap(s -> ((CounterSnapshot) s).getDataPoints().stream())
        .filter(d -> value == null || value.equals(d.getLabels().get(label)))
        .mapToDouble(CounterSnapshot.CounterDataPointSnapshot::getValue)
        .sum();
  }

  /** Two honest workers, welcomed before anything is submitted. */
  private void honestWorkers() throws InterruptedException {
    for (String id : new String[] {"honest-1", "honest-2"}) {
      assertTrue(new ScriptedWorker().connect(channel, id).awaitWelcome(WAIT));
    }
  }

  /**
   * A worker that reads and sends batches next to one from before batches: the hub sends the first
   * batches, takes the second's, and the job's statistics are exact.
   */
  @Test
  void batchingAndOldWorkersMix() throws Exception {
    ScriptedWorker batching = new ScriptedWorker(false).batching();
    batching.connect(channel, null, WorkerProtocol.VERSION, "batching", 4);
    ScriptedWorker old = new ScriptedWorker(false);
    old.connect(channel, null, WorkerProtocol.VERSION, "old", 4);
    assertTrue(batching.awaitWelcome(WAIT));
    assertTrue(old.awaitWelcome(WAIT));
    assertExact(run());
    assertTrue(batching.results > 0 && old.results > 0, batching.results + ", " + old.results);
    assertTrue(batching.batchesIn > 0, "the hub sent the batching worker no batch");
    assertTrue(batching.batchesOut > 0, "the batching worker sent no batch");
    assertEquals(0, old.batchesIn, "the hub sent a batch to a worker from before batches");
  }

  @Test
  void resultsForChunksAWorkerDoesNotHoldAndMadeUpStatisticsCountNothing() throws Exception {
    // The honest workers answer only once the fake's results were refused: otherwise they may
    // finish every chunk first, and the fake's results would all be late duplicates.
    CountDownLatch refused = new CountDownLatch(1);
    for (String id : new String[] {"honest-1", "honest-2"}) {
      ScriptedWorker honest =
          new ScriptedWorker(
                  a -> {
                    try {
                      refused.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                    return ScriptedWorker.honest(a);
                  })
              .connect(channel, id);
      assertTrue(honest.awaitWelcome(WAIT));
    }
    // It keeps the chunks it is given, and sends made-up results for every chunk of the job.
    ScriptedWorker fake = new ScriptedWorker(null).connect(channel, "fake");
    assertTrue(fake.awaitWelcome(WAIT));
    Thread liar =
        new Thread(
            () -> {
              try {
                ChunkAssignment first = fake.assignments.poll(30, TimeUnit.SECONDS);
                ResolvedEvaluation job = (ResolvedEvaluation) JobSpecs.resolve(spec());
                for (int policy = 0; policy < 2; policy++) {
                  for (int c = 0; c < job.chunkCount(0, policy); c++) {
                    ChunkAssignment a =
                        WorkerProtocol.assignment(first.getId().getJobId(), job, 0, policy, c);
                    fake.send(ScriptedWorker.madeUp(a));
                  }
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (counter("gofarm_coordinator_results_refused", "reason", "not_leased") < 1
                    && System.nanoTime() < deadline) {
                  Thread.sleep(10);
                }
              } catch (InterruptedException | RuntimeException e) {
                // the stream ended under it: it was quarantined
              } finally {
                refused.countDown();
              }
            });
    liar.start();
    JobResults results = run();
    assertExact(results);
    liar.join();
    assertTrue(counter("gofarm_coordinator_results_refused", "reason", "not_leased") >= 1);
    Status end = fake.end(WAIT);
    assertNotNull(end, "the fake's stream was ended");
    assertEquals(Status.Code.PERMISSION_DENIED, end.getCode(), end.toString());
    assertEquals(1, counter("gofarm_coordinator_workers_quarantined", null, null));
    assertTrue(results.getStatus().getMessage().contains("worker fake quarantined"));
  }

  @Test
  void aWorkerSendingImpossibleCountsIsQuarantined() throws Exception {
    honestWorkers();
    ScriptedWorker fake =
        new ScriptedWorker(
                a -> {
                  ChunkResult r = ScriptedWorker.honest(a);
                  return r.toBuilder()
                      .setStats(r.getStats().toBuilder().setCaptures(Long.MAX_VALUE - 5))
                      .build();
                })
            .connect(channel, "fake");
    assertTrue(fake.awaitWelcome(WAIT));
    JobResults results = run();
    assertExact(results);
    assertTrue(
        results.getStatus().getMessage().contains("worker fake quarantined: it sent impossible"),
        "the job says why, not 'another job's spot check': " + results.getStatus().getMessage());
    Status end = fake.end(WAIT);
    assertNotNull(end);
    assertEquals(Status.Code.PERMISSION_DENIED, end.getCode(), end.toString());
    assertTrue(end.getDescription().contains("captures"), end.getDescription());
    assertTrue(counter("gofarm_coordinator_results_refused", "reason", "invalid") >= 1);
  }

  /**
   * The probe's hoarders: three streams that take their chunks and never answer (their stream stays
   * open, so nothing but the lease would free the chunks). Once the honest workers have nothing
   * left to do, the hoarded chunks are leased to them again as backups: the job ends with exact
   * statistics within seconds, not after the 30 s lease.
   */
  @Test
  void hoardersHoldAJobBackSecondsNotALease() throws Exception {
    List<ScriptedWorker> hoarders = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ScriptedWorker w = new ScriptedWorker(null).connect(channel, "hoarder-" + i);
      assertTrue(w.awaitWelcome(WAIT));
      hoarders.add(w);
    }
    honestWorkers();
    JobSpec spec = CoordinatorServicesTest.spec(10_000);
    long start = System.nanoTime();
    JobStatus s = farm.submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build());
    GetJobRequest id = GetJobRequest.newBuilder().setJobId(s.getJobId()).build();
    Iterator<JobStatus> watch = farm.withDeadlineAfter(120, TimeUnit.SECONDS).watchJob(id);
    while (watch.hasNext()) {
      s = watch.next();
    }
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    assertEquals(JobState.SUCCEEDED, s.getState(), s.getMessage());
    for (ScriptedWorker w : hoarders) {
      assertTrue(!w.assignments.isEmpty(), "each hoarder was given chunks");
    }
    assertTrue(
        took.compareTo(Duration.ofSeconds(20)) < 0, "a 30 s lease held the job back: " + took);
    assertTrue(counter("gofarm_coordinator_chunks_backed_up", null, null) >= 3);
    JobResults results = farm.getResults(id);
    for (int policy = 0; policy < 2; policy++) {
      assertEquals(
          ScriptedWorker.fromScratch(spec, 0, policy),
          StatsCodec.decode(results.getPairs(policy).getStats()));
    }
  }

  /**
   * The probe's sybil: three streams under one worker token, each with its own id, answer every
   * chunk with the same plausible made-up statistics, next to two honest workers with a token each.
   * One token is one voter: the sybil's streams never confirm one another, the job's statistics are
   * exact, and no honest worker is quarantined.
   */
  @Test
  void threeStreamsUnderOneTokenCannotOutvoteTwoHonestWorkers(@TempDir Path dir) throws Exception {
    String sybil = "sybil-token-0123456789";
    withTokens(
        dir,
        0.05,
        """
        worker    sybil %s
        worker    h1    h1-token-0123456789
        worker    h2    h2-token-0123456789
        """
            .formatted(sybil));

    List<ScriptedWorker> honest = new ArrayList<>();
    for (String name : List.of("h1", "h2")) {
      ScriptedWorker w =
          new ScriptedWorker()
              .connect(
                  channel,
                  ScriptedWorker.bearer(name + "-token-0123456789"),
                  WorkerProtocol.VERSION,
                  name,
                  1);
      assertTrue(w.awaitWelcome(WAIT));
      honest.add(w);
    }
    List<ScriptedWorker> sybils = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ScriptedWorker w =
          new ScriptedWorker(ScriptedWorker::madeUp)
              .connect(
                  channel, ScriptedWorker.bearer(sybil), WorkerProtocol.VERSION, "sybil-" + i, 1);
      assertTrue(w.awaitWelcome(WAIT));
      sybils.add(w);
    }
    // A fourth stream of the token is one too many; another token's is not.
    ScriptedWorker fourth =
        new ScriptedWorker(ScriptedWorker::madeUp)
            .connect(channel, ScriptedWorker.bearer(sybil), WorkerProtocol.VERSION, "sybil-3", 1);
    Status refused = fourth.end(WAIT);
    assertNotNull(refused);
    assertEquals(Status.Code.RESOURCE_EXHAUSTED, refused.getCode(), refused.toString());
    assertEquals(
        "token 'sybil' (worker) has 3 worker streams open, the most --max-streams-per-token"
            + " allows (3); give each machine its own worker token (deploy/secrets.sh --workers N),"
            + " or raise the limit",
        refused.getDescription());
    JobResults results = run();
    assertExact(results);
    assertTrue(
        counter("gofarm_coordinator_workers_quarantined", null, null) >= 1,
        "a sybil stream was caught");
    for (ScriptedWorker w : honest) {
      assertEquals(null, w.end(Duration.ZERO), "an honest worker's stream is still open");
    }
    assertTrue(
        !results.getStatus().getMessage().contains("worker h"), results.getStatus().getMessage());
  }

  /**
   * A worker token removed from the {@code --auth} file, with no signal (the coordinator reads the
   * file again when it changes), ends the streams opened with it at once with UNAUTHENTICATED, and
   * the chunks they held run on the other workers at once, not a lease later.
   */
  @Test
  void aRevokedTokensStreamsEndAndTheirChunksRunElsewhereAtOnce(@TempDir Path dir)
      throws Exception {
    String hoarderLine = "worker    hoarder hoarder-token-0123456789\n";
    // Without spot checks: h1's first result would wait a lease for another token to check it.
    Path tokens = withTokens(dir, 0, hoarderLine + "worker    h1    h1-token-0123456789\n");
    // It keeps every chunk it is given and answers none: without the revocation they would wait
    // for the lease (30 s).
    ScriptedWorker hoarder =
        new ScriptedWorker(null)
            .connect(
                channel,
                ScriptedWorker.bearer("hoarder-token-0123456789"),
                WorkerProtocol.VERSION,
                "hoarder",
                1);
    assertTrue(hoarder.awaitWelcome(WAIT));
    JobStatus submitted = farm.submitJob(SubmitJobRequest.newBuilder().setSpec(spec()).build());
    assertNotNull(hoarder.assignments.poll(30, TimeUnit.SECONDS), "the hoarder holds chunks");
    ScriptedWorker honest =
        new ScriptedWorker()
            .connect(
                channel,
                ScriptedWorker.bearer("h1-token-0123456789"),
                WorkerProtocol.VERSION,
                "h1",
                1);
    assertTrue(honest.awaitWelcome(WAIT));

    long revoked = System.nanoTime();
    Files.writeString(tokens, Files.readString(tokens).replace(hoarderLine, ""));
    Status end = hoarder.end(Duration.ofSeconds(10));
    assertNotNull(end, "the revoked token's stream was ended");
    assertEquals(Status.Code.UNAUTHENTICATED, end.getCode(), end.toString());
    assertTrue(
        end.getDescription().contains("token 'hoarder' (worker) was revoked"), end.toString());
    GetJobRequest id = GetJobRequest.newBuilder().setJobId(submitted.getJobId()).build();
    Iterator<JobStatus> watch = farm.withDeadlineAfter(15, TimeUnit.SECONDS).watchJob(id);
    JobStatus last = submitted;
    while (watch.hasNext()) {
      last = watch.next();
    }
    assertEquals(JobState.SUCCEEDED, last.getState(), last.getMessage());
    assertTrue(
        Duration.ofNanos(System.nanoTime() - revoked).compareTo(Duration.ofSeconds(15)) < 0,
        "the job ended well within the 30 s lease");
    assertExact(farm.getResults(id));
    assertEquals(null, honest.end(Duration.ZERO), "the other token's stream is untouched");
  }

  /**
   * Restarts this test's coordinator, checking this share of chunks and allowing 3 worker streams
   * per token, with an {@code --auth} file of these worker tokens and a submitter's, whose token
   * the {@link #farm} stub presents; returns the file.
   */
  private Path withTokens(Path dir, double spotChecks, String workerTokens) throws Exception {
    stop();
    String submitter = "alice-token-0123456789";
    Path tokens =
        Files.writeString(
            dir.resolve("tokens"), "submitter alice " + submitter + "\n" + workerTokens);
    coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
            new CoordinatorSettings("127.0.0.1", -1, null, Duration.ofSeconds(30), "test")
                .withSpotChecks(spotChecks)
                .withTokens(Tokens.load(tokens), 2)
                .withMaxStreamsPerToken(3));
    channel =
        NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port()).usePlaintext().build();
    Metadata headers = new Metadata();
    headers.put(
        Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + submitter);
    farm =
        PlayoutFarmGrpc.newBlockingStub(channel)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
    return tokens;
  }

  /**
   * A token's place comes back when one of its streams ends: round after round, one of its three
   * streams closes and a new one is welcomed in its place, and a fourth is still one too many.
   */
  @Test
  void aClosedStreamGivesItsTokenItsPlaceBack(@TempDir Path dir) throws Exception {
    String token = "w-token-0123456789";
    withTokens(dir, 0, "worker    w    %s\n".formatted(token));
    List<ScriptedWorker> open = new ArrayList<>();
    for (int round = 0; round < 6; round++) {
      while (open.size() < 3) {
        ScriptedWorker w =
            new ScriptedWorker()
                .connect(
                    channel,
                    ScriptedWorker.bearer(token),
                    WorkerProtocol.VERSION,
                    "w-" + round + "-" + open.size(),
                    1);
        assertTrue(w.awaitWelcome(WAIT), "round " + round + ": a stream in a free place");
        open.add(w);
      }
      ScriptedWorker fourth =
          new ScriptedWorker()
              .connect(channel, ScriptedWorker.bearer(token), WorkerProtocol.VERSION, "w-extra", 1);
      Status refused = fourth.end(WAIT);
      assertNotNull(refused);
      assertEquals(Status.Code.RESOURCE_EXHAUSTED, refused.getCode(), refused.toString());
      ScriptedWorker leaving = open.remove(round % 3);
      leaving.close();
      assertEquals(Status.Code.OK, leaving.end(WAIT).getCode(), "the hub closed its side too");
    }
  }

  @Test
  void aWorkerCannotTakeAnotherWorkersId() throws Exception {
    honestWorkers();
    ScriptedWorker thief = new ScriptedWorker(ScriptedWorker::madeUp).connect(channel, "honest-1");
    Status end = thief.end(WAIT);
    assertNotNull(end);
    assertEquals(Status.Code.ALREADY_EXISTS, end.getCode(), end.toString());
    assertExact(run());
  }
}
