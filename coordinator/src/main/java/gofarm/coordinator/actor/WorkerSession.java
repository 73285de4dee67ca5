package gofarm.coordinator.actor;

import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.codec.KindCodec;
import gofarm.coordinator.metrics.CoordinatorMetrics;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.HubMessages;
import gofarm.proto.v1.ResultAck;
import gofarm.proto.v1.Welcome;
import gofarm.proto.v1.WorkerMessage;
import gofarm.wire.ChunkKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;

/**
 * One connected worker's stream: sends it chunk assignments and acknowledgements, and passes its
 * results, returned chunks and heartbeats on. It is the only writer of the stream, so writes never
 * race. A worker silent for longer than the lease is taken for gone: the stream is closed and its
 * chunks re-queued.
 *
 * <p>Results are decoded here, at the edge, by the job's {@link KindCodec}, and go straight to the
 * {@link Job} whose lease brought the chunk (the assignment carries the job's ref and plan); a
 * malformed result is acknowledged, never counted, and quarantines the worker. The session welcomes
 * its worker only once the pool has taken its id (see {@link WorkerPool.WorkerJoined}), and ends
 * the stream for good when the pool refuses the id or quarantines the worker. A result or a
 * returned chunk of a job this stream never leased from (resent after a reconnection or a
 * coordinator restart) waits while the {@link JobManager} is asked where that job runs; one of a
 * job that has ended is acknowledged as not needed. The session watches the jobs it sends to: a
 * result sent to a job that stopped before answering is acknowledged here, so the worker never
 * holds it forever.
 *
 * <p>Batches: to a worker whose Hello says it reads them, acknowledgements wait up to {@link
 * #ACK_DELAY} and go out with the next assignments, all in one {@code HubMessage.batch}, since each
 * message costs gRPC a write and a flush whatever its size; a batch of results from the worker
 * returns its credit to the pool at once, so the pool leases and the job assigns the freed chunks
 * in one go as well. Other workers get one message at a time.
 */
public final class WorkerSession extends AbstractBehavior<WorkerSession.Command> {

  /** Messages a session understands. */
  public sealed interface Command
      permits Received,
          StreamClosed,
          Assign,
          Acked,
          Replaced,
          CheckSilence,
          JobLookedUp,
          JobStopped,
          Joined,
          Refused,
          FlushAcks {}

  /** A message from the worker (sent by the gRPC thread that read it). */
  public record Received(WorkerMessage message) implements Command {}

  /** The worker's side of the stream ended or failed. */
  public record StreamClosed(String reason) implements Command {}

  /**
   * Chunks leased to this worker by {@code job}, whose {@code plan} decodes their results: the
   * session sends them straight to {@code job}.
   */
  public record Assign(ActorRef<Job.Command> job, JobPlan plan, List<Work> work)
      implements Command {}

  /** One leased chunk: its key and what the worker receives. */
  public record Work(ChunkKey key, ChunkAssignment assignment) {}

  /** The result of chunk {@code key} is handled: tell the worker it may forget it. */
  public record Acked(ChunkKey key) implements Command {}

  /** A newer connection of the same worker took over. */
  public enum Replaced implements Command {
    INSTANCE
  }

  /** The pool took the worker: welcome it, with the secret that lets it take its id back. */
  public record Joined(String resumeToken) implements Command {}

  /** The pool refused the worker, or quarantined it: end the stream saying why. */
  public record Refused(Refusal refusal, String reason) implements Command {}

  /** Why a stream is ended for good. */
  public enum Refusal {
    /** Another stream holds the worker id (ALREADY_EXISTS). */
    ID_TAKEN,
    /** A spot check found the worker's results wrong (PERMISSION_DENIED). */
    QUARANTINED
  }

  /** Timer: has the worker been silent too long? */
  private enum CheckSilence implements Command {
    INSTANCE
  }

  /** The manager's answer about a job this stream has no lease of (null if the ask failed). */
  private record JobLookedUp(String jobId, JobManager.Found found) implements Command {}

