package gofarm.coordinator.actor;

import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.ResultAck;
import gofarm.proto.v1.Welcome;
import gofarm.proto.v1.WorkerMessage;
import gofarm.wire.ChunkKey;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
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
 */
public final class WorkerSession extends AbstractBehavior<WorkerSession.Command> {

  /** Messages a session understands. */
  public sealed interface Command
      permits Received, StreamClosed, Assign, Acked, Replaced, CheckSilence {}

  /** A message from the worker (sent by the gRPC thread that read it). */
  public record Received(WorkerMessage message) implements Command {}

  /** The worker's side of the stream ended or failed. */
  public record StreamClosed(String reason) implements Command {}

  /** Chunks leased to this worker by {@code job}. */
  public record Assign(ActorRef<Job.Command> job, List<Work> work) implements Command {}

  /** One leased chunk: its key and what the worker receives. */
  public record Work(ChunkKey key, ChunkAssignment assignment) {}

  /** The result of chunk {@code key} is handled: tell the worker it may forget it. */
  public record Acked(ChunkKey key) implements Command {}

  /** A newer connection of the same worker took over. */
  public enum Replaced implements Command {
    INSTANCE
  }

  /** Timer: has the worker been silent too long? */
  private enum CheckSilence implements Command {
    INSTANCE
  }

  /** The stream to the worker, so that tests can stand in for gRPC. */
  public interface Link {
    void send(HubMessage message);

    /** Ends the stream with UNAVAILABLE and {@code reason}. */
    void close(String reason);
  }

  private final String workerId;
  private final Link link;
  private final ActorRef<WorkerPool.Command> pool;
  private final ActorRef<JobManager.Command> manager;
  private final Duration silenceLimit;

  /** Chunks sent on this stream and not yet returned or answered: the worker's used credit. */
  private final Set<ChunkKey> sent = new HashSet<>();

  private long lastHeard = System.nanoTime();
  private boolean closed;

  private WorkerSession(
      ActorContext<Command> context,
      TimerScheduler<Command> timers,
      String workerId,
      Link link,
      ActorRef<WorkerPool.Command> pool,
      ActorRef<JobManager.Command> manager,
      Duration silenceLimit) {
    super(context);
    this.workerId = workerId;
    this.link = link;
    this.pool = pool;
    this.manager = manager;
    this.silenceLimit = silenceLimit;
    timers.startTimerAtFixedRate(CheckSilence.INSTANCE, silenceLimit.dividedBy(4));
  }

  /**
   * A session for a worker that has said hello: it answers with {@code welcome} and joins the pool
   * with the worker's threads and credit at once.
   */
  public static Behavior<Command> create(
      String workerId,
      int threads,
      int credit,
      java.util.Set<String> engines,
      Link link,
      Welcome welcome,
      ActorRef<WorkerPool.Command> pool,
      ActorRef<JobManager.Command> manager,
      Duration silenceLimit) {
    return Behaviors.setup(
        context -> {
          link.send(HubMessage.newBuilder().setWelcome(welcome).build());
          pool.tell(
              new WorkerPool.WorkerJoined(workerId, threads, credit, engines, context.getSelf()));
          return Behaviors.withTimers(
              timers ->
                  new WorkerSession(context, timers, workerId, link, pool, manager, silenceLimit));
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
        .onSignal(PostStop.class, signal -> onStop())
        .build();
  }

  private Behavior<Command> onReceived(Received received) {
    lastHeard = System.nanoTime();
    WorkerMessage m = received.message();
    switch (m.getKindCase()) {
      case RESULT -> onResult(m.getResult());
      case RETURNED -> {
        ChunkKey key = ChunkKey.fromProto(m.getReturned().getId());
        manager.tell(new JobManager.RouteReturned(key, workerId, m.getReturned().getFailure()));
        returnCredit(key);
      }
      case DRAINING -> pool.tell(new WorkerPool.WorkerDraining(workerId));
      case HEARTBEAT, KIND_NOT_SET -> {
        // a heartbeat only proves the worker is alive
      }
      case HELLO -> getContext().getLog().warn("worker {} said hello twice; ignored", workerId);
    }
    return this;
  }

  private void onResult(ChunkResult result) {
    returnCredit(ChunkKey.fromProto(result.getId()));
    // Checked by the job, which knows the pair's shape; a bad result is logged and not counted.
    manager.tell(
        new JobManager.RouteResult(
            ChunkKey.fromProto(result.getId()),
            result,
            workerId,
            result.getSeconds(),
            getContext().getSelf()));
  }

  /**
   * Frees a unit of the worker's credit for a chunk sent on this stream; results for chunks of an
   * earlier stream (resent after a reconnection) held no credit here.
   */
  private void returnCredit(ChunkKey key) {
    if (sent.remove(key)) {
      pool.tell(new WorkerPool.CreditReturned(workerId, getContext().getSelf(), 1));
    }
  }

  private Behavior<Command> onStreamClosed(StreamClosed closedBy) {
    getContext().getLog().info("worker {} stream closed: {}", workerId, closedBy.reason());
    closed = true;
    return Behaviors.stopped();
  }

  private Behavior<Command> onAssign(Assign assign) {
    for (Work w : assign.work()) {
      sent.add(w.key());
      send(HubMessage.newBuilder().setAssignment(w.assignment()).build());
    }
    pool.tell(new WorkerPool.Assigned(workerId, getContext().getSelf(), assign.work().size()));
    return this;
  }

  private Behavior<Command> onAcked(Acked acked) {
    send(ack(acked.key()));
    return this;
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
    close("coordinator stopping");
    pool.tell(new WorkerPool.WorkerLeft(workerId, getContext().getSelf()));
    return this;
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
