package gofarm.worker;

import static gofarm.worker.WorkerLog.LOG;

import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.ChunkReturned;
import gofarm.proto.v1.Draining;
import gofarm.proto.v1.Heartbeat;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.Welcome;
import gofarm.proto.v1.WorkerHubGrpc;
import gofarm.proto.v1.WorkerMessage;
import gofarm.proto.v1.WorkerMessages;
import gofarm.wire.ChunkKey;
import gofarm.wire.WorkerProtocol;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;

/**
 * The worker's stream to the hub, one dial after another. Each stream starts with a {@code Hello};
 * after the hub's {@code Welcome} the worker sends again every result not yet acknowledged, then a
 * {@code Heartbeat} every {@link WorkerSettings#heartbeat()} (at most a third of the hub's lease,
 * since the hub drops silent workers). Messages are written only to a welcomed stream.
 *
 * <p>When a stream breaks, the chunks not started are forgotten (the hub re-queues a lost stream's
 * leases at once), running chunks go on, and the worker dials again as {@link Reconnects} says. A
 * refusal (FAILED_PRECONDITION for another protocol version, INVALID_ARGUMENT for a bad hello,
 * UNIMPLEMENTED for a server that is no hub), a welcome of another protocol version or giving up is
 * final: {@link Listener#fatal} with a message for the person running the worker.
 *
 * <p>Batches: the Hello says the worker reads {@code HubMessage.batch}; to a hub whose Welcome says
 * it reads {@code WorkerMessage.batch}, results that finish while the control thread is busy (and
 * the results resent after a reconnection) go out together in one message, the next time the
 * control thread is free, since each message costs both ends far more than its bytes.
 *
 * <p>Control thread only ({@link ControlThread}); the gRPC callbacks post to it.
 */
final class HubConnection {
  /** What the hub asks of the worker; called on the control thread. */
  interface Listener {
    void assigned(ChunkAssignment assignment);

    void acknowledged(ChunkKey key);

    /** The hub refused the worker, or no coordinator answered in time: stop for good. */
    void fatal(String message);
  }

  private final WorkerSettings settings;
  private final WorkerMetrics metrics;
  private final ManagedChannel channel;
  private final WorkerHubGrpc.WorkerHubStub hub;
  private final ControlThread control;
  private final ChunkQueue chunks;
  private final Reconnects reconnects;

  private Listener listener; // set when started
  private Stream stream; // the current stream; null between attempts
  private ScheduledFuture<?> heartbeats;
  private boolean draining;

  /**
   * The last Welcome's secret for this worker's id, sent in each later Hello: it lets the hub give
   * the id back to this process (and count the results it resends), and to no one else.
   */
  private String resumeToken = "";

  private boolean closed;

  /** Results waiting for the control thread to send them in one batch, and their bytes. */
  private final List<WorkerMessage> batch = new ArrayList<>();

  private int batchBytes;

  /**
   * The most bytes of results in one batch, far below the hub's 16 MiB message limit; a larger
   * result goes alone.
   */
  static final int MAX_BATCH_BYTES = 1 << 20;

  HubConnection(
      ManagedChannel channel,
      WorkerSettings settings,
      WorkerMetrics metrics,
      ControlThread control,
      ChunkQueue chunks) {
    this.channel = channel;
    this.settings = settings;
    this.metrics = metrics;
    this.hub = WorkerHubGrpc.newStub(channel);
    this.control = control;
    this.chunks = chunks;
    this.reconnects = new Reconnects(channel.authority(), settings);
  }

  /** Dials the hub for the first time; what the hub asks from now on goes to {@code listener}. */
  void start(Listener listener) {
    this.listener = listener;
    reconnects.dialing();
    connect();
  }

  /** Tells the hub to assign nothing more, now and on every stream welcomed from now on. */
  void drain() {
    draining = true;
    send(WorkerMessage.newBuilder().setDraining(Draining.getDefaultInstance()).build());
  }

  /**
   * Sends a result in the form the current stream's hub reads (results are kept dense): to a hub
   * that reads batches, with the other results of this turn of the control thread.
   */
  void sendResult(ChunkResult result) {
    if (stream == null || stream.welcome == null) {
      return;
    }
    WorkerMessage m =
        WorkerMessage.newBuilder().setResult(WorkerProtocol.forHub(result, stream.welcome)).build();
    if (!stream.welcome.getBatches()) {
      send(m);
      return;
    }
    int size = m.getSerializedSize();
    if (batchBytes + size > MAX_BATCH_BYTES) {
      flush();
    }
    if (batch.isEmpty()) {
      control.post(this::flush);
    }
    batch.add(m);
    batchBytes += size;
  }

  /** Sends the waiting results: one alone, several as a batch. */
  private void flush() {
    if (batch.isEmpty()) {
      return;
    }
    WorkerMessage m =
        batch.size() == 1
            ? batch.get(0)
            : WorkerMessage.newBuilder()
                .setBatch(WorkerMessages.newBuilder().addAllMessages(batch))
                .build();
    batch.clear();
    batchBytes = 0;
    write(m);
  }

  /** Hands a chunk back unstarted (draining). */
  void returnChunk(ChunkKey key) {
    send(
        WorkerMessage.newBuilder()
            .setReturned(ChunkReturned.newBuilder().setId(key.toProto()))
            .build());
  }

  /** Hands back a chunk that failed, saying why (the hub fails the job after repeated failures). */
  void returnChunk(ChunkKey key, String failure) {
    send(
        WorkerMessage.newBuilder()
            .setReturned(ChunkReturned.newBuilder().setId(key.toProto()).setFailure(failure))
            .build());
  }