  /** Timer: send the acknowledgements no assignment took along. */
  private enum FlushAcks implements Command {
    INSTANCE
  }

  /**
   * How long an acknowledgement may wait for assignments to travel with: the worker only frees
   * memory with it (credit returns with the result), so a few milliseconds cost nothing.
   */
  static final Duration ACK_DELAY = Duration.ofMillis(10);

  /**
   * The most bytes of messages in one batch, far below a worker's 4 MiB message limit; a larger
   * message goes alone.
   */
  static final int MAX_BATCH_BYTES = 256 * 1024;

  /** The most messages in one batch. */
  static final int MAX_BATCH_MESSAGES = 1024;

  /** A job this session routes to has stopped. */
  private record JobStopped(ActorRef<Job.Command> job) implements Command {}

  /** Where a job's results go and how they are decoded. */
  private record Route(ActorRef<Job.Command> job, JobPlan plan) {}

  /** How long to wait for the manager to say where a job runs. */
  private static final Duration LOOKUP_TIMEOUT = Duration.ofSeconds(30);

  /** The stream to the worker, so that tests can stand in for gRPC. */
  public interface Link {
    void send(HubMessage message);

    /** Ends the stream with UNAVAILABLE and {@code reason}: the worker may dial again. */
    void close(String reason);

    /** Ends the stream for good: the worker must not dial again as it is. */
    void refuse(Refusal refusal, String reason);
  }

  private final String workerId;
  private final Link link;
  private final ActorRef<WorkerPool.Command> pool;
  private final ActorRef<JobManager.Command> manager;
  private final CoordinatorMetrics metrics;
  private final Duration silenceLimit;
  private final Welcome welcome;
  private final TimerScheduler<Command> timers;

  /** Whether the worker reads {@code HubMessage.batch} (its Hello said so). */
  private final boolean batches;

  /** Messages waiting to go out in one batch (a batching worker's), and their bytes. */
  private final List<HubMessage> batch = new ArrayList<>();

  private int batchBytes;

  /** Credit freed by the message being handled, returned to the pool in one go. */
  private int creditFreed;

  /** Chunks sent on this stream and not yet returned or answered: the worker's used credit. */
  private final Set<ChunkKey> sent = new HashSet<>();

  /** The running jobs this session knows, by id. */
  private final Map<String, Route> routes = new HashMap<>();

  /** Results and returned chunks of jobs the manager is being asked about, by job id. */
  private final Map<String, List<WorkerMessage>> awaitingLookup = new HashMap<>();

  /** Results sent to a job and not yet acknowledged by it. */
  private final Map<ChunkKey, ActorRef<Job.Command>> unacked = new HashMap<>();

  private long lastHeard = System.nanoTime();
  private boolean closed;

  private WorkerSession(
      ActorContext<Command> context,
      TimerScheduler<Command> timers,
      String workerId,
      Link link,
      boolean batches,
      ActorRef<WorkerPool.Command> pool,
      ActorRef<JobManager.Command> manager,
      CoordinatorMetrics metrics,
      Duration silenceLimit,
      Welcome welcome) {
    super(context);
    context.setLoggerName(WorkerSession.class);
    this.workerId = workerId;
    this.timers = timers;
    this.batches = batches;
    this.welcome = welcome;
    this.link = link;
    this.pool = pool;
    this.manager = manager;
    this.metrics = metrics;
    this.silenceLimit = silenceLimit;
    timers.startTimerAtFixedRate(CheckSilence.INSTANCE, silenceLimit.dividedBy(4));
  }

