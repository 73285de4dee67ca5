package gofarm.worker;

import static gofarm.worker.TestChunks.assignment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.Hello;
import gofarm.wire.StatsCodec;
import gofarm.wire.WorkerProtocol;
import gofarm.worker.metrics.MetricsText;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The worker against a scripted hub ({@link FakeHub}) on in-process gRPC: the hello, results equal
 * to running the chunk directly, results kept until acknowledged, reconnection, refusal, draining
 * and heartbeats. Waits are on the hub's message queues, never sleeps.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WorkerTest {
  /** Fast retries, so that tests that break streams take milliseconds. */
  private static final Backoff FAST = new Backoff(Duration.ofMillis(1), Duration.ofMillis(4), 0.2);

  /**
   * 9x9 uniform playouts take about 60 us each: this chunk runs for a good fraction of a second.
   */
  private static final int LONG = 8_000;

  private final FakeHub hub = new FakeHub();
  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final WorkerMetrics metrics = new WorkerMetrics(registry, false);
  private Worker worker;

  @AfterEach
  void tearDown() {
    if (worker != null) {
      worker.close();
    }
    hub.close();
  }

  private static WorkerSettings.Builder settings(int threads) {
    return WorkerSettings.builder()
        .id("test-worker")
        .threads(threads)
        .backoff(FAST)
        // Long enough to stay out of the way; the heartbeat tests set their own.
        .heartbeat(Duration.ofMinutes(1));
  }

  private Worker start(WorkerSettings settings) {
    return start(hub.channel(), settings);
  }

  private Worker start(ManagedChannel channel, WorkerSettings settings) {
    worker = new Worker(channel, settings, metrics);
    worker.start();
    return worker;
  }

  /** The next stream, with its hello read and welcomed. */
  private FakeHub.HubStream welcomed() throws InterruptedException {
    FakeHub.HubStream s = hub.nextStream();
    s.expectHello();
    s.welcome();
    return s;
  }

  private static int chunkOf(ChunkResult r) {
    return r.getId().getChunk();
  }

  @Test
  void theHelloCarriesIdThreadsCreditLabelsVersionAndProtocol() throws Exception {
    start(
        settings(3)
            .id("node-7.zone_a:1")
            .credit(5)
            .label("zone", "eu-1")
            .label("type", "c6i")
            .version("1.2.3")
            .build());
    Hello hello = hub.nextStream().expectHello();
    assertEquals("node-7.zone_a:1", hello.getWorkerId());
    assertEquals(3, hello.getThreads());
    assertEquals(5, hello.getCredit());
    assertEquals(Map.of("zone", "eu-1", "type", "c6i"), hello.getLabelsMap());
    assertEquals("1.2.3", hello.getVersion());
    assertEquals(WorkerProtocol.VERSION, hello.getProtocolVersion());
  }

  @Test
  void theDefaultCreditIsTwoChunksPerThread() throws Exception {
    start(WorkerSettings.builder().threads(3).build());
    Hello hello = hub.nextStream().expectHello();
    assertEquals(6, hello.getCredit());
    assertEquals(WorkerSettings.defaultId(), hello.getWorkerId());
  }

  @Test
  void resultsAreBitIdenticalToRunningTheChunksDirectly() throws Exception {
    start(settings(2).build());
    FakeHub.HubStream s = welcomed();
    List<ChunkAssignment> chunks =
        List.of(
            assignment("job-a", 0, "uniform", 300),
            assignment("job-a", 1, "mogo", 200),
            assignment("job-b", 0, "capture(scope=1) pattern3@0.8 random", 150));
    chunks.forEach(s::assign);
    Map<String, ChunkResult> results = new HashMap<>();
    for (int i = 0; i < chunks.size(); i++) {
      ChunkResult r = s.nextResult();
      results.put(r.getId().getJobId() + "/" + chunkOf(r), r);
    }
    for (ChunkAssignment a : chunks) {
      ChunkResult r = results.get(a.getId().getJobId() + "/" + a.getId().getChunk());
      assertEquals(a.getId(), r.getId());
      assertEquals(TestChunks.direct(a), StatsCodec.decode(r.getStats()), a.getPolicy().toString());
      assertTrue(r.getSeconds() > 0, "seconds " + r.getSeconds());
    }
  }

  /**
   * A hub from before dense statistics gets repeated fields; the same result, resent to a hub that
   * reads them, goes dense. Both decode to the statistics of the chunk run directly.
   */
  @Test
  void resultsAreDenseOnlyForAHubThatReadsThem() throws Exception {
    start(settings(1).build());
    FakeHub.HubStream old = welcomed();
    ChunkAssignment a = assignment("job", 0, "uniform", 100);
    old.assign(a);
    ChunkResult repeated = old.nextResult();
    assertTrue(repeated.getStats().getDense().isEmpty());
    assertEquals(81, repeated.getStats().getOwnedBlackCount());
    old.end(Status.UNAVAILABLE.withDescription("coordinator upgraded"));

    FakeHub.HubStream upgraded = hub.nextStream();
    upgraded.expectHello();
    upgraded.welcome(WorkerProtocol.welcome(60, "now"));
    ChunkResult dense = upgraded.nextResult();
    assertEquals(0, dense.getStats().getOwnedBlackCount());
    assertTrue(!dense.getStats().getDense().isEmpty());
    assertEquals(TestChunks.direct(a), StatsCodec.decode(repeated.getStats()));
    assertEquals(TestChunks.direct(a), StatsCodec.decode(dense.getStats()));
    assertTrue(WorkerProtocol.sameRun(repeated, dense));
  }

  /**
   * The Hello says the worker reads batches; a batch of acknowledgements and assignments is taken
   * as its messages one by one, and to a hub that reads batches the results resent after a
   * reconnection go in one. A hub from before batches gets one result a message (the tests above).
   */
  @Test
  void batchesBothWaysWithAHubThatReadsThem() throws Exception {
    start(settings(2).build());
    FakeHub.HubStream first = hub.nextStream();
    assertTrue(first.expectHello().getBatches());
    first.welcome(WorkerProtocol.welcome(60, "now"));
    first.batch(
        FakeHub.HubStream.assignMessage(assignment("job", 0, "uniform", 100)),
        FakeHub.HubStream.assignMessage(assignment("job", 1, "uniform", 100)),
        FakeHub.HubStream.assignMessage(assignment("job", 2, "uniform", 100)));
    Map<Integer, ChunkResult> results = new HashMap<>();
    for (int i = 0; i < 3; i++) {
      ChunkResult r = first.nextResult();
      results.put(chunkOf(r), r);
    }
    first.batch(
        FakeHub.HubStream.ackMessage(results.get(0).getId()),
        FakeHub.HubStream.ackMessage(results.get(2).getId()),
        FakeHub.HubStream.assignMessage(assignment("job", 3, "uniform", 100)));
    ChunkResult fourth = first.nextResult();
    assertEquals(3, chunkOf(fourth));
    first.end(Status.UNAVAILABLE.withDescription("network cut"));

    FakeHub.HubStream second = hub.nextStream();
    second.expectHello();
    second.welcome(WorkerProtocol.welcome(60, "now"));
    Map<Integer, ChunkResult> resent = new HashMap<>();
    for (int i = 0; i < 2; i++) {
      ChunkResult r = second.nextResult();
      resent.put(chunkOf(r), r);
    }
    assertEquals(Map.of(1, results.get(1), 3, fourth), resent, "the unacknowledged, bit for bit");
    assertEquals(1, second.batches.get(), "both resent results in one batch");
  }

  @Test
  void resultsAreKeptUntilAcknowledgedAndResentAfterTheStreamBreaks() throws Exception {
    start(settings(2).build());
    FakeHub.HubStream first = welcomed();
    first.assign(assignment("job", 0, "uniform", 100));
    first.assign(assignment("job", 1, "uniform", 100));
    Map<Integer, ChunkResult> results = new HashMap<>();
    for (int i = 0; i < 2; i++) {
      ChunkResult r = first.nextResult();
      results.put(chunkOf(r), r);
    }
    first.ack(results.get(0).getId());
    first.end(Status.UNAVAILABLE.withDescription("network cut"));

    FakeHub.HubStream second = welcomed();
    assertEquals(results.get(1), second.nextResult(), "the unacknowledged result, byte for byte");
    second.ack(results.get(1).getId());
    second.end(Status.UNAVAILABLE.withDescription("coordinator restart"));

    FakeHub.HubStream third = welcomed();
    third.assign(assignment("job", 2, "uniform", 100));
    assertEquals(2, chunkOf(third.nextResult()), "acknowledged results are not sent again");
    assertEquals(3, hub.connects());
  }

  @Test
  void aChunkRunningWhenTheStreamBreaksIsSentAfterReconnecting() throws Exception {
    start(settings(1).heartbeat(Duration.ofMillis(20)).build());
    FakeHub.HubStream first = welcomed();
    ChunkAssignment a = assignment("job", 0, "uniform", LONG);
    first.assign(a);
    while (first.nextHeartbeat() != 1) {
      // wait until the heartbeat reports the chunk running
    }
    first.end(Status.UNAVAILABLE.withDescription("network cut"));

    FakeHub.HubStream second = welcomed();
    ChunkResult r = second.nextResult();
    assertEquals(a.getId(), r.getId());
    assertEquals(TestChunks.direct(a), StatsCodec.decode(r.getStats()));
  }

  @Test
  void failedAttemptsAreRetriedWithBackoffUntilTheHubWelcomes() throws Exception {
    start(settings(1).build());
    for (int i = 0; i < 4; i++) {
      FakeHub.HubStream s = hub.nextStream();
      s.expectHello();
      s.end(Status.UNAVAILABLE.withDescription("starting up"));
    }
    FakeHub.HubStream s = welcomed();
    ChunkAssignment a = assignment("job", 0, "uniform", 50);
    s.assign(a);
    assertEquals(a.getId(), s.nextResult().getId());
    assertEquals(5, hub.connects());
    assertEquals(4, MetricsText.value(registry, "gofarm_worker_reconnects_total"));
    assertEquals(1, MetricsText.value(registry, "gofarm_worker_connected"));
  }

  @Test
  void anUnreachableCoordinatorIsRetriedUntilTheGiveUpTime() {
    ManagedChannel nowhere = FakeHub.nowhere();
    start(
        nowhere,
        settings(1)
            .backoff(new Backoff(Duration.ofMillis(1), Duration.ofMillis(8), 0.2))
            .giveUpAfter(Duration.ofMillis(200))
            .build());
    WorkerFailedException e = assertThrows(WorkerFailedException.class, worker::awaitTermination);
    String prefix =
        "gave up: no connection to the coordinator at "
            + nowhere.authority()
            + " for 0.2 s (last error: UNAVAILABLE: ";
    assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
    assertTrue(MetricsText.value(registry, "gofarm_worker_reconnects_total") >= 5);
  }

  @Test
  void aRefusedProtocolVersionStopsTheWorkerWithTheHubsMessage() throws Exception {
    assertRefusal(
        Status.FAILED_PRECONDITION.withDescription(
            WorkerProtocol.versionMismatch(WorkerProtocol.VERSION)));
  }

  @Test
  void aRefusedHelloStopsTheWorkerWithTheHubsMessage() throws Exception {
    assertRefusal(
        Status.INVALID_ARGUMENT.withDescription("hello.threads: must be 1..1024 (got 0)"));
  }

  private void assertRefusal(Status status) throws Exception {
    ManagedChannel channel = hub.channel();
    start(channel, settings(1).build());
    FakeHub.HubStream s = hub.nextStream();
    s.expectHello();
    s.end(status);
    WorkerFailedException e = assertThrows(WorkerFailedException.class, worker::awaitTermination);
    assertEquals(
        "the coordinator at "
            + channel.authority()
            + " refused this worker: "
            + status.getDescription(),
        e.getMessage());
    // Stopped means no timer is left to dial again.
    assertEquals(1, hub.connects());
  }

  @Test
  void aWelcomeOfAnotherProtocolVersionStopsTheWorker() throws Exception {
    start(settings(1).build());
    FakeHub.HubStream s = hub.nextStream();
    s.expectHello();
    s.welcome(WorkerProtocol.VERSION + 1, 60);
    WorkerFailedException e = assertThrows(WorkerFailedException.class, worker::awaitTermination);
    assertEquals(
        WorkerProtocol.welcomeProblem(
            gofarm.proto.v1.Welcome.newBuilder()
                .setProtocolVersion(WorkerProtocol.VERSION + 1)
                .build()),
        e.getMessage());
    assertEquals(Status.Code.CANCELLED, s.awaitEndedByWorker().getCode());
    assertEquals(1, hub.connects());
  }

  @Test
  void aServerWithoutTheHubIsRefusal() throws Exception {
    String name = "no-hub-" + System.nanoTime();
    Server empty = InProcessServerBuilder.forName(name).directExecutor().build().start();
    try {
      ManagedChannel channel = InProcessChannelBuilder.forName(name).directExecutor().build();
      start(channel, settings(1).build());
      WorkerFailedException e = assertThrows(WorkerFailedException.class, worker::awaitTermination);
      assertTrue(
          e.getMessage()
              .startsWith(
                  channel.authority() + " does not serve the gofarm worker hub (UNIMPLEMENTED"),
          e.getMessage());
      assertTrue(
          e.getMessage().endsWith("); is it the coordinator's gRPC address?"), e.getMessage());
    } finally {
      empty.shutdownNow();
    }
  }

  @Test
  void drainingReturnsChunksNotStartedFinishesRunningOnesAndStops() throws Exception {
    start(settings(1).credit(3).build());
    FakeHub.HubStream s = welcomed();
    ChunkAssignment running = assignment("job", 0, "uniform", LONG);
    s.assign(running);
    s.assign(assignment("job", 1, "uniform", 50));
    s.assign(assignment("job", 2, "uniform", 50));
    CompletableFuture<Boolean> drained =
        CompletableFuture.supplyAsync(() -> worker.drain(Duration.ofSeconds(20)));

    assertTrue(s.next().hasDraining());
    assertEquals(1, s.nextReturned().getChunk());
    assertEquals(2, s.nextReturned().getChunk());
    // An assignment the hub sent before it saw Draining goes straight back.
    s.assign(assignment("job", 3, "uniform", 50));
    assertEquals(3, s.nextReturned().getChunk());
    ChunkResult r = s.nextResult();
    assertEquals(running.getId(), r.getId());
    assertEquals(TestChunks.direct(running), StatsCodec.decode(r.getStats()));
    assertFalse(drained.isDone(), "drain waits for the acknowledgement");
    s.ack(r.getId());

    assertTrue(drained.get(10, TimeUnit.SECONDS));
    assertEquals(Status.Code.OK, s.awaitEndedByWorker().getCode(), "a clean half-close");
    worker.terminated().get(10, TimeUnit.SECONDS);
    assertEquals(1, hub.connects());
  }

  @Test
  void aDrainReconnectsToDeliverResultsWhenTheStreamBreaks() throws Exception {
    start(settings(1).build());
    FakeHub.HubStream first = welcomed();
    first.assign(assignment("job", 0, "uniform", 50));
    ChunkResult r = first.nextResult();
    CompletableFuture<Boolean> drained =
        CompletableFuture.supplyAsync(() -> worker.drain(Duration.ofSeconds(20)));
    assertTrue(first.next().hasDraining());
    first.end(Status.UNAVAILABLE.withDescription("network cut"));

    FakeHub.HubStream second = welcomed();
    assertTrue(second.next().hasDraining(), "the new stream says draining first");
    assertEquals(r, second.nextResult());
    second.ack(r.getId());
    assertTrue(drained.get(10, TimeUnit.SECONDS));
  }

  @Test
  void aDrainGivesUpOnAcknowledgementsAfterItsTimeout() throws Exception {
    start(settings(1).build());
    FakeHub.HubStream s = welcomed();
    s.assign(assignment("job", 0, "uniform", 50));
    s.nextResult();
    assertFalse(worker.drain(Duration.ofMillis(50)));
    assertEquals(Status.Code.CANCELLED, s.awaitEndedByWorker().getCode());
    worker.terminated().get(10, TimeUnit.SECONDS);
  }

  @Test
  void closeCancelsTheStreamAndStopsTheWorker() throws Exception {
    start(settings(1).build());
    FakeHub.HubStream s = welcomed();
    s.assign(assignment("job", 0, "uniform", LONG));
    worker.close();
    assertEquals(Status.Code.CANCELLED, s.awaitEndedByWorker().getCode());
    assertTrue(worker.terminated().isDone());
    assertThrows(IllegalStateException.class, worker::start);
  }

  @Test
  void heartbeatsAreSentAtTheConfiguredInterval() throws Exception {
    start(settings(2).heartbeat(Duration.ofMillis(10)).build());
    FakeHub.HubStream s = welcomed();
    for (int i = 0; i < 3; i++) {
      assertEquals(0, s.nextHeartbeat());
    }
  }

  @Test
  void heartbeatsComeAtLeastThreeTimesPerLease() throws Exception {
    // The configured minute would outlast the hub's one-second lease.
    start(settings(1).build());
    FakeHub.HubStream s = hub.nextStream();
    s.expectHello();
    s.welcome(WorkerProtocol.VERSION, 1);
    // Two heartbeats within the hub's 10 s wait: a third of the lease, not the minute.
    s.nextHeartbeat();
    s.nextHeartbeat();
  }

  @Test
  void anAssignmentOfAChunkWhoseResultIsKeptIsAnsweredWithThatResult() throws Exception {
    start(settings(1).build());
    FakeHub.HubStream s = welcomed();
    ChunkAssignment a = assignment("job", 0, "uniform", 50);
    s.assign(a);
    ChunkResult r = s.nextResult();
    s.assign(a); // re-leased, as after a broken stream
    assertEquals(r, s.nextResult());
  }

  @Test
  void anAssignmentOfAChunkAlreadyInHandIsNotRunTwice() throws Exception {
    start(settings(1).build());
    FakeHub.HubStream s = welcomed();
    ChunkAssignment a = assignment("job", 0, "uniform", LONG);
    ChunkAssignment b = assignment("job", 1, "uniform", 50);
    s.assign(a);
    s.assign(a); // running
    s.assign(b);
    s.assign(b); // queued
    s.assign(assignment("job", 2, "uniform", 50));
    assertEquals(
        List.of(0, 1, 2),
        List.of(chunkOf(s.nextResult()), chunkOf(s.nextResult()), chunkOf(s.nextResult())));
  }

  @Test
  void anAssignmentThatCannotBeDecodedIsReturned() throws Exception {
    start(settings(1).build());
    FakeHub.HubStream s = welcomed();
    s.assign(assignment("job", 0, "uniform", 50).toBuilder().setPlayouts(0).build());
    assertEquals(0, s.nextReturned().getChunk());
    s.assign(assignment("job", 1, "uniform", 50));
    assertEquals(1, chunkOf(s.nextResult()), "the worker carries on");
  }

  @Test
  void metricsFollowChunksAcknowledgementsAndTheConnection() throws Exception {
    start(settings(2).build());
    assertEquals(2, MetricsText.value(registry, "gofarm_worker_threads"));
    FakeHub.HubStream s = welcomed();
    ChunkAssignment a = assignment("job", 0, "mogo", 200);
    s.assign(a);
    ChunkResult r = s.nextResult();
    PlayoutStats stats = StatsCodec.decode(r.getStats());
    assertEquals(1, MetricsText.value(registry, "gofarm_worker_connected"));
    assertEquals(1, MetricsText.value(registry, "gofarm_worker_results_unacked"));
    assertEquals(200, MetricsText.value(registry, "gofarm_worker_playouts_total{policy=\"mogo\"}"));
    assertEquals(
        stats.lengthSum(),
        MetricsText.value(registry, "gofarm_worker_moves_total{policy=\"mogo\"}"));
    assertEquals(1, MetricsText.value(registry, "gofarm_worker_chunks_total{policy=\"mogo\"}"));
    assertEquals(1, MetricsText.value(registry, "gofarm_worker_chunk_duration_seconds_count"));
    s.ack(r.getId());
    s.assign(assignment("job", 1, "mogo", 10)); // a result after the ack proves the ack was seen
    s.ack(s.nextResult().getId());
    s.end(Status.UNAVAILABLE);
    hub.nextStream().expectHello();
    assertEquals(0, MetricsText.value(registry, "gofarm_worker_results_unacked"));
    assertEquals(0, MetricsText.value(registry, "gofarm_worker_connected"));
    assertEquals(0, MetricsText.value(registry, "gofarm_worker_busy_threads"));
  }
}