  /**
   * Ends the stream for good: half-closed if {@code clean} (drained), else cancelled, so that the
   * hub re-queues this worker's chunks.
   */
  void close(boolean clean) {
    closed = true;
    cancelHeartbeats();
    if (stream != null) {
      flush();
      if (clean) {
        stream.out.onCompleted();
      } else {
        stream.out.cancel("worker " + settings.id() + " stopping", null);
      }
      stream = null;
    }
    metrics.connected(false);
  }

  private void connect() {
    Stream s = new Stream();
    stream = s;
    hub.connect(s); // calls s.beforeStart, which keeps the request side
    s.out.onNext(
        WorkerMessage.newBuilder()
            .setHello(settings.hello().toBuilder().setResumeToken(resumeToken))
            .build());
  }

  private void onHubMessage(Stream s, HubMessage m) {
    if (s != stream) {
      return; // a late message of a stream given up on
    }
    switch (m.getKindCase()) {
      case WELCOME -> onWelcome(s, m.getWelcome());
      case ASSIGNMENT -> listener.assigned(m.getAssignment());
      case ACK -> listener.acknowledged(ChunkKey.fromProto(m.getAck().getId()));
      case BATCH -> {
        for (HubMessage inner : m.getBatch().getMessagesList()) {
          if (inner.hasAssignment() || inner.hasAck()) {
            onHubMessage(s, inner); // nothing else belongs in a batch
          }
        }
      }
      case KIND_NOT_SET -> {
        // A kind added by a newer hub of the same protocol version: it asks nothing of us.
      }
    }
  }

  private void onWelcome(Stream s, Welcome welcome) {
    String problem = WorkerProtocol.welcomeProblem(welcome);
    if (problem != null) {
      listener.fatal(problem);
      return;
    }
    s.welcomed = true;
    s.welcome = welcome;
    resumeToken = welcome.getResumeToken();
    reconnects.welcomed();
    metrics.connected(true);
    LOG.info(
        "connected to coordinator {} at {} (lease {} s); {} chunks running, {} results to resend",
        welcome.getVersion(),
        channel.authority(),
        welcome.getLeaseSeconds(),
        chunks.runningCount(),
        chunks.unackedCount());
    scheduleHeartbeats(welcome.getLeaseSeconds());
    if (draining) {
      send(WorkerMessage.newBuilder().setDraining(Draining.getDefaultInstance()).build());
    }
    for (ChunkResult r : chunks.unackedResults()) {
      sendResult(r);
    }
  }

  private void onStreamEnded(Stream s, Status status) {
    if (s != stream) {
      return;
    }
    stream = null;
    // Results not sent yet are kept and go again on the next stream.
    batch.clear();
    batchBytes = 0;
    cancelHeartbeats();
    metrics.connected(false);
    // The hub re-queues a lost stream's leases at once, so they are no longer ours to run.
    chunks.forgetQueued();
    String refusal = reconnects.refusal(status);
    if (refusal != null) {
      listener.fatal(refusal);
      return;
    }
    if (draining && chunks.isSettled()) {
      return; // drained: Worker.drain stops the worker
    }
    Reconnects.Next next =
        reconnects.next(status, s.welcomed, chunks.runningCount(), chunks.unackedCount());
    if (next instanceof Reconnects.GiveUp giveUp) {
      listener.fatal(giveUp.message());
    } else if (next instanceof Reconnects.Redial redial) {
      control.schedule(this::reconnect, redial.delay());
    }
  }

  private void reconnect() {
    if (!closed) {
      metrics.reconnect();
      connect();
    }
  }

  private void scheduleHeartbeats(int leaseSeconds) {
    Duration every = settings.heartbeat();
    Duration third = Duration.ofSeconds(leaseSeconds).dividedBy(3);
    if (leaseSeconds > 0 && third.compareTo(every) < 0) {
      every = third;
    }
    cancelHeartbeats();
    heartbeats = control.every(every, this::heartbeat);
  }

  private void heartbeat() {
    send(
        WorkerMessage.newBuilder()
            .setHeartbeat(Heartbeat.newBuilder().setBusyThreads(chunks.runningCount()))
            .build());
  }

  private void cancelHeartbeats() {
    if (heartbeats != null) {
      heartbeats.cancel(false);
      heartbeats = null;
    }
  }

  /**
   * Writes to the current stream once the hub has welcomed it, after the results waiting to go;
   * drops the message otherwise.
   */
  private void send(WorkerMessage m) {
    flush();
    write(m);
  }

  private void write(WorkerMessage m) {
    if (stream != null && stream.welcomed) {
      stream.out.onNext(m);
    }
  }

  /** One dial of the hub: the gRPC callbacks post to the control thread. */
  private final class Stream implements ClientResponseObserver<WorkerMessage, HubMessage> {
    private ClientCallStreamObserver<WorkerMessage> out;
    private boolean welcomed; // control thread only
    private Welcome welcome; // control thread only: the hub's, once welcomed

    @Override
    public void beforeStart(ClientCallStreamObserver<WorkerMessage> requests) {
      out = requests;
    }

    @Override
    public void onNext(HubMessage message) {
      control.post(() -> onHubMessage(this, message));
    }

    @Override
    public void onError(Throwable t) {
      control.post(() -> onStreamEnded(this, Status.fromThrowable(t)));
    }

    @Override
    public void onCompleted() {
      control.post(
          () ->
              onStreamEnded(
                  this, Status.UNAVAILABLE.withDescription("the coordinator ended the stream")));
    }
  }
}
