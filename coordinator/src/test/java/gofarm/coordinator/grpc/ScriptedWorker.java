package gofarm.coordinator.grpc;

import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.WorkerHubGrpc;
import gofarm.proto.v1.WorkerMessage;
import gofarm.proto.v1.WorkerMessages;
import gofarm.wire.Chunk;
import gofarm.wire.WorkerProtocol;
import io.grpc.CallCredentials;
import io.grpc.Channel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A worker on the project's own stubs, as anyone could build one (the coordinator's tests cannot
 * depend on the worker module): it says hello with any id and answers each assignment as its {@code
 * answer} says (honestly by default, with made-up figures, or not at all), can send any result it
 * likes, and keeps what the hub sent. Made {@link #batching}, it says in its Hello that it reads
 * batches, and answers a batch of assignments with one batch of results if the hub reads them.
 */
final class ScriptedWorker implements StreamObserver<HubMessage> {
  /** The hub's messages (all, or only the rare ones) and how the stream ended. */
  final LinkedBlockingQueue<Object> events = new LinkedBlockingQueue<>();

  /** Every assignment received, answered or not. */
  final LinkedBlockingQueue<ChunkAssignment> assignments = new LinkedBlockingQueue<>();

  /** Results sent in answer to assignments. */
  volatile int results;

  /** Batches received from the hub, and sent to it. */
  volatile int batchesIn;

  volatile int batchesOut;

  private volatile boolean batches;
  private volatile boolean hubReadsBatches;

  private final boolean keepEvents;
  private final Function<ChunkAssignment, ChunkResult> answer;
  private final CountDownLatch welcomed = new CountDownLatch(1);
  private final LinkedBlockingQueue<Status> ends = new LinkedBlockingQueue<>();
  private volatile String resumeToken = "";
  private StreamObserver<WorkerMessage> out;

  /** An honest worker that keeps every message of the hub. */
  ScriptedWorker() {
    this(true);
  }

  /**
   * An honest worker that keeps the hub's messages in {@link #events} only if {@code keepEvents}.
   */
  ScriptedWorker(boolean keepEvents) {
    this(keepEvents, ScriptedWorker::honest);
  }

  /** A worker that answers each assignment with {@code answer} (null: never). */
  ScriptedWorker(Function<ChunkAssignment, ChunkResult> answer) {
    this(true, answer);
  }

  private ScriptedWorker(boolean keepEvents, Function<ChunkAssignment, ChunkResult> answer) {
    this.keepEvents = keepEvents;
    this.answer = answer;
  }

  /** Says in its Hello that it reads batches, and sends its own to a hub that reads them. */
  ScriptedWorker batching() {
    batches = true;
    return this;
  }

  /** The chunk's real statistics, as an honest worker computes them. */
  static ChunkResult honest(ChunkAssignment a) {
    Chunk chunk = WorkerProtocol.chunk(a);
    Playout playout = new Playout(chunk.policy(), chunk.root().board().geometry());
    PlayoutStats stats = playout.newStats();
    playout.run(chunk.root(), chunk.seed(), chunk.playouts(), stats);
    return WorkerProtocol.result(chunk.key(), stats, 0.01);
  }

  /**
   * The statistics of pair ({@code position}, {@code policy}) of evaluate job {@code spec}, its
   * chunks run here from scratch: what the farm must report, whatever its workers did.
   */
  static PlayoutStats fromScratch(gofarm.proto.v1.JobSpec spec, int position, int policy) {
    var job = (gofarm.wire.ResolvedEvaluation) gofarm.wire.JobSpecs.resolve(spec);
    PlayoutStats sum = null;
    for (int c = 0; c < job.chunkCount(position, policy); c++) {
      Chunk chunk = WorkerProtocol.chunk(WorkerProtocol.assignment("x", job, position, policy, c));
      Playout playout = new Playout(chunk.policy(), chunk.root().board().geometry());
      PlayoutStats s = playout.newStats();
      playout.run(chunk.root(), chunk.seed(), chunk.playouts(), s);
      sum = sum == null ? s : sum.merge(s);
    }
    return sum;
  }

  /** Plausible, well-formed and wrong: the statistics of another seed. */
  static ChunkResult madeUp(ChunkAssignment a) {
    return honest(a.toBuilder().setSeed(a.getSeed() + 1).build());
  }

  void connect(Channel channel, int protocol) {
    connect(channel, protocol, "scripted", 1);
  }

  void connect(Channel channel, int protocol, String workerId, int threads) {
    connect(channel, null, protocol, workerId, threads);
  }

  /** Dials as {@code workerId} of this protocol, sending {@code credentials} if not null. */
  ScriptedWorker connect(
      Channel channel, CallCredentials credentials, int protocol, String workerId, int threads) {
    WorkerHubGrpc.WorkerHubStub hub = WorkerHubGrpc.newStub(channel);
    out = (credentials == null ? hub : hub.withCallCredentials(credentials)).connect(this);
    send(
        WorkerMessage.newBuilder()
            .setHello(
                Hello.newBuilder()
                    .setWorkerId(workerId)
                    .setThreads(threads)
                    .setProtocolVersion(protocol)
                    .setResumeToken(resumeToken)
                    .setBatches(batches)
                    .setVersion("test"))
            .build());
    return this;
  }

  /** The token as call credentials, as a worker sends it. */
  static CallCredentials bearer(String token) {
    return new CallCredentials() {
      @Override
      public void applyRequestMetadata(
          RequestInfo info, java.util.concurrent.Executor executor, MetadataApplier applier) {
        Metadata headers = new Metadata();
        headers.put(
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
        applier.apply(headers);
      }
    };
  }

  /** Dials as {@code workerId}, one thread, this protocol. */
  ScriptedWorker connect(Channel channel, String workerId) {
    return connect(channel, null, WorkerProtocol.VERSION, workerId, 1);
  }

  /** Waits until the hub has welcomed this worker; returns whether it did in time. */
  boolean awaitWelcome(Duration wait) throws InterruptedException {
    return welcomed.await(wait.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** How the hub ended the stream, waiting up to {@code wait}; null if it did not. */
  Status end(Duration wait) throws InterruptedException {
    return ends.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
  }

  void send(ChunkResult result) {
    send(WorkerMessage.newBuilder().setResult(result).build());
  }

  private synchronized void send(WorkerMessage m) {
    out.onNext(m);
  }

  @Override
  public void onNext(HubMessage m) {
    if (!m.hasBatch()) {
      take(m);
      ChunkResult r = answer(m);
      if (r != null) {
        send(r);
      }
      return;
    }
    batchesIn++;
    WorkerMessages.Builder answers = WorkerMessages.newBuilder();
    for (HubMessage inner : m.getBatch().getMessagesList()) {
      take(inner);
      ChunkResult r = answer(inner);
      if (r != null) {
        answers.addMessages(WorkerMessage.newBuilder().setResult(r));
      }
    }
    if (hubReadsBatches && answers.getMessagesCount() > 1) {
      batchesOut++;
      send(WorkerMessage.newBuilder().setBatch(answers).build());
    } else {
      answers.getMessagesList().forEach(this::send);
    }
  }

  /** Keeps one message of the hub's. */
  private void take(HubMessage m) {
    if (keepEvents || !m.hasAssignment() && !m.hasAck()) {
      events.add(m);
    }
    if (m.hasWelcome()) {
      resumeToken = m.getWelcome().getResumeToken();
      hubReadsBatches = m.getWelcome().getBatches();
      welcomed.countDown();
    } else if (m.hasAssignment()) {
      assignments.add(m.getAssignment());
    }
  }

  /** The answer to an assignment, or null. */
  private ChunkResult answer(HubMessage m) {
    if (!m.hasAssignment() || answer == null) {
      return null;
    }
    results++;
    return answer.apply(m.getAssignment());
  }

  @Override
  public void onError(Throwable t) {
    events.add(t);
    ends.add(Status.fromThrowable(t));
  }

  @Override
  public void onCompleted() {
    events.add("completed");
    ends.add(Status.OK);
  }

  /** Ends the stream. */
  synchronized void close() {
    out.onCompleted();
  }
}
