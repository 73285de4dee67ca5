package gofarm.coordinator.grpc;

import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.WorkerHubGrpc;
import gofarm.proto.v1.WorkerMessage;
import gofarm.wire.Chunk;
import gofarm.wire.WorkerProtocol;
import io.grpc.Channel;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A worker built on the project's own stubs, as anyone could build one: it says hello with any id
 * and answers each assignment as its {@code answer} says (honestly, with made-up figures, or not at
 * all), and can send any result it likes.
 */
final class TestWorker implements StreamObserver<HubMessage> {
  final String id;
  private final Function<ChunkAssignment, ChunkResult> answer;
  final LinkedBlockingQueue<ChunkAssignment> assignments = new LinkedBlockingQueue<>();
  private final LinkedBlockingQueue<Status> ends = new LinkedBlockingQueue<>();
  private volatile String resumeToken = "";
  private final java.util.concurrent.CountDownLatch welcomed =
      new java.util.concurrent.CountDownLatch(1);
  private StreamObserver<WorkerMessage> out;

  /**
   * @param answer what the worker sends for an assignment, or null to send nothing
   */
  TestWorker(String id, Function<ChunkAssignment, ChunkResult> answer) {
    this.id = id;
    this.answer = answer;
  }

  /** The chunk's real statistics, as an honest worker computes them. */
  static ChunkResult honest(ChunkAssignment a) {
    Chunk chunk = WorkerProtocol.chunk(a);
    Playout playout = new Playout(chunk.policy(), chunk.root().board().geometry());
    PlayoutStats stats = playout.newStats();
    playout.run(chunk.root(), chunk.seed(), chunk.playouts(), stats);
    return WorkerProtocol.result(chunk.key(), stats, 0.01);
  }

  /** Plausible, well-formed and wrong: the statistics of another seed. */
  static ChunkResult madeUp(ChunkAssignment a) {
    return honest(a.toBuilder().setSeed(a.getSeed() + 1).build());
  }

  TestWorker connect(Channel channel) {
    out = WorkerHubGrpc.newStub(channel).connect(this);
    out.onNext(
        WorkerMessage.newBuilder()
            .setHello(
                Hello.newBuilder()
                    .setWorkerId(id)
                    .setThreads(1)
                    .setCredit(2)
                    .setProtocolVersion(WorkerProtocol.VERSION)
                    .setResumeToken(resumeToken)
                    .setVersion("test"))
            .build());
    return this;
  }

  /** Waits until the hub has welcomed this worker; returns whether it did in time. */
  boolean awaitWelcome(Duration wait) throws InterruptedException {
    return welcomed.await(wait.toMillis(), TimeUnit.MILLISECONDS);
  }

  synchronized void send(ChunkResult result) {
    out.onNext(WorkerMessage.newBuilder().setResult(result).build());
  }

  synchronized void close() {
    out.onCompleted();
  }

  /** How the hub ended the stream, waiting up to {@code wait}; null if it did not. */
  Status end(Duration wait) throws InterruptedException {
    return ends.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void onNext(HubMessage m) {
    if (m.hasWelcome()) {
      resumeToken = m.getWelcome().getResumeToken();
      welcomed.countDown();
    } else if (m.hasAssignment()) {
      assignments.add(m.getAssignment());
      if (answer != null) {
        send(answer.apply(m.getAssignment()));
      }
    }
  }

  @Override
  public void onError(Throwable t) {
    ends.add(Status.fromThrowable(t));
  }

  @Override
  public void onCompleted() {
    ends.add(Status.OK);
  }
}
