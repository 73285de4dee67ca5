package gofarm.coordinator.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.coordinator.codec.EvaluateCodec;
import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.codec.JobReport;
import gofarm.coordinator.codec.KindCodec;
import gofarm.coordinator.codec.MatchCodec;
import gofarm.coordinator.job.ChunkStats;
import gofarm.coordinator.job.GameSgf;
import gofarm.coordinator.job.JobLimits;
import gofarm.coordinator.job.JobState;
import gofarm.coordinator.job.MatchReport;
import gofarm.coordinator.metrics.CoordinatorMetrics;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.WorkerMessage;
import gofarm.proto.v1.WorkerMessages;
import gofarm.rules.Player;
import gofarm.stats.EloEstimate;
import gofarm.stats.Sprt;
import gofarm.wire.ChunkKey;
import gofarm.wire.WorkerProtocol;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.pekko.actor.testkit.typed.annotations.JUnit5TestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestKitJUnit5Extension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The job actors with workers played by test probes: leasing up to credit, acknowledging and
 * counting results once, re-queueing after a worker leaves or a lease expires, cancellation, and
 * sharing workers between jobs.
 */
@ExtendWith(TestKitJUnit5Extension.class)
class JobActorsTest {
  @JUnit5TestKit ActorTestKit testKit = ActorTestKit.create();

  private static final Geometry G = Geometry.of(5);
  private static final PolicySpec UNIFORM = PolicySpec.parse("uniform");
  private static final PlayoutRoot ROOT =
      PlayoutRoot.of(new Board(G), Player.BLACK, Point.NONE, Point.NONE, 0.5);
  private static final Duration WAIT = Duration.ofSeconds(5);

  private PrometheusRegistry registry;
  private CoordinatorMetrics metrics;
  private ActorRef<WorkerPool.Command> pool;
  private ActorRef<JobManager.Command> manager;

  @BeforeEach
  void start() {
    registry = new PrometheusRegistry();
    metrics = new CoordinatorMetrics(registry, false);
    startActors(Duration.ofMinutes(1));
  }

  private void startActors(Duration lease) {
    startActors(lease, 0);
  }

  /** The actors, with {@code spotCheckShare} of the chunks checked (0: none, as most tests). */
  private void startActors(Duration lease, double spotCheckShare) {
    pool = testKit.spawn(WorkerPool.create(metrics, lease));
    manager = spawnManager(lease, spotCheckShare, JobLimits.defaults());
  }

  /** A job manager on the pool, with these settings. */
  private ActorRef<JobManager.Command> spawnManager(
      Duration lease, double spotCheckShare, JobLimits limits) {
    return spawnManager(lease, spotCheckShare, limits, Clock.systemUTC());
  }

  private ActorRef<JobManager.Command> spawnManager(
      Duration lease, double spotCheckShare, JobLimits limits, Clock clock) {
    return testKit.spawn(
        JobManager.create(
            pool,
            metrics,
            new TestEncoder(),
            JobArchive.NONE,
            clock,
            lease,
            spotCheckShare,
            limits));
  }

  /** A clock that moves only when a test moves it (the actors' timers still run on real time). */
  private static final class ManualClock extends Clock {
    private volatile long millis;

    ManualClock(long millis) {
      this.millis = millis;
    }

    void advance(Duration d) {
      millis += d.toMillis();
    }

    @Override
    public java.time.ZoneId getZone() {
      return java.time.ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(millis);
    }
  }

