package gofarm.worker;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkId;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.ChunkReturned;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.HubMessages;
import gofarm.proto.v1.ResultAck;
import gofarm.proto.v1.Welcome;
import gofarm.proto.v1.WorkerHubGrpc;
import gofarm.proto.v1.WorkerMessage;
import gofarm.wire.WorkerProtocol;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scripted {@code WorkerHub} on in-process gRPC: it records every stream a worker opens and what
 * the worker sends on it, and the test plays the hub's side (welcome, assign, acknowledge or not,
 * break the stream, refuse). The worker module never sees the real coordinator.
 *
 * <pre>{@code
 * try (FakeHub hub = new FakeHub()) {
 *   Worker worker = new Worker(hub.channel(), settings, metrics);
 *   worker.start();
 *   FakeHub.HubStream s = hub.nextStream();
 *   s.expectHello();
 *   s.welcome();
 *   s.assign(assignment);
 *   ChunkResult r = s.nextResult();
 * }
 * }</pre>
 */
final class FakeHub extends WorkerHubGrpc.WorkerHubImplBase implements AutoCloseable {
  /** How long any wait for the worker lasts before the test fails. */
  static final long TIMEOUT_SECONDS = 10;

  private static final AtomicInteger NAMES = new AtomicInteger();

  private final String name = "fake-hub-" + NAMES.incrementAndGet();
  private final Server server;
  private final BlockingQueue<HubStream> streams = new LinkedBlockingQueue<>();
  private final AtomicInteger connects = new AtomicInteger();

  FakeHub() {
    try {
      server =
          InProcessServerBuilder.forName(name).directExecutor().addService(this).build().start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A channel to this hub, for one worker (the worker shuts it down). */
  ManagedChannel channel() {
    return InProcessChannelBuilder.forName(name).directExecutor().build();
  }

  /** A channel to an in-process name nobody serves: every call fails with UNAVAILABLE. */
  static ManagedChannel nowhere() {
    return InProcessChannelBuilder.forName("nobody-" + NAMES.incrementAndGet())
        .directExecutor()
        .build();
  }

  @Override
  public StreamObserver<WorkerMessage> connect(StreamObserver<HubMessage> responses) {
    connects.incrementAndGet();
    HubStream s = new HubStream(responses);
    streams.add(s);
    return s;
  }

  /** Streams opened so far. */
  int connects() {
    return connects.get();
  }

  /** The next stream a worker opens. */
  HubStream nextStream() throws InterruptedException {
    HubStream s = streams.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    assertNotNull(s, "no stream opened within " + TIMEOUT_SECONDS + " s");
    return s;
  }

  @Override
  public void close() {
    server.shutdownNow();
  }

  /** One stream as the hub sees it. */
  static final class HubStream implements StreamObserver<WorkerMessage> {
    private final StreamObserver<HubMessage> out;
    private final BlockingQueue<WorkerMessage> received = new LinkedBlockingQueue<>();
    private final CompletableFuture<Status> endedByWorker = new CompletableFuture<>();

    /** Batches the worker sent: their messages are in {@link #next} one by one. */
    final AtomicInteger batches = new AtomicInteger();

    HubStream(StreamObserver<HubMessage> out) {
      this.out = out;
    }

    @Override
    public void onNext(WorkerMessage message) {
      if (message.hasBatch()) {
        batches.incrementAndGet();
        received.addAll(message.getBatch().getMessagesList());
      } else {
        received.add(message);
      }
    }

    @Override
    public void onError(Throwable t) {
      endedByWorker.complete(Status.fromThrowable(t));
    }

    @Override
    public void onCompleted() {
      endedByWorker.complete(Status.OK);
      synchronized (out) {
        out.onCompleted();
      }
    }

    /** The next message other than a heartbeat. */
    WorkerMessage next() throws InterruptedException {
      while (true) {
        WorkerMessage m = nextIncludingHeartbeats();
        if (!m.hasHeartbeat()) {
          return m;
        }
      }
    }

    WorkerMessage nextIncludingHeartbeats() throws InterruptedException {
      WorkerMessage m = received.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      assertNotNull(m, "the worker sent nothing within " + TIMEOUT_SECONDS + " s");
      return m;
    }

    Hello expectHello() throws InterruptedException {
      WorkerMessage m = next();
      assertTrue(m.hasHello(), () -> "expected a hello, got " + m);
      return m.getHello();
    }

    ChunkResult nextResult() throws InterruptedException {
      WorkerMessage m = next();
      assertTrue(m.hasResult(), () -> "expected a result, got " + m);
      return m.getResult();
    }

    ChunkId nextReturned() throws InterruptedException {
      WorkerMessage m = next();
      assertTrue(m.hasReturned(), () -> "expected a returned chunk, got " + m);
      return m.getReturned().getId();
    }

    /** The next message, which must be a returned chunk: its id and failure. */
    ChunkReturned nextReturnedMessage() throws InterruptedException {
      WorkerMessage m = next();
      assertTrue(m.hasReturned(), () -> "expected a returned chunk, got " + m);
      return m.getReturned();
    }

    /** Waits for the next heartbeat, skipping other messages (which are lost to the test). */
    int nextHeartbeat() throws InterruptedException {
      while (true) {
        WorkerMessage m = nextIncludingHeartbeats();
        if (m.hasHeartbeat()) {
          return m.getHeartbeat().getBusyThreads();
        }
      }
    }

    /** How the worker ended its side: OK for a clean half-close, else the status. */
    Status awaitEndedByWorker() throws Exception {
      return endedByWorker.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** Welcomes the worker with this protocol version and a minute's lease. */
    void welcome() {
      welcome(WorkerProtocol.VERSION, 60);
    }

    void welcome(int protocolVersion, int leaseSeconds) {
      welcome(
          Welcome.newBuilder()
              .setProtocolVersion(protocolVersion)
              .setLeaseSeconds(leaseSeconds)
              .setVersion("fake")
              .build());
    }

    /** Welcomes the worker with exactly this message. */
    void welcome(Welcome welcome) {
      send(HubMessage.newBuilder().setWelcome(welcome).build());
    }

    void assign(ChunkAssignment a) {
      send(HubMessage.newBuilder().setAssignment(a).build());
    }

    void ack(ChunkId id) {
      send(ackMessage(id));
    }

    static HubMessage ackMessage(ChunkId id) {
      return HubMessage.newBuilder().setAck(ResultAck.newBuilder().setId(id)).build();
    }

    static HubMessage assignMessage(ChunkAssignment a) {
      return HubMessage.newBuilder().setAssignment(a).build();
    }

    /** Sends {@code messages} in one batch. */
    void batch(HubMessage... messages) {
      send(
          HubMessage.newBuilder()
              .setBatch(HubMessages.newBuilder().addAllMessages(java.util.List.of(messages)))
              .build());
    }

    /** Ends the stream from the hub's side with {@code status}. */
    void end(Status status) {
      synchronized (out) {
        out.onError(status.asRuntimeException());
      }
    }

    private void send(HubMessage m) {
      synchronized (out) {
        out.onNext(m);
      }
    }
  }
}
