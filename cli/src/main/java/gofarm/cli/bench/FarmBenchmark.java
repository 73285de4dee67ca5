package gofarm.cli.bench;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.cli.console.BearerToken;
import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.auth.Tokens;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.proto.v1.WorkerHubGrpc;
import gofarm.proto.v1.WorkerMessage;
import gofarm.proto.v1.WorkerMessages;
import gofarm.rules.Player;
import gofarm.wire.StatsCodec;
import gofarm.wire.WorkerProtocol;
import io.grpc.ManagedChannel;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures the coordinator alone: synthetic workers over in-process gRPC answer every assignment at
 * once with a real, full 19x19 chunk result (computed once, sent with each chunk's id), so the
 * figures are the coordinator's own: results counted per second, and the time from submitting a job
 * to its first chunk reaching a worker.
 */
public final class FarmBenchmark {
  private static final int CHUNK_PLAYOUTS = 100;

  /** The names of the synthetic workers' own threads over TCP start with this. */
  private static final String WORKER_THREADS = "bench-workers";

  /** Streams per TCP connection: many workers, as a farm behind a few proxies would have. */
  private static final int WORKERS_PER_CONNECTION = 50;

  private FarmBenchmark() {}

  /**
   * Runs {@code results} chunk results through a coordinator fed by {@code workers} workers, over
   * in-process gRPC or, with {@code tcp}, over TCP on 127.0.0.1 (workers share one connection and
   * one worker token per {@value #WORKERS_PER_CONNECTION}) with bearer tokens checked on every
   * call, with {@code spotChecks} of the chunks run twice. Returns the measured job's final status.
   */
  public static JobStatus run(
      int results, int workers, int credit, boolean tcp, double spotChecks, PrintWriter out)
      throws InterruptedException, IOException {
    Geometry g = Geometry.of(19);
    Playout playout = new Playout(PolicySpec.parse("uniform"), g);
    PlayoutStats stats = playout.newStats();
    playout.run(
        PlayoutRoot.of(new Board(g), Player.BLACK, Point.NONE, Point.NONE, 7.5),
        1,
        CHUNK_PLAYOUTS,
        stats);
    // Both forms, as a worker has them: dense for a hub that reads it (this one), else repeated.
    gofarm.proto.v1.PlayoutStats dense = StatsCodec.toDenseProto(stats);
    gofarm.proto.v1.PlayoutStats encoded = StatsCodec.toProto(stats);

    String name = InProcessServerBuilder.generateName();
    CoordinatorSettings settings =
        new CoordinatorSettings("127.0.0.1", -1, null, CoordinatorSettings.DEFAULT_LEASE, "bench")
            .withSpotChecks(spotChecks);
    int connections = tcp ? (workers + WORKERS_PER_CONNECTION - 1) / WORKERS_PER_CONNECTION : 1;
    // A worker token per connection, as a token per machine: spot checks need other tokens.
    List<String> workerTokens = new ArrayList<>();
    String adminToken = newToken();
    Path tokens = null;
    if (tcp) {
      StringBuilder file = new StringBuilder("admin bench " + adminToken + "\n");
      for (int i = 0; i < connections; i++) {
        workerTokens.add(newToken());
        file.append("worker bench-workers-").append(i).append(' ').append(workerTokens.get(i));
        file.append('\n');
      }
      tokens = Files.createTempFile("gofarm-bench-tokens", "");
      Files.writeString(tokens, file);
      settings = settings.withTokens(Tokens.load(tokens), 0);
    }
    try (Coordinator coordinator =
        Coordinator.start(
            tcp
                ? NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                : InProcessServerBuilder.forName(name),
            settings)) {
      // The synthetic workers run on threads of their own (an event loop and an executor, as
      // gRPC's defaults), so that their costs can be told from the coordinator's, which then
      // shares gRPC's default threads with no one.
      NioEventLoopGroup workerLoop =
          new NioEventLoopGroup(2, new DefaultThreadFactory(WORKER_THREADS + "-loop", true));
      ExecutorService workerExecutor =
          Executors.newFixedThreadPool(2, new DefaultThreadFactory(WORKER_THREADS, true));
      List<ManagedChannel> channels = new ArrayList<>();
      for (int i = 0; i < connections; i++) {
        channels.add(
            tcp
                ? NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port())
                    .eventLoopGroup(workerLoop)
                    .channelType(NioSocketChannel.class)
                    .executor(workerExecutor)
                    .usePlaintext()
                    .build()
                : InProcessChannelBuilder.forName(name).build());
      }
      AtomicLong firstAssignment = new AtomicLong();
      CountDownLatch connected = new CountDownLatch(workers);
      for (int i = 0; i < workers; i++) {
        new SyntheticWorker("synthetic-" + i, credit, dense, encoded, firstAssignment, connected)
            .connect(
                channels.get(i % connections),
                tcp ? new BearerToken(workerTokens.get(i % connections)) : null);
      }
      if (!connected.await(60, TimeUnit.SECONDS)) {
        throw new IllegalStateException(
            connected.getCount() + " of " + workers + " synthetic workers did not connect in 60 s");
      }
      PlayoutFarmGrpc.PlayoutFarmBlockingStub farm =
          PlayoutFarmGrpc.newBlockingStub(channels.get(0));
      if (tcp) {
        farm = farm.withCallCredentials(new BearerToken(adminToken));
      }
      // A first, small job warms up the code paths (class loading, JIT) of a fresh coordinator.
      runJob(farm, Math.max(1, results / 10), firstAssignment);
      firstAssignment.set(0);
      ProcessCost before = ProcessCost.mark(WORKER_THREADS);
      long submitted = System.nanoTime();
      JobStatus last = runJob(farm, results, firstAssignment);
      double seconds = (System.nanoTime() - submitted) / 1e9;
      ProcessCost after = ProcessCost.mark(WORKER_THREADS);
      out.printf(
          Locale.ROOT,
          "farm benchmark  %d chunk results of full 19x19 statistics (%d playouts each, %,d bytes"
              + " dense, %,d as repeated fields)"
              + " from %d synthetic workers (credit %d), %s, spot checks %.0f %%%n",
          results,
          CHUNK_PLAYOUTS,
          dense.getSerializedSize(),
          encoded.getSerializedSize(),
          workers,
          credit,
          tcp
              ? "gRPC over TCP on 127.0.0.1 (" + connections + " connections), bearer tokens"
              : "in-process gRPC",
          100 * settings.spotCheckShare());
      out.printf(
          Locale.ROOT,
          "[results] = %,.0f counted/s   [job] %s in %.2f s   [dispatch] first chunk at a worker"
              + " %.1f ms after submit%n",
          last.getChunksDone() / seconds,
          last.getState(),
          seconds,
          (firstAssignment.get() - submitted) / 1e6);
      long n = last.getChunksDone();
      int cores = Runtime.getRuntime().availableProcessors();
      // Over TCP the synthetic workers' threads are told apart; in-process they answer on the
      // coordinator's threads, and "coordinator" is every thread but the JIT's and the GC's.
      out.printf(
          Locale.ROOT,
          "[cost] per result: whole process %.0f µs of CPU (%.0f %% of %d cores);"
              + " coordinator's threads %.0f µs, %,.1f KB allocated;"
              + " synthetic workers' threads %.0f µs, %,.1f KB%n",
          1e6 * after.cpuSecondsSince(before) / n,
          100 * after.cpuSecondsSince(before) / seconds / cores,
          cores,
          1e6 * after.threadCpuSecondsSince(before, false) / n,
          after.bytesSince(before, false) / 1024.0 / n,
          1e6 * after.threadCpuSecondsSince(before, true) / n,
          after.bytesSince(before, true) / 1024.0 / n);
      out.flush();
      for (ManagedChannel c : channels) {
        c.shutdownNow();
      }
      workerLoop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      workerExecutor.shutdown();
      return last;
    } finally {
      if (tokens != null) {
        Files.deleteIfExists(tokens);
      }
    }
  }

  private static String newToken() {
    byte[] bytes = new byte[24];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** Submits a job of {@code results} chunks and follows it to the end. */
  private static JobStatus runJob(
      PlayoutFarmGrpc.PlayoutFarmBlockingStub farm, int results, AtomicLong firstAssignment) {
    JobSpec spec =
        JobSpec.newBuilder()
            .setName("farm benchmark")
            .setEvaluate(
                EvaluateSpec.newBuilder()
                    .addPositions(PositionSource.newBuilder().setEmpty(19))
                    .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("uniform"))
                    .setPlayouts((long) results * CHUNK_PLAYOUTS)
                    .setChunkPlayouts(CHUNK_PLAYOUTS))
            .build();
    JobStatus s = farm.submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build());
    Iterator<JobStatus> watch =
        farm.watchJob(GetJobRequest.newBuilder().setJobId(s.getJobId()).build());
    JobStatus last = s;
    while (watch.hasNext()) {
      last = watch.next();
    }
    return last;
  }

  /**
   * A worker that answers every assignment at once with the same statistics, dense if the hub's
   * Welcome says it reads them so; the assignments of one batch with one batch of results, if it
   * says it reads batches.
   */
  private static final class SyntheticWorker implements StreamObserver<HubMessage> {
    private final String id;
    private final int credit;
    private final gofarm.proto.v1.PlayoutStats dense;
    private final gofarm.proto.v1.PlayoutStats repeated;
    private volatile gofarm.proto.v1.PlayoutStats stats;
    private volatile boolean batches;
    private final AtomicLong firstAssignment;
    private final CountDownLatch connected;
    private StreamObserver<WorkerMessage> out;

    SyntheticWorker(
        String id,
        int credit,
        gofarm.proto.v1.PlayoutStats dense,
        gofarm.proto.v1.PlayoutStats repeated,
        AtomicLong firstAssignment,
        CountDownLatch connected) {
      this.id = id;
      this.credit = credit;
      this.dense = dense;
      this.repeated = repeated;
      this.firstAssignment = firstAssignment;
      this.connected = connected;
    }

    void connect(io.grpc.Channel channel, io.grpc.CallCredentials token) {
      WorkerHubGrpc.WorkerHubStub hub = WorkerHubGrpc.newStub(channel);
      out = (token == null ? hub : hub.withCallCredentials(token)).connect(this);
      send(
          WorkerMessage.newBuilder()
              .setHello(
                  Hello.newBuilder()
                      .setWorkerId(id)
                      .setThreads(1)
                      .setCredit(credit)
                      .setProtocolVersion(WorkerProtocol.VERSION)
                      .setBatches(true)
                      .setVersion("bench"))
              .build());
    }

    @Override
    public void onNext(HubMessage m) {
      if (m.hasWelcome()) {
        stats = m.getWelcome().getDenseStats() ? dense : repeated;
        batches = m.getWelcome().getBatches();
        connected.countDown();
      } else if (m.hasAssignment()) {
        firstAssignment.compareAndSet(0, System.nanoTime());
        send(result(m));
      } else if (m.hasBatch()) {
        WorkerMessages.Builder results = WorkerMessages.newBuilder();
        for (HubMessage inner : m.getBatch().getMessagesList()) {
          if (inner.hasAssignment()) {
            firstAssignment.compareAndSet(0, System.nanoTime());
            results.addMessages(result(inner));
          }
        }
        if (results.getMessagesCount() == 1 || (!batches && results.getMessagesCount() > 0)) {
          results.getMessagesList().forEach(this::send);
        } else if (results.getMessagesCount() > 1) {
          send(WorkerMessage.newBuilder().setBatch(results).build());
        }
      }
    }

    private WorkerMessage result(HubMessage assignment) {
      return WorkerMessage.newBuilder()
          .setResult(
              ChunkResult.newBuilder()
                  .setId(assignment.getAssignment().getId())
                  .setStats(stats)
                  .setSeconds(0.001))
          .build();
    }

    private synchronized void send(WorkerMessage m) {
      out.onNext(m);
    }

    @Override
    public void onError(Throwable t) {}

    @Override
    public void onCompleted() {}
  }
}