  /** A job of one position and one policy: {@code chunks} chunks of 50 playouts. */
  private static JobPlan plan(String id, int priority, int chunks) {
    JobSpec spec =
        JobSpec.newBuilder()
            .setName("test " + id)
            .setSeed(7)
            .setPriority(priority)
            .setEvaluate(
                EvaluateSpec.newBuilder()
                    .addPositions(PositionSource.newBuilder().setEmpty(5))
                    .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("uniform"))
                    .setPlayouts(50L * chunks)
                    .setChunkPlayouts(50))
            .build();
    return JobPlan.of(id, Instant.now(), spec);
  }

  private JobReport submit(JobPlan plan) {
    TestProbe<JobManager.Admission> reply = testKit.createTestProbe();
    manager.tell(new JobManager.Submit(plan, reply.ref()));
    return ((JobManager.Accepted) reply.receiveMessage(WAIT)).report();
  }

  private final java.util.Map<TestProbe<WorkerSession.Command>, String> workerIds =
      new java.util.HashMap<>();

  private TestProbe<WorkerSession.Command> worker(String id, int credit) {
    return worker(id, credit, Set.of());
  }

  /** Collects assignments until {@code n} chunks have arrived, passing over acknowledgements. */
  private List<WorkerSession.Work> assignedAmongAcks(
      TestProbe<WorkerSession.Command> session, int n) {
    List<WorkerSession.Work> work = new ArrayList<>();
    while (work.size() < n) {
      WorkerSession.Command m = session.receiveMessage(WAIT);
      if (m instanceof WorkerSession.Assign a) {
        sent(session, a);
        work.addAll(a.work());
      }
    }
    assertEquals(n, work.size(), "no more than asked");
    return work;
  }

  /** Collects assignments until {@code n} chunks have arrived. */
  private List<WorkerSession.Work> assigned(TestProbe<WorkerSession.Command> session, int n) {
    List<WorkerSession.Work> work = new ArrayList<>();
    while (work.size() < n) {
      WorkerSession.Assign a = session.expectMessageClass(WorkerSession.Assign.class, WAIT);
      sent(session, a);
      work.addAll(a.work());
    }
    assertEquals(n, work.size(), "no more than asked");
    return work;
  }

  /** The lease each chunk came with: its job and plan. */
  private final Map<ChunkKey, WorkerSession.Assign> leases = new java.util.HashMap<>();

  /** What a session does when it forwards an assignment: tell the pool the worker holds it. */
  private void sent(TestProbe<WorkerSession.Command> session, WorkerSession.Assign a) {
    for (WorkerSession.Work w : a.work()) {
      leases.put(w.key(), a);
    }
    pool.tell(new WorkerPool.Assigned(workerIds.get(session), session.ref(), a.work().size()));
  }

  private void complete(
      WorkerSession.Work w, String workerId, TestProbe<WorkerSession.Command> session) {
    deliver(w.key(), payload(w), workerId, session);
    pool.tell(new WorkerPool.CreditReturned(workerId, session.ref(), 1));
  }

  /**
   * What a session does with a worker's result: decode it with the plan its lease came with and
   * send it straight to that job.
   */
  private void deliver(
      ChunkKey key, ChunkResult result, String workerId, TestProbe<WorkerSession.Command> session) {
    WorkerSession.Assign lease = leases.get(key);
    deliver(lease.job(), lease.plan().codec(), key, result, workerId, session);
  }

  private static <R> void deliver(
      ActorRef<Job.Command> job,
      KindCodec<R, ?> codec,
      ChunkKey key,
      ChunkResult result,
      String workerId,
      TestProbe<WorkerSession.Command> session) {
    job.tell(
        new Job.ChunkCompleted<>(
            key, codec.decode(key, result), result, workerId, result.getSeconds(), session.ref()));
  }

  /** What a worker would send for this work: the chunk's real statistics. */
  private static ChunkResult payload(WorkerSession.Work w) {
    return WorkerProtocol.result(w.key(), run(w), 0.1);
  }

  /** The chunk's real statistics. */
  private static PlayoutStats run(WorkerSession.Work w) {
    Playout playout = new Playout(UNIFORM, G);
    PlayoutStats stats = playout.newStats();
    playout.run(ROOT, w.assignment().getSeed(), w.assignment().getPlayouts(), stats);
    return stats;
  }

  private JobManager.Found lookup(String id) {
    TestProbe<JobManager.Found> reply = testKit.createTestProbe();
    manager.tell(new JobManager.Lookup(id, reply.ref()));
    return reply.receiveMessage(WAIT);
  }

  /** The full status of finished job {@code id}, or null while it is not finished. */
  private JobStatus finishedStatus(String id) {
    FinishedJob done = lookup(id).finished();
    return done == null ? null : done.status().toCompletableFuture().join();
  }

  /** The results of finished job {@code id}, or null while it is not finished. */
  private JobResults finishedResults(String id) {
    FinishedJob done = lookup(id).finished();
    if (done == null) {
      return null;
    }
    try {
      return JobResults.parseFrom(done.serializedResults().toCompletableFuture().join());
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError("job " + id + "'s results are no JobResults", e);
    }
  }

  private double counter(String name) {
    return registry.scrape().stream()
        .filter(s -> s.getMetadata().getPrometheusName().equals(name))
        .mapToDouble(s -> ((CounterSnapshot) s).getDataPoints().get(0).getValue())
        .findFirst()
        .orElse(0);
  }

  /** A labelled counter's value for {@code label=value}, 0 before it is first counted. */
  private double counter(String name, String label, String value) {
    return registry.scrape().stream()
        .filter(s -> s.getMetadata().getPrometheusName().equals(name))
        .flatMap(s -> ((CounterSnapshot) s).getDataPoints().stream())
        .filter(d -> value.equals(d.getLabels().get(label)))
        .mapToDouble(d -> d.getValue())
        .findFirst()
        .orElse(0);
  }

  /** Waits until {@code n} results have been refused for {@code reason}. */
  private void awaitRefused(String reason, double n) {
    testKit
        .createTestProbe()
        .awaitAssert(
            WAIT,
            () -> {
              assertEquals(n, counter("gofarm_coordinator_results_refused", "reason", reason));
              return null;
            });
  }

  /** A gauge's value per label set, as {@code {policy=uniform}} or {@code {}}. */
  private Map<String, Double> gauge(String name) {
    Map<String, Double> values = new TreeMap<>();
    registry.scrape().stream()
        .filter(s -> s.getMetadata().getPrometheusName().equals(name))
        .forEach(
            s -> {
              for (GaugeSnapshot.GaugeDataPointSnapshot d : ((GaugeSnapshot) s).getDataPoints()) {
                values.put(labels(d.getLabels()), d.getValue());
              }
            });
    return values;
  }

  private static String labels(Labels labels) {
    List<String> parts = new ArrayList<>();
    labels.forEach(l -> parts.add(l.getName() + "=" + l.getValue()));
    return "{" + String.join(",", parts) + "}";
  }

  @Test
  void runningJobsShowTheirProgressAndBlackWinRateWithoutJobLabels() {
    submit(plan("a", 0, 4));
    TestProbe<WorkerSession.Command> w = worker("w1", 4);
    List<WorkerSession.Work> work = assigned(w, 4);
    double blackWins = 0;
    for (WorkerSession.Work x : work.subList(0, 2)) {
      PlayoutStats stats = run(x);
      blackWins += stats.blackWins() + 0.5 * stats.draws();
      complete(x, "w1", w);
      w.expectMessageClass(WorkerSession.Acked.class, WAIT);
    }
    double expectedRate = blackWins / 100;
    // The job reports on its next tick (every 500 ms).
    w.awaitAssert(
        WAIT,
        () -> {
          assertEquals(Map.of("{}", 100.0), gauge("gofarm_coordinator_running_playouts_done"));
          assertEquals(Map.of("{}", 200.0), gauge("gofarm_coordinator_running_playouts_requested"));
          Map<String, Double> rate = gauge("gofarm_coordinator_running_black_win_rate");
          assertEquals(Set.of("{policy=uniform}"), rate.keySet());
          assertEquals(expectedRate, rate.get("{policy=uniform}"), 1e-12);
          return null;
        });
    for (WorkerSession.Work x : work.subList(2, 4)) {
      complete(x, "w1", w);
    }
    w.awaitAssert(
        WAIT,
        () -> {
          assertEquals("SUCCEEDED", finishedStatus("a").getState().name());
          assertEquals(Map.of("{}", 0.0), gauge("gofarm_coordinator_running_playouts_done"));
          assertEquals(Map.of("{}", 0.0), gauge("gofarm_coordinator_running_playouts_requested"));
          assertEquals(
              Map.of(),
              gauge("gofarm_coordinator_running_black_win_rate"),
              "no series once no job runs");
          return null;
        });
  }

  @Test
  void leasesUpToCreditAndMoreAsResultsComeBack() {
    assertEquals(JobState.QUEUED, submit(plan("a", 0, 6)).state());
    TestProbe<WorkerSession.Command> w = worker("w1", 2);
    List<WorkerSession.Work> first = assigned(w, 2);
    assertEquals(List.of(0, 1), first.stream().map(x -> x.key().chunk()).toList());
    w.expectNoMessage(Duration.ofMillis(200));
    complete(first.get(0), "w1", w);
    // The acknowledgement and the next assignment travel different routes: either may come first.
    List<WorkerSession.Command> next = w.receiveSeveralMessages(2, WAIT);
    WorkerSession.Acked ack =
        (WorkerSession.Acked)
            next.stream().filter(m -> m instanceof WorkerSession.Acked).findFirst().orElseThrow();
    WorkerSession.Assign more =
        (WorkerSession.Assign)
            next.stream().filter(m -> m instanceof WorkerSession.Assign).findFirst().orElseThrow();
    sent(w, more);
    assertEquals(first.get(0).key(), ack.key());
    assertEquals(2, more.work().get(0).key().chunk());
  }

  @Test
  void aJobFinishesWhenEveryChunkIsCountedAndDuplicatesAreDropped() {
    submit(plan("a", 0, 3));
    TestProbe<WorkerSession.Command> w = worker("w1", 3);
    List<WorkerSession.Work> work = assigned(w, 3);
    for (WorkerSession.Work x : work) {
      complete(x, "w1", w);
      w.expectMessageClass(WorkerSession.Acked.class, WAIT);
    }
    complete(work.get(1), "w1", w);
    w.expectMessageClass(WorkerSession.Acked.class, WAIT);
    JobManager.Found found = lookup("a");
    assertNotNull(found.finished(), "finished jobs are kept as results");
    JobStatus status = found.finished().status().toCompletableFuture().join();
    assertEquals("SUCCEEDED", status.getState().name());
    assertEquals(150, status.getPlayoutsDone());
    assertEquals("SUCCEEDED", found.finished().listed().getState().name());
    assertEquals(3, counter("gofarm_coordinator_chunks_completed"));
    assertEquals(150, counter("gofarm_coordinator_playouts"));
  }

  @Test
  void aLeavingWorkersChunksGoToTheNextWorker() {
    submit(plan("a", 0, 4));
    TestProbe<WorkerSession.Command> gone = worker("gone", 2);
    List<WorkerSession.Work> lost = assigned(gone, 2);
    pool.tell(new WorkerPool.WorkerLeft("gone", gone.ref()));
    TestProbe<WorkerSession.Command> next = worker("next", 4);
    Set<ChunkKey> got = new HashSet<>();
    assigned(next, 4).forEach(x -> got.add(x.key()));
    for (WorkerSession.Work x : lost) {
      assertTrue(got.contains(x.key()), "re-queued: " + x.key());
    }
    assertEquals(2, counter("gofarm_coordinator_chunks_requeued"));
  }

  @Test
  void expiredLeasesAreHandedOutAgain() {
    startActors(Duration.ofMillis(300));
    submit(plan("a", 0, 2));
    TestProbe<WorkerSession.Command> slow = worker("slow", 2);
    List<WorkerSession.Work> held = assigned(slow, 2);
    TestProbe<WorkerSession.Command> fast = worker("fast", 2);
    List<WorkerSession.Work> again = assigned(fast, 2);
    assertEquals(
        held.stream().map(WorkerSession.Work::key).toList(),
        again.stream().map(WorkerSession.Work::key).toList());
    assertEquals(
        held.get(0).assignment(), again.get(0).assignment(), "the same chunk, the same seed");
  }

  @Test
  void cancellingStopsTheJobAndLateResultsAreNotNeeded() {
    submit(plan("a", 0, 4));
    TestProbe<WorkerSession.Command> w = worker("w1", 2);
    List<WorkerSession.Work> work = assigned(w, 2);
    TestProbe<JobReport> reply = testKit.createTestProbe();
    lookup("a").running().tell(new Job.Cancel(reply.ref()));
    assertEquals(JobState.CANCELLED, reply.receiveMessage(WAIT).state());
    complete(work.get(0), "w1", w);
    w.expectMessageClass(WorkerSession.Acked.class, WAIT);
    assertEquals("CANCELLED", finishedStatus("a").getState().name());
    w.expectNoMessage(Duration.ofMillis(300));
  }

  @Test
  void higherPriorityFirstThenTurnsBetweenEqualJobs() {
    submit(plan("low", 0, 10));
    submit(plan("high", 5, 2));
    TestProbe<WorkerSession.Command> w = worker("w1", 1);
    assertEquals(List.of("high", "high", "low"), runChunks(w, 3));
    submit(plan("other", 0, 10));
    // The first may have been given to "low" before "other" existed; then they take turns.
    List<String> turns = runChunks(w, 7).subList(1, 7);
    assertEquals(3, Collections.frequency(turns, "low"), turns.toString());
    assertEquals(3, Collections.frequency(turns, "other"), turns.toString());
  }

  /**
   * Plays a one-credit worker for {@code n} chunks: completes each chunk it is given and returns
   * the jobs they came from. Acknowledgements and new assignments may arrive in either order.
   */
  private List<String> runChunks(TestProbe<WorkerSession.Command> w, int n) {
    List<String> jobs = new ArrayList<>();
    WorkerSession.Work pending = null;
    while (jobs.size() < n) {
      WorkerSession.Command m = w.receiveMessage(WAIT);
      if (m instanceof WorkerSession.Assign a) {
        sent(w, a);
        assertEquals(1, a.work().size());
        pending = a.work().get(0);
        jobs.add(pending.key().jobId());
        complete(pending, "w1", w);
      }
    }
    return jobs;
  }

  @Test
  void resultsForUnknownJobsAreAcknowledgedAndDropped() throws InterruptedException {
    Stream worker = session("w1", 1);
    ChunkKey key = new ChunkKey("nope", 0, 0, 0);
    WorkerSession.Work fake =
        new WorkerSession.Work(
            key, ChunkAssignment.newBuilder().setPlayouts(10).setSeed(1).build());
    worker.send(payload(fake));
    assertEquals(key, worker.nextAck());
    assertFalse(lookup("nope").exists());
    assertEquals(1, counter("gofarm_coordinator_chunks_unneeded"));
  }

  // ------------------------------------------------------------------ real sessions

  /** A worker's stream as the hub sees it: a real session, and what it sends to the worker. */
  private final class Stream implements WorkerSession.Link {
    private final LinkedBlockingQueue<ChunkAssignment> assignments = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<ChunkKey> acks = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<WorkerSession.Refusal> refusals = new LinkedBlockingQueue<>();

    /** Batches the session sent: their messages went to the queues above one by one. */
    private final java.util.concurrent.atomic.AtomicInteger batches =
        new java.util.concurrent.atomic.AtomicInteger();

    private final LinkedBlockingQueue<gofarm.proto.v1.Welcome> welcomes =
        new LinkedBlockingQueue<>();
    private String resumeToken;
    private ActorRef<WorkerSession.Command> session;

    @Override
    public void send(HubMessage message) {
      if (message.hasBatch()) {
        batches.incrementAndGet();
        message.getBatch().getMessagesList().forEach(this::send);
      } else if (message.hasWelcome()) {
        welcomes.add(message.getWelcome());
      } else if (message.hasAssignment()) {
        assignments.add(message.getAssignment());
      } else if (message.hasAck()) {
        acks.add(ChunkKey.fromProto(message.getAck().getId()));
      }
    }

    @Override
    public void close(String reason) {}

    @Override
    public void refuse(WorkerSession.Refusal refusal, String reason) {
      refusals.add(refusal);
    }

    /** The worker sends a result. */
    void send(ChunkResult result) {
      session.tell(
          new WorkerSession.Received(WorkerMessage.newBuilder().setResult(result).build()));
    }

    ChunkAssignment nextAssignment() throws InterruptedException {
      ChunkAssignment a = assignments.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
      assertNotNull(a, "no assignment");
      return a;
    }

    /** The secret of this stream's Welcome (waits for it). */
    String resumeToken() throws InterruptedException {
      if (resumeToken == null) {
        gofarm.proto.v1.Welcome w = welcomes.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(w, "no welcome");
        resumeToken = w.getResumeToken();
      }
      return resumeToken;
    }

    WorkerSession.Refusal nextRefusal() throws InterruptedException {
      WorkerSession.Refusal r = refusals.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
      assertNotNull(r, "not refused");
      return r;
    }

    ChunkKey nextAck() throws InterruptedException {
      ChunkKey key = acks.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
      assertNotNull(key, "no acknowledgement");
      return key;
    }
  }

  /** A real session for worker {@code id}, joined to the pool with {@code credit}. */
  private Stream session(String id, int credit) {
    return session(id, credit, "");
  }

  /** A real session for worker {@code id} dialling with {@code resumeToken}. */
  private Stream session(String id, int credit, String resumeToken) {
    return session(id, credit, resumeToken, false);
  }

  /** A real session, for a worker that reads batches if {@code batches}. */
  private Stream session(String id, int credit, String resumeToken, boolean batches) {
    Stream stream = new Stream();
    stream.session =
        testKit.spawn(
            WorkerSession.create(
                id,
                1,
                credit,
                Set.of(),
                resumeToken,
                "worker " + id,
                WorkerPool.About.NONE,
                stream,
                batches,
                WorkerProtocol.welcome(60, "test"),
                pool,
                manager,
                metrics,
                Duration.ofMinutes(1)));
    return stream;
  }

  /** What a worker sends for an assignment: the chunk's real statistics. */
  private static ChunkResult run(ChunkAssignment a) {
    return payload(new WorkerSession.Work(ChunkKey.fromProto(a.getId()), a));
  }

  @Test
  void aSessionDecodesResultsAndSendsThemStraightToTheJob() throws InterruptedException {
    submit(plan("a", 0, 2));
    Stream w = session("w1", 2);
    ChunkAssignment a0 = w.nextAssignment();
    ChunkAssignment a1 = w.nextAssignment();
    w.send(run(a0));
    w.send(run(a1));
    Set<ChunkKey> acked = new HashSet<>(List.of(w.nextAck(), w.nextAck()));
    assertEquals(Set.of(ChunkKey.fromProto(a0.getId()), ChunkKey.fromProto(a1.getId())), acked);
    awaitFinished("a", 100);
    assertEquals(2, counter("gofarm_coordinator_chunks_completed"));
    assertEquals(100, counter("gofarm_coordinator_playouts"));
    assertEquals(0, counter("gofarm_coordinator_chunks_unneeded"));
  }

  /**
   * A worker that reads batches gets a lease's assignments in one message and its acknowledgements
   * within the delay; its batches of results count, what has no place in a batch (a hello, a batch)
   * is ignored, and the credit they free brings the job's last chunks.
   */
  @Test
  void aBatchingWorkersMessagesTravelTogether() throws InterruptedException {
    submit(plan("a", 0, 6));
    Stream w = session("w1", 4, "", true);
    List<ChunkAssignment> first = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      first.add(w.nextAssignment());
    }
    assertEquals(1, w.batches.get(), "four assignments, one message");
    WorkerMessages.Builder results = WorkerMessages.newBuilder();
    for (ChunkAssignment a : first) {
      results.addMessages(WorkerMessage.newBuilder().setResult(run(a)));
    }
    results.addMessages(WorkerMessage.newBuilder().setHello(Hello.newBuilder().setWorkerId("x")));
    results.addMessages(
        WorkerMessage.newBuilder()
            .setBatch(WorkerMessages.newBuilder().addMessages(results.getMessages(0))));
    w.session.tell(
        new WorkerSession.Received(WorkerMessage.newBuilder().setBatch(results).build()));
    Set<ChunkKey> acked = new HashSet<>();
    for (int i = 0; i < 4; i++) {
      acked.add(w.nextAck());
    }
    Set<ChunkKey> sent = new HashSet<>();
    first.forEach(a -> sent.add(ChunkKey.fromProto(a.getId())));
    assertEquals(sent, acked);
    // The four results freed four chunks of credit: the last two of the job come.
    w.send(run(w.nextAssignment()));
    w.send(run(w.nextAssignment()));
    awaitFinished("a", 300);
    assertEquals(6, counter("gofarm_coordinator_chunks_completed"));
    assertEquals(0, counter("gofarm_coordinator_chunks_duplicate"), "the batch in the batch");
  }

  @Test
  void aWorkerSendingImpossibleCountsIsQuarantinedAndItsChunksRunElsewhere()
      throws InterruptedException {
    submit(plan("a", 0, 2));
    Stream w = session("w1", 2);
    ChunkAssignment a0 = w.nextAssignment();
    w.nextAssignment();
    // Ten playouts for a chunk of fifty: acknowledged at the edge, never counted.
    w.send(run(a0.toBuilder().setPlayouts(10).build()));
    assertEquals(ChunkKey.fromProto(a0.getId()), w.nextAck());
    assertEquals(WorkerSession.Refusal.QUARANTINED, w.nextRefusal());
    assertEquals(1, counter("gofarm_coordinator_results_refused", "reason", "invalid"));
    Stream h = session("h", 2);
    h.send(run(h.nextAssignment()));
    h.send(run(h.nextAssignment()));
    awaitFinished("a", 100);
    assertEquals(1, counter("gofarm_coordinator_workers_quarantined"));
  }

  /** A fit of 12 random games in one shard, at most {@code iterations} updates. */
  private static JobPlan fitPlan(String id, int iterations) {
    JobSpec spec =
        JobSpec.newBuilder()
            .setSeed(9)
            .setFit(
                gofarm.proto.v1.FitSpec.newBuilder()
                    .addGames(
                        gofarm.proto.v1.SgfSource.newBuilder()
                            .setText(gofarm.coordinator.job.FitTallyTest.games(12, 30, 4)))
                    .setMaxIterations(iterations)
                    .setGamesPerChunk(100))
            .build();
    return JobPlan.of(id, Instant.now(), spec);
  }

  /** What a worker sends for a fit chunk, summed for {@code group} whatever the assignment says. */
  private static ChunkResult fitResult(ChunkAssignment a, int group) {
    gofarm.wire.FitShards.Work w = gofarm.wire.FitShards.decode(a);
    return gofarm.wire.FitShards.result(
        w.key(),
        new gofarm.learn.FitShard().run(w.games(), w.heldOut(), w.skipMoves(), w.gamma(), group),
        0.1);
  }

  @Test
  void aFitWorkerSendingSumsForAnotherGroupIsQuarantinedAndTheShardRunsElsewhere()
      throws InterruptedException {
    submit(fitPlan("fit", 1));
    Stream w = session("w1", 1);
    ChunkAssignment a = w.nextAssignment();
    assertEquals(0, a.getFit().getGroup(), "the first pass sums for pat3");
    // Well-formed sums of another group: only the job, which knows the pass's group, can tell.
    w.send(fitResult(a, 3));
    assertEquals(WorkerSession.Refusal.QUARANTINED, w.nextRefusal());
    assertEquals(1, counter("gofarm_coordinator_results_refused", "reason", "invalid"));
    Stream h = session("h", 1);
    ChunkAssignment again = h.nextAssignment();
    assertEquals(a.getId(), again.getId());
    h.send(fitResult(again, 0));
    ChunkAssignment next = h.nextAssignment();
    assertEquals(1, next.getId().getChunk(), "pass 2, released once pass 1 is counted");
    h.send(fitResult(next, next.getFit().getGroup()));
    testKit
        .createTestProbe()
        .awaitAssert(
            WAIT,
            () -> {
              JobResults r = finishedResults("fit");
              assertEquals("SUCCEEDED", r.getStatus().getState().name());
              assertTrue(r.getStatus().getMessage().contains("worker w1 quarantined"));
              return null;
            });
  }

  private void awaitFinished(String id, long playouts) {
    testKit
        .createTestProbe()
        .awaitAssert(
            WAIT,
            () -> {
              JobResults done = finishedResults(id);
              assertNotNull(done, "finished");
              assertEquals(playouts, done.getStatus().getPlayoutsDone());
              return null;
            });
  }

  @Test
  void aResultResentOnAStreamWithoutItsLeaseFindsItsJob() throws InterruptedException {
    submit(plan("a", 0, 2));
    Stream first = session("w1", 1);
    ChunkAssignment a = first.nextAssignment();
    // The same worker dials again (with its Welcome's secret) on a stream that takes no chunks:
    // the result can reach its job only by asking the manager, and counts, as w1 held the chunk.
    Stream again = session("w1", 0, first.resumeToken());
    again.send(run(a));
    assertEquals(ChunkKey.fromProto(a.getId()), again.nextAck());
    TestProbe<JobReport> report = testKit.createTestProbe();
    report.awaitAssert(
        WAIT,
        () -> {
          lookup("a").running().tell(new Job.GetReport(false, report.ref()));
          assertEquals(50, report.receiveMessage(WAIT).playoutsDone());
          return null;
        });
    assertEquals(1, counter("gofarm_coordinator_chunks_completed"));
  }

  @Test
  void aResultForAChunkLeasedToAnotherWorkerIsRefused() throws InterruptedException {
    submit(plan("a", 0, 2));
    Stream honest = session("w1", 1);
    ChunkAssignment a = honest.nextAssignment();
    Stream other = session("w2", 0);
    other.send(run(a));
    assertEquals(ChunkKey.fromProto(a.getId()), other.nextAck());
    awaitRefused("not_leased", 1);
    assertEquals(0, counter("gofarm_coordinator_chunks_completed"));
    honest.send(run(a));
    assertEquals(ChunkKey.fromProto(a.getId()), honest.nextAck());
    testKit
        .createTestProbe()
        .awaitAssert(
            WAIT,
            () -> {
              assertEquals(1, counter("gofarm_coordinator_chunks_completed"));
              return null;
            });
  }

  @Test
  void aWorkerIdHeldByAnotherStreamIsRefusedWithoutItsSecret() throws InterruptedException {
    Stream first = session("w1", 1);
    assertFalse(first.resumeToken().isEmpty());
    Stream thief = session("w1", 1);
    assertEquals(WorkerSession.Refusal.ID_TAKEN, thief.nextRefusal());
    Stream wrong = session("w1", 1, first.resumeToken() + "x");
    assertEquals(WorkerSession.Refusal.ID_TAKEN, wrong.nextRefusal());
    // The worker itself takes its id back; the old stream ends, the new one keeps the secret.
    Stream back = session("w1", 1, first.resumeToken());
    assertEquals(first.resumeToken(), back.resumeToken());
    submit(plan("a", 0, 1));
    back.nextAssignment();
  }

  @Test
  void aResultSentToAJobThatStopsUnansweredIsAcknowledgedByTheSession()
      throws InterruptedException {
    JobPlan plan = plan("a", 0, 2);
    TestProbe<Job.Command> job = testKit.createTestProbe();
    Stream w = session("w1", 0);
    ChunkKey key = new ChunkKey("a", 0, 0, 0);
    ChunkAssignment a = ((EvaluateCodec) plan.codec()).assignment(key);
    w.session.tell(
        new WorkerSession.Assign(job.ref(), plan, List.of(new WorkerSession.Work(key, a))));
    w.send(run(w.nextAssignment()));
    assertEquals(key, job.expectMessageClass(Job.ChunkCompleted.class, WAIT).key());
    job.stop();
    assertEquals(key, w.nextAck());
    assertEquals(1, counter("gofarm_coordinator_chunks_unneeded"));
  }

  // ------------------------------------------------------------------ match jobs

  /** A match on 5x5 between two small searches, or against an engine program as the baseline. */
  private static JobPlan matchPlan(String id, int pairs, String engine) {
    return matchPlan(id, pairs, engine, null);
  }

  /** The same, with an SPRT of these bounds if not null. */
  private static JobPlan matchPlan(
      String id, int pairs, String engine, gofarm.proto.v1.SprtSpec sprt) {
    gofarm.proto.v1.MatchPlayer baseline =
        engine == null
            ? searchPlayer("uniform")
            : gofarm.proto.v1.MatchPlayer.newBuilder()
                .setEngine(
                    gofarm.proto.v1.EngineSpec.newBuilder()
                        .addCommand(engine)
                        .addCommand("--mode")
                        .addCommand("gtp"))
                .build();
    gofarm.proto.v1.MatchSpec.Builder match =
        gofarm.proto.v1.MatchSpec.newBuilder()
            .setCandidate(searchPlayer("heavy"))
            .setBaseline(baseline)
            .setSize(5)
            .setOpenings(gofarm.proto.v1.Openings.newBuilder().setRandomMoves(2))
            .setPairs(pairs);
    if (sprt != null) {
      match.setSprt(sprt);
    }
    JobSpec spec = JobSpec.newBuilder().setSeed(11).setMatch(match).build();
    return JobPlan.of(id, Instant.now(), spec);
  }

  private static gofarm.proto.v1.MatchPlayer searchPlayer(String policy) {
    return gofarm.proto.v1.MatchPlayer.newBuilder()
        .setSearch(
            gofarm.proto.v1.SearchPlayerSpec.newBuilder()
                .setPolicy(gofarm.proto.v1.PolicySpec.newBuilder().setName(policy))
                .setPlayouts(16))
        .build();
  }

  /** What a worker does with a game-pair chunk: play it. */
  private static gofarm.proto.v1.ChunkResult play(WorkerSession.Work w) {
    gofarm.wire.GamePair pair = WorkerProtocol.gamePair(w.assignment());
    gofarm.match.PairResult r =
        gofarm.match.MatchGame.playPair(
            pair.opening(),
            pair.rules(),
            pair.candidate(),
            pair.baseline(),
            pair.seed(),
            pair.maxMoves());
    return WorkerProtocol.result(w.key(), r, 0.1);
  }

  private TestProbe<WorkerSession.Command> worker(String id, int credit, Set<String> engines) {
    TestProbe<WorkerSession.Command> session = testKit.createTestProbe();
    workerIds.put(session, id);
    pool.tell(
        new WorkerPool.WorkerJoined(
            id, 1, credit, engines, "", "worker " + id, WorkerPool.About.NONE, session.ref()));
    session.expectMessageClass(WorkerSession.Joined.class, WAIT);
    return session;
  }

  @Test
  void aMatchCountsItsGamePairsAndKeepsEveryGame() {
    JobReport first = submit(matchPlan("m", 3, null));
    assertEquals(6, first.playoutsTotal(), "progress counts games");
    assertEquals(3, first.chunksTotal());
    assertEquals(0, TestEncoder.encode(first).getMatch().getPairs());
    TestProbe<WorkerSession.Command> w = worker("w1", 3);
    List<WorkerSession.Work> work = assigned(w, 3);
    // Out of order: the last pair first.
    for (int i = work.size() - 1; i >= 0; i--) {
      WorkerSession.Work x = work.get(i);
      deliver(x.key(), play(x), "w1", w);
    }
    w.awaitAssert(
        WAIT,
        () -> {
          assertEquals("SUCCEEDED", finishedStatus("m").getState().name());
          return null;
        });
    gofarm.proto.v1.MatchSummary s = finishedStatus("m").getMatch();
    assertEquals(3, s.getPairs());
    assertEquals(6, s.getGames());
    assertEquals(6, s.getWins() + s.getDraws() + s.getLosses());
    assertEquals(3, s.getPentanomialList().stream().mapToLong(Long::longValue).sum());
    assertEquals("heavy 16 po", s.getCandidate());
    assertEquals("uniform 16 po", s.getBaseline());
    List<GameSgf> records = lookup("m").finished().games().toCompletableFuture().join();
    assertEquals(6, records.size());
    for (int i = 0; i < 6; i++) {
      assertEquals(i / 2, records.get(i).pair());
      assertEquals(i % 2, records.get(i).game());
      String candidateColour = i % 2 == 0 ? "PB[heavy 16 po]" : "PW[heavy 16 po]";
      assertTrue(records.get(i).sgf().contains(candidateColour), records.get(i).sgf());
    }
    assertEquals(6.0, counter("gofarm_coordinator_match_games"));
  }

  @Test
  void runningMatchesShowTheirGamesLlrAndEloWithoutJobLabels() {
    // A narrow SPRT: two pairs cannot decide it, so the match runs until its last pair.
    JobPlan plan =
        matchPlan(
            "m", 4, null, gofarm.proto.v1.SprtSpec.newBuilder().setElo0(0).setElo1(5).build());
    submit(plan);
    MatchCodec codec = (MatchCodec) plan.codec();
    var tally = codec.kind().newTally();
    TestProbe<WorkerSession.Command> w = worker("w1", 4);
    List<WorkerSession.Work> work = assigned(w, 4);
    for (WorkerSession.Work x : work.subList(0, 2)) {
      ChunkResult result = play(x);
      tally.count(0, x.key().chunk(), codec.decode(x.key(), result));
      deliver(x.key(), result, "w1", w);
      w.expectMessageClass(WorkerSession.Acked.class, WAIT);
    }
    // What the job's own tally says after the same two pairs.
    MatchReport expected = tally.report(s -> false, false, 0, false);
    EloEstimate elo = expected.elo();
    Sprt sprt = expected.match().sprt();
    assertEquals(2, expected.pairs());
    assertTrue(expected.llr() != 0, "the LLR has moved off its start");
    // The job reports on its next tick (every 500 ms).
    w.awaitAssert(
        WAIT,
        () -> {
          assertEquals(Map.of("{}", 4.0), gauge("gofarm_coordinator_running_match_games_done"));
          assertEquals(
              Map.of("{}", 8.0), gauge("gofarm_coordinator_running_match_games_requested"));
          assertGauge(expected.llr(), "gofarm_coordinator_running_match_llr");
          assertGauge(sprt.lowerBound(), "gofarm_coordinator_running_match_llr_lower");
          assertGauge(sprt.upperBound(), "gofarm_coordinator_running_match_llr_upper");
          assertGauge(elo.elo(), "gofarm_coordinator_running_match_elo");
          assertGauge(elo.eloLower(), "gofarm_coordinator_running_match_elo_low");
          assertGauge(elo.eloUpper(), "gofarm_coordinator_running_match_elo_high");
          return null;
        });
    for (WorkerSession.Work x : work.subList(2, 4)) {
      deliver(x.key(), play(x), "w1", w);
    }
    w.awaitAssert(
        WAIT,
        () -> {
          assertEquals("SUCCEEDED", finishedStatus("m").getState().name());
          assertEquals(Map.of("{}", 0.0), gauge("gofarm_coordinator_running_match_games_done"));
          assertEquals(
              Map.of("{}", 0.0), gauge("gofarm_coordinator_running_match_games_requested"));
          for (String gone :
              List.of("llr", "llr_lower", "llr_upper", "elo", "elo_low", "elo_high")) {
            assertEquals(
                Map.of(),
                gauge("gofarm_coordinator_running_match_" + gone),
                "no " + gone + " once no match runs");
          }
          return null;
        });
  }

  /** Gauge {@code name} has one series, without labels, of {@code value}. */
  private void assertGauge(double value, String name) {
    Map<String, Double> g = gauge(name);
    assertEquals(Set.of("{}"), g.keySet(), name);
    assertEquals(value, g.get("{}"), 1e-12, name);
  }

  /**
   * Regression: a tuning's confirmation once printed 1,798 games per minute where 225 to 730 were
   * played, since it reported the job's rate (every unit of the run over the whole run). Here the
   * iterations play 8 games in 2 s and the confirmation 6 games in 30 s: 12 games per minute, not
   * the job's 14 games in 32 s (26.25 per minute).
   */
  @Test
  void aTuningsConfirmationReportsItsOwnGamesPerMinute() {
    ManualClock clock = new ManualClock(1_000_000);
    manager = spawnManager(Duration.ofMinutes(1), 0, JobLimits.defaults(), clock);
    gofarm.proto.v1.TuneMatch games =
        gofarm.proto.v1.TuneMatch.newBuilder()
            .setSize(5)
            .setPlayouts(16)
            .setOpenings(gofarm.proto.v1.Openings.newBuilder().setRandomMoves(2))
            .build();
    JobSpec spec =
        JobSpec.newBuilder()
            .setSeed(5)
            .setTune(
                gofarm.proto.v1.TuneSpec.newBuilder()
                    .setPolicy(gofarm.proto.v1.PolicySpec.newBuilder().setName("heavy"))
                    .addParameters(
                        gofarm.proto.v1.TuneParameter.newBuilder()
                            .setPath("rules[0].rate")
                            .setMin(0)
                            .setMax(1)
                            .setCEnd(0.1)
                            .setREnd(0.002))
                    .setObjective(gofarm.proto.v1.TuneObjective.newBuilder().setMatch(games))
                    .setIterations(2)
                    .setBatchPairs(2)
                    .setConfirm(gofarm.proto.v1.TuneConfirm.newBuilder().setPairs(3)))
            .build();
    submit(JobPlan.of("t", Instant.now(), spec));
    TestProbe<WorkerSession.Command> w = worker("w1", 10);
    for (int iteration = 1; iteration <= 2; iteration++) {
      List<WorkerSession.Work> work = assignedAmongAcks(w, 2);
      clock.advance(Duration.ofSeconds(1));
      for (WorkerSession.Work x : work) {
        deliver(x.key(), play(x), "w1", w);
      }
    }
    List<WorkerSession.Work> confirmation = assignedAmongAcks(w, 3);
    clock.advance(Duration.ofSeconds(30));
    for (WorkerSession.Work x : confirmation) {
      deliver(x.key(), play(x), "w1", w);
    }
    w.awaitAssert(
        WAIT,
        () -> {
          assertEquals("SUCCEEDED", finishedStatus("t").getState().name());
          return null;
        });
    gofarm.proto.v1.JobStatus status = finishedStatus("t");
    assertEquals(14, status.getPlayoutsDone(), "8 games of the iterations, 6 of the confirmation");
    assertEquals(6, status.getTune().getConfirm().getGames());
    assertEquals(
        6 / 30.0 * 60, status.getTune().getConfirm().getGamesPerMinute(), 1e-9, "its own rate");
  }

  @Test
  void chunksThatNeedAnEngineGoOnlyToWorkersThatRunIt() {
    JobReport first = submit(matchPlan("g", 2, "gnugo"));
    assertEquals(
        "waiting for a worker that runs gnugo (start one with gofarm worker --engine gnugo)",
        first.message());
    TestProbe<WorkerSession.Command> plain = worker("plain", 4);
    plain.expectNoMessage(Duration.ofMillis(300));
    TestProbe<WorkerSession.Command> go = worker("go", 4, Set.of("gnugo"));
    List<WorkerSession.Work> work = assigned(go, 2);
    assertEquals(List.of(0, 1), work.stream().map(x -> x.key().chunk()).toList());
    assertEquals(
        "gnugo", work.get(0).assignment().getGamePair().getBaseline().getEngine().getCommand(0));
    plain.expectNoMessage(Duration.ofMillis(100));
  }

  @Test
  void aChunkThatFailsOnThreeWorkersFailsTheJobWithTheirMessage() {
    submit(matchPlan("f", 2, "gnugo"));
    for (int i = 1; i <= 3; i++) {
      // Each worker is leased the failed chunk in turn (it goes back to the front of the queue).
      TestProbe<WorkerSession.Command> go = worker("go" + i, 1, Set.of("gnugo"));
      WorkerSession.Work x = assigned(go, 1).get(0);
      assertEquals(0, x.key().chunk());
      leases
          .get(x.key())
          .job()
          .tell(new Job.ChunkReturned(x.key(), "go" + i, "gnugo exited with status 1"));
    }
    testKit
        .createTestProbe()
        .awaitAssert(
            WAIT,
            () -> {
              JobStatus s = finishedStatus("f");
              assertEquals("FAILED", s.getState().name());
              assertEquals(
                  "chunk 0 failed 3 times; last on worker go3: gnugo exited with status 1",
                  s.getMessage());
              return null;
            });
  }

  @Test
  void aWorkerThatDidNotHoldAChunkCannotFailIt() {
    submit(matchPlan("f", 2, "gnugo"));
    TestProbe<WorkerSession.Command> go = worker("go", 1, Set.of("gnugo"));
    WorkerSession.Work x = assigned(go, 1).get(0);
    for (int i = 0; i < 3; i++) {
      leases.get(x.key()).job().tell(new Job.ChunkReturned(x.key(), "liar", "made up"));
    }
    awaitRefused("not_leased", 3);
    assertNull(lookup("f").finished());
  }

  @Test
  void aWorkerEarnsItsCreditByAnsweringChunks() throws InterruptedException {
    submit(plan("a", 0, 100));
    // It claims room for a thousand chunks: it gets a few until it answers some.
    Stream w = session("hoarder", 1000);
    List<ChunkAssignment> first = new ArrayList<>();
    for (int i = 0; i < WorkerPool.FIRST_CREDIT; i++) {
      first.add(w.nextAssignment());
    }
    assertNull(w.assignments.poll(300, TimeUnit.MILLISECONDS), "no more before it answers");
    w.send(run(first.get(0)));
    w.send(run(first.get(1)));
    // Two answered: two places free, and two more earned for each.
    for (int i = 0; i < 6; i++) {
      w.nextAssignment();
    }
    assertNull(w.assignments.poll(300, TimeUnit.MILLISECONDS));
  }

  // ------------------------------------------------------------------ spot checks

  /** A worker that sends the statistics of another seed: well-formed, plausible, wrong. */
  private static ChunkResult lie(ChunkAssignment a) {
    ChunkResult wrong = run(a.toBuilder().setSeed(a.getSeed() + 1).build());
    return wrong.toBuilder().setId(a.getId()).build();
  }

  /**
   * Runs job {@code id} with these workers until it finishes: each answers its assignments as its
   * function says. Returns the job's final status.
   */
  private JobStatus drive(String id, Map<Stream, Function<ChunkAssignment, ChunkResult>> workers)
      throws InterruptedException {
    long end = System.nanoTime() + 3 * WAIT.toNanos();
    while (System.nanoTime() < end) {
      JobResults done = finishedResults(id);
      if (done != null) {
        return done.getStatus();
      }
      for (Map.Entry<Stream, Function<ChunkAssignment, ChunkResult>> w : workers.entrySet()) {
        ChunkAssignment a = w.getKey().assignments.poll(10, TimeUnit.MILLISECONDS);
        if (a != null) {
          w.getKey().send(w.getValue().apply(a));
        }
      }
    }
    throw new AssertionError("job " + id + " did not finish");
  }

  /** The pairs of job {@code id} run by one honest worker without checks: the reference. */
  private List<gofarm.proto.v1.PairSummary> reference(String id, int chunks)
      throws InterruptedException {
    submit(plan(id, 0, chunks));
    JobStatus s = drive(id, Map.of(session("ref-" + id, 2), JobActorsTest::run));
    assertEquals("SUCCEEDED", s.getState().name());
    return s.getPairsList();
  }

  @Test
  void honestWorkersPassTheirSpotChecksAndTheResultsAreTheSame() throws InterruptedException {
    List<gofarm.proto.v1.PairSummary> expected = reference("r", 8);
    startActors(Duration.ofMinutes(1), 0.5);
    submit(plan("a", 0, 8));
    Map<Stream, Function<ChunkAssignment, ChunkResult>> workers = new java.util.HashMap<>();
    workers.put(session("h1", 2), JobActorsTest::run);
    workers.put(session("h2", 2), JobActorsTest::run);
    JobStatus s = drive("a", workers);
    assertEquals("SUCCEEDED", s.getState().name());
    assertEquals(expected, s.getPairsList());
    assertEquals(400, s.getPlayoutsDone());
    assertTrue(counter("gofarm_coordinator_spot_check_runs", "outcome", "agreed") >= 2);
    assertEquals(0, counter("gofarm_coordinator_spot_check_runs", "outcome", "differed"));
    assertEquals(0, counter("gofarm_coordinator_workers_quarantined"));
  }

  @Test
  void aLyingWorkerIsQuarantinedAndCountsNothing() throws InterruptedException {
    List<gofarm.proto.v1.PairSummary> expected = reference("r", 8);
    startActors(Duration.ofMinutes(1), 0.05);
    submit(plan("a", 0, 8));
    Stream liar = session("liar", 2);
    Map<Stream, Function<ChunkAssignment, ChunkResult>> workers = new java.util.HashMap<>();
    workers.put(session("h1", 2), JobActorsTest::run);
    workers.put(session("h2", 2), JobActorsTest::run);
    workers.put(liar, JobActorsTest::lie);
    JobStatus s = drive("a", workers);
    assertEquals("SUCCEEDED", s.getState().name());
    assertEquals(expected, s.getPairsList(), "the lies were never counted");
    assertEquals(WorkerSession.Refusal.QUARANTINED, liar.nextRefusal());
    assertEquals(1, counter("gofarm_coordinator_workers_quarantined"));
    assertTrue(counter("gofarm_coordinator_spot_check_runs", "outcome", "differed") >= 1);
    assertTrue(s.getMessage().contains("worker liar quarantined"), s.getMessage());
    // It cannot come back, under its id or by taking another's.
    assertEquals(WorkerSession.Refusal.QUARANTINED, session("liar", 2).nextRefusal());
  }

  private JobManager.Admission admission(JobPlan plan) {
    TestProbe<JobManager.Admission> reply = testKit.createTestProbe();
    manager.tell(new JobManager.Submit(plan, reply.ref()));
    return reply.receiveMessage(WAIT);
  }

  private List<JobStatus> list(int limit) {
    TestProbe<List<JobStatus>> reply = testKit.createTestProbe();
    manager.tell(new JobManager.ListJobs(limit, reply.ref()));
    return reply.receiveMessage(WAIT);
  }

  @Test
  void aTakenIdIsRefusedAndTheManagerServesOn() {
    submit(plan("same", 0, 2));
    JobManager.Admission again = admission(plan("same", 0, 2));
    assertEquals(
        new JobManager.Refused(JobManager.Refusal.ID_TAKEN, "job id same is taken"), again);
    // The manager still serves: a new job is accepted, runs and is listed, newest first.
    assertEquals(JobState.QUEUED, submit(plan("next", 0, 1)).state());
    TestProbe<WorkerSession.Command> w = worker("w1", 4);
    for (WorkerSession.Work x : assigned(w, 3)) {
      complete(x, "w1", w);
    }
    w.awaitAssert(
        WAIT,
        () -> {
          assertEquals("SUCCEEDED", finishedStatus("next").getState().name());
          assertEquals("SUCCEEDED", finishedStatus("same").getState().name());
          return null;
        });
    // A finished job's id is taken too.
    assertTrue(admission(plan("next", 0, 1)) instanceof JobManager.Refused);
  }

  @Test
  void aJobWhoseActorFailsIsMarkedFailedAndTheManagerServesOn() {
    submit(plan("bad", 0, 2));
    TestProbe<WorkerSession.Command> w = worker("w1", 3);
    List<WorkerSession.Work> work = assigned(w, 2);
    // A result whose counting throws, as a bug in a kind's tally would: the job's actor fails.
    ChunkStats throwing =
        new ChunkStats() {
          @Override
          public long playouts() {
            return 50;
          }

          @Override
          public long moves() {
            return 0;
          }

          @Override
          public void addTo(PlayoutStats aggregate) {
            throw new IllegalStateException("tally bug");
          }
        };
    leases
        .get(work.get(0).key())
        .job()
        .tell(
            new Job.ChunkCompleted<>(
                work.get(0).key(), throwing, ChunkResult.getDefaultInstance(), "w1", 0.1, w.ref()));
    w.awaitAssert(
        WAIT,
        () -> {
          JobStatus s = finishedStatus("bad");
          assertEquals("FAILED", s.getState().name());
          assertEquals(
              "the job's actor failed: java.lang.IllegalStateException: tally bug; see the"
                  + " coordinator log",
              s.getMessage());
          return null;
        });
    assertEquals(
        Map.of(
            "{state=failed}", 1.0,
            "{state=queued}", 0.0,
            "{state=running}", 0.0,
            "{state=succeeded}", 0.0,
            "{state=cancelled}", 0.0),
        gauge("gofarm_coordinator_jobs"));
    // The pool forgot the job, and the manager serves on: the next job runs on the same worker.
    submit(plan("good", 0, 1));
    WorkerSession.Work x = assigned(w, 1).get(0);
    assertEquals("good", x.key().jobId());
    complete(x, "w1", w);
    w.awaitAssert(
        WAIT,
        () -> {
          assertEquals("SUCCEEDED", finishedStatus("good").getState().name());
          return null;
        });
    assertEquals(List.of("good", "bad"), list(10).stream().map(JobStatus::getJobId).toList());
  }

  @Test
  void specsOverTheLimitsAreRefusedWithTheNumbers() {
    manager = spawnManager(Duration.ofMinutes(1), 0, new JobLimits(10, 2, 64 * JobLimits.MIB));
    JobManager.Admission big = admission(plan("big", 0, 11));
    assertEquals(
        new JobManager.Refused(
            JobManager.Refusal.LIMIT,
            "the spec has 11 chunks; this coordinator takes at most 10 per job"
                + " (--max-job-chunks): raise chunkPlayouts (or leave it out for about 1.5 s of"
                + " playouts per chunk), or lower playouts, positions or policies"),
        big);
    submit(plan("a", 0, 10));
    submit(plan("b", 0, 10));
    JobManager.Admission third = admission(plan("c", 0, 1));
    assertEquals(
        new JobManager.Refused(
            JobManager.Refusal.LIMIT,
            "2 jobs are queued or running; this coordinator takes at most 2 (--max-queued-jobs):"
                + " submit again once some have finished, or cancel some (gofarm jobs lists"
                + " them)"),
        third);
    TestProbe<JobReport> cancelled = testKit.createTestProbe();
    lookup("a").running().tell(new Job.Cancel(cancelled.ref()));
    cancelled.receiveMessage(WAIT);
    cancelled.awaitAssert(
        WAIT,
        () -> {
          assertTrue(admission(plan("c" + System.nanoTime(), 0, 1)) instanceof JobManager.Accepted);
          return null;
        });
  }

  /** Encodes just enough for the manager: id, state, playouts and the kind's headlines. */
  private static final class TestEncoder implements JobEncoder {
    static JobStatus encode(JobReport report) {
      JobStatus.Builder b =
          JobStatus.newBuilder()
              .setJobId(report.jobId())
              .setState(gofarm.proto.v1.JobState.valueOf(report.state().name()))
              .setPlayoutsDone(report.playoutsDone())
              .setMessage(report.message());
      report.kind().status(b);
      return b.build();
    }

    @Override
    public JobStatus status(JobReport report) {
      return encode(report);
    }

    @Override
    public JobResults results(JobPlan plan, JobReport report) {
      return JobResults.newBuilder().setStatus(status(report)).build();
    }

    @Override
    public ByteString resultsBytes(JobPlan plan, JobReport report) {
      return results(plan, report).toByteString();
    }
  }
}