  /**
   * A session for a worker that has said hello: it asks the pool to take the worker (with the
   * worker's threads, credit and {@code resumeToken}) and answers with {@code welcome} once the
   * pool has, or ends the stream if the pool refuses the worker's id. {@code batches}: the worker
   * reads {@code HubMessage.batch}.
   */
  public static Behavior<Command> create(
      String workerId,
      int threads,
      int credit,
      java.util.Set<String> engines,
      String resumeToken,
      String voter,
      WorkerPool.About about,
      Link link,
      boolean batches,
      Welcome welcome,
      ActorRef<WorkerPool.Command> pool,
      ActorRef<JobManager.Command> manager,
      CoordinatorMetrics metrics,
      Duration silenceLimit) {
    return Behaviors.setup(
        context -> {
          pool.tell(
              new WorkerPool.WorkerJoined(
                  workerId,
                  threads,
                  credit,
                  engines,
                  resumeToken,
                  voter,
                  about,
                  context.getSelf()));
          return Behaviors.withTimers(
              timers ->
                  new WorkerSession(
                      context,
                      timers,
                      workerId,
                      link,
                      batches,
                      pool,
                      manager,
                      metrics,
                      silenceLimit,
                      welcome));
        });
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Received.class, this::onReceived)
        .onMessage(StreamClosed.class, this::onStreamClosed)
        .onMessage(Assign.class, this::onAssign)
        .onMessage(Acked.class, this::onAcked)
        .onMessageEquals(Replaced.INSTANCE, this::onReplaced)
        .onMessageEquals(CheckSilence.INSTANCE, this::onCheckSilence)
        .onMessage(JobLookedUp.class, this::onJobLookedUp)
        .onMessage(JobStopped.class, this::onJobStopped)
        .onMessage(Joined.class, this::onJoined)
        .onMessage(Refused.class, this::onRefused)
        .onMessageEquals(FlushAcks.INSTANCE, this::onFlushAcks)
        .onSignal(PostStop.class, signal -> onStop())
        .build();
  }

  private Behavior<Command> onReceived(Received received) {
    lastHeard = System.nanoTime();
    WorkerMessage m = received.message();
    if (m.hasBatch()) {
      int ignored = 0;
      for (WorkerMessage inner : m.getBatch().getMessagesList()) {
        if (inner.hasBatch() || inner.hasHello()) {
          ignored++; // nothing a worker means: one line for all, however many it sent
        } else {
          handle(inner);
        }
      }
      if (ignored > 0) {
        getContext()
            .getLog()
            .warn("worker {} put {} hellos or batches in a batch; ignored", workerId, ignored);
      }
    } else {
      handle(m);
    }
    if (creditFreed > 0) {
      pool.tell(new WorkerPool.CreditReturned(workerId, getContext().getSelf(), creditFreed));
      creditFreed = 0;
    }
    return this;
  }

  /** One message of the worker's, alone or from a batch; the credit it frees is counted. */
  private void handle(WorkerMessage m) {
    switch (m.getKindCase()) {
      case RESULT -> {
        ChunkKey key = ChunkKey.fromProto(m.getResult().getId());
        returnCredit(key);
        route(key, m);
      }
      case RETURNED -> {
        ChunkKey key = ChunkKey.fromProto(m.getReturned().getId());
        route(key, m);
        returnCredit(key);
      }
      case DRAINING -> pool.tell(new WorkerPool.WorkerDraining(workerId));
      case HEARTBEAT, KIND_NOT_SET -> {
        // a heartbeat only proves the worker is alive
      }
      case HELLO -> getContext().getLog().warn("worker {} said hello twice; ignored", workerId);
      case BATCH -> throw new IllegalStateException("a batch is handled by onReceived");
    }
  }

  /**
   * Passes a result or a returned chunk to its job, or holds it while the manager is asked where
   * the job runs.
   */
  private void route(ChunkKey key, WorkerMessage m) {
    Route route = routes.get(key.jobId());
    if (route != null) {
      deliver(route, key, m);
      return;
    }
    List<WorkerMessage> waiting = awaitingLookup.get(key.jobId());
    if (waiting == null) {
      waiting = new ArrayList<>();
      awaitingLookup.put(key.jobId(), waiting);
      String jobId = key.jobId();
      getContext()
          .ask(
              JobManager.Found.class,
              manager,
              LOOKUP_TIMEOUT,
              replyTo -> new JobManager.Lookup(jobId, replyTo),
              (found, error) -> new JobLookedUp(jobId, found));
    }
    waiting.add(m);
  }

  private void deliver(Route route, ChunkKey key, WorkerMessage m) {
    if (m.hasResult()) {
      deliverResult(route.job(), route.plan().codec(), key, m.getResult());
    } else {
      route.job().tell(new Job.ChunkReturned(key, workerId, m.getReturned().getFailure()));
    }
  }

  /**
   * Decodes a result with its job's codec and sends it to the job; a malformed one goes no further.
   */
  private <R> void deliverResult(
      ActorRef<Job.Command> job, KindCodec<R, ?> codec, ChunkKey key, ChunkResult result) {
    R decoded;
    try {
      decoded = codec.decode(key, result);
    } catch (IllegalArgumentException e) {
      // Counts no honest worker of this protocol can produce: the worker is quarantined (the pool
      // ends this stream) and the chunk goes back to the queue at once.
      getContext().getLog().warn("refused a result from worker {}: {}", workerId, e.getMessage());
      metrics.resultRefused("invalid");
      acknowledge(key);
      job.tell(new Job.ChunkReturned(key, workerId, ""));
      pool.tell(
          new WorkerPool.Quarantine(workerId, "it sent impossible counts: " + e.getMessage()));
      return;
    }
    unacked.put(key, job);
    job.tell(
        new Job.ChunkCompleted<>(
            key, decoded, result, workerId, result.getSeconds(), getContext().getSelf()));
  }

  private Behavior<Command> onJobLookedUp(JobLookedUp looked) {
    List<WorkerMessage> waiting = awaitingLookup.remove(looked.jobId());
    JobManager.Found found = looked.found();
    if (found == null) {
      getContext()
          .getLog()
          .warn("worker {}: could not find job {} in time", workerId, looked.jobId());
    }
    if (found != null && found.running() != null) {
      Route route = addRoute(looked.jobId(), found.running(), found.plan());
      for (WorkerMessage m : waiting) {
        deliver(route, keyOf(m), m);
      }
      return this;
    }
    // A result for a finished, cancelled or unknown job: nothing to count, nothing to keep.
    for (WorkerMessage m : waiting) {
      if (m.hasResult()) {
        metrics.chunkNotNeeded();
        acknowledge(keyOf(m));
      }
    }
    return this;
  }

  private static ChunkKey keyOf(WorkerMessage m) {
    return ChunkKey.fromProto(m.hasResult() ? m.getResult().getId() : m.getReturned().getId());
  }

  private Route addRoute(String jobId, ActorRef<Job.Command> job, JobPlan plan) {
    Route route = routes.get(jobId);
    if (route == null) {
      route = new Route(job, plan);
      routes.put(jobId, route);
      getContext().watchWith(job, new JobStopped(job));
    }
    return route;
  }

  /**
   * A job has stopped: it is no longer routed to, and results it was sent but never answered are
   * acknowledged here as not needed.
   */
  private Behavior<Command> onJobStopped(JobStopped stopped) {
    routes.values().removeIf(r -> r.job().equals(stopped.job()));
    for (Iterator<Map.Entry<ChunkKey, ActorRef<Job.Command>>> it = unacked.entrySet().iterator();
        it.hasNext(); ) {
      Map.Entry<ChunkKey, ActorRef<Job.Command>> e = it.next();
      if (e.getValue().equals(stopped.job())) {
        it.remove();
        metrics.chunkNotNeeded();
        acknowledge(e.getKey());
      }
    }
    return this;
  }

  /**
   * Frees a unit of the worker's credit for a chunk sent on this stream; results for chunks of an
   * earlier stream (resent after a reconnection) held no credit here.
   */
  private void returnCredit(ChunkKey key) {
    if (sent.remove(key)) {
      creditFreed++;
    }
  }

  private Behavior<Command> onStreamClosed(StreamClosed closedBy) {
    getContext().getLog().info("worker {} stream closed: {}", workerId, closedBy.reason());
    closed = true;
    return Behaviors.stopped();
  }

  private Behavior<Command> onAssign(Assign assign) {
    addRoute(assign.plan().jobId(), assign.job(), assign.plan());
    for (Work w : assign.work()) {
      sent.add(w.key());
      queue(HubMessage.newBuilder().setAssignment(w.assignment()).build());
    }
    flush();
    pool.tell(new WorkerPool.Assigned(workerId, getContext().getSelf(), assign.work().size()));
    return this;
  }

  private Behavior<Command> onAcked(Acked acked) {
    unacked.remove(acked.key());
    acknowledge(acked.key());
    return this;
  }

  /**
   * Tells the worker it may forget the result of {@code key}: now, or to a batching worker with the
   * next assignments and within {@link #ACK_DELAY}.
   */
  private void acknowledge(ChunkKey key) {
    if (batches && batch.isEmpty()) {
      timers.startSingleTimer(FlushAcks.INSTANCE, ACK_DELAY);
    }
    queue(ack(key));
  }

  private Behavior<Command> onFlushAcks() {
    flush();
    return this;
  }

  private Behavior<Command> onJoined(Joined joined) {
    send(
        HubMessage.newBuilder()
            .setWelcome(welcome.toBuilder().setResumeToken(joined.resumeToken()))
            .build());
    return this;
  }

  private Behavior<Command> onRefused(Refused refused) {
    getContext().getLog().warn("worker {}: {}", workerId, refused.reason());
    if (!closed) {
      closed = true;
      link.refuse(refused.refusal(), refused.reason());
    }
    return Behaviors.stopped();
  }

  private Behavior<Command> onReplaced() {
    close("replaced by a newer connection of worker " + workerId);
    return Behaviors.stopped();
  }

  private Behavior<Command> onCheckSilence() {
    if (System.nanoTime() - lastHeard > silenceLimit.toNanos()) {
      getContext()
          .getLog()
          .warn("worker {} silent for over {}; closing its stream", workerId, silenceLimit);
      close("no message for " + silenceLimit.toSeconds() + " s");
      return Behaviors.stopped();
    }
    return this;
  }

  private Behavior<Command> onStop() {
    flush();
    close("coordinator stopping");
    pool.tell(new WorkerPool.WorkerLeft(workerId, getContext().getSelf()));
    return this;
  }

  /**
   * Sends {@code message} now to a worker that takes no batches; else adds it to the batch, which
   * goes out first if the message would make it too large.
   */
  private void queue(HubMessage message) {
    if (!batches) {
      send(message);
      return;
    }
    int size = message.getSerializedSize();
    if (batchBytes + size > MAX_BATCH_BYTES || batch.size() == MAX_BATCH_MESSAGES) {
      flush();
    }
    batch.add(message);
    batchBytes += size;
  }

  /** Sends the batch: one message alone, several as a {@code HubMessage.batch}. */
  private void flush() {
    if (batch.isEmpty()) {
      return;
    }
    send(
        batch.size() == 1
            ? batch.get(0)
            : HubMessage.newBuilder()
                .setBatch(HubMessages.newBuilder().addAllMessages(batch))
                .build());
    batch.clear();
    batchBytes = 0;
  }

  private void send(HubMessage message) {
    if (!closed) {
      try {
        link.send(message);
      } catch (RuntimeException e) {
        // The stream is gone; StreamClosed follows.
        getContext().getLog().debug("send to worker {} failed: {}", workerId, e.toString());
      }
    }
  }

  private void close(String reason) {
    if (!closed) {
      closed = true;
      link.close(reason);
    }
  }

  private static HubMessage ack(ChunkKey key) {
    return HubMessage.newBuilder().setAck(ResultAck.newBuilder().setId(key.toProto())).build();
  }
}
