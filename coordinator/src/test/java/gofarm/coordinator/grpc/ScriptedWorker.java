package gofarm.coordinator.grpc;

import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.WorkerHubGrpc;
import gofarm.proto.v1.WorkerMessage;
import gofarm.wire.Chunk;
import gofarm.wire.WorkerProtocol;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A worker that runs every chunk it is given, as the real one does (the coordinator's tests cannot
 * depend on the worker module), and keeps what the hub sent.
 */
final class ScriptedWorker implements StreamObserver<HubMessage> {
  final LinkedBlockingQueue<Object> events = new LinkedBlockingQueue<>();
  private final boolean keepEvents;
  private StreamObserver<WorkerMessage> out;

  ScriptedWorker() {
    this(true);
  }

  /** A worker that keeps the hub's messages in {@link #events} only if {@code keepEvents}. */
  ScriptedWorker(boolean keepEvents) {
    this.keepEvents = keepEvents;
  }

  void connect(ManagedChannel channel, int protocol) {
    connect(channel, protocol, "scripted", 1);
  }

  void connect(ManagedChannel channel, int protocol, String workerId, int threads) {
    out = WorkerHubGrpc.newStub(channel).connect(this);
    out.onNext(
        WorkerMessage.newBuilder()
            .setHello(
                Hello.newBuilder()
                    .setWorkerId(workerId)
                    .setThreads(threads)
                    .setProtocolVersion(protocol)
                    .setVersion("test"))
            .build());
  }

  @Override
  public void onNext(HubMessage m) {
    if (keepEvents || !m.hasAssignment() && !m.hasAck()) {
      events.add(m);
    }
    if (m.hasAssignment()) {
      ChunkAssignment a = m.getAssignment();
      Chunk chunk = WorkerProtocol.chunk(a);
      Playout playout = new Playout(chunk.policy(), chunk.root().board().geometry());
      PlayoutStats stats = playout.newStats();
      playout.run(chunk.root(), chunk.seed(), chunk.playouts(), stats);
      synchronized (this) {
        out.onNext(
            WorkerMessage.newBuilder()
                .setResult(WorkerProtocol.result(chunk.key(), stats, 0.01))
                .build());
      }
    }
  }

  @Override
  public void onError(Throwable t) {
    events.add(t);
  }

  @Override
  public void onCompleted() {
    events.add("completed");
  }

  /** Ends the stream. */
  synchronized void close() {
    out.onCompleted();
  }
}
