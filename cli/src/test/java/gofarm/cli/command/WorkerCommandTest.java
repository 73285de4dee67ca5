package gofarm.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.cli.CliRun;
import gofarm.cli.LoopbackPorts;
import gofarm.cli.Main;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkId;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.ResultAck;
import gofarm.proto.v1.WorkerHubGrpc;
import gofarm.proto.v1.WorkerMessage;
import gofarm.wire.Codec;
import gofarm.wire.WorkerProtocol;
import gofarm.worker.Engines;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code gofarm worker} against a scripted hub on 127.0.0.1: a refused protocol and a coordinator
 * that never answers end the command with exit code 1 and the reason; bad options with 2; and a
 * worker in its own JVM drains on SIGTERM (hands back what it has not started, delivers what it
 * ran) while serving its metrics.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkerCommandTest {
  private static final long WAIT_SECONDS = 20;

  private final BlockingQueue<Stream> streams = new LinkedBlockingQueue<>();
  private Server hub;

  @AfterEach
  void stopHub() {
    if (hub != null) {
      hub.shutdownNow();
    }
  }

  private static CliRun run(String... args) {
    return CliRun.of("worker", args);
  }

  /** Starts the hub on a free port of 127.0.0.1 and returns that port. */
  private int startHub() throws Exception {
    hub =
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
            .addService(
                new WorkerHubGrpc.WorkerHubImplBase() {
                  @Override
                  public StreamObserver<WorkerMessage> connect(StreamObserver<HubMessage> out) {
                    Stream s = new Stream(out);
                    streams.add(s);
                    return s;
                  }
                })
            .build()
            .start();
    return hub.getPort();
  }

  private Stream nextStream() throws InterruptedException {
    Stream s = streams.poll(WAIT_SECONDS, TimeUnit.SECONDS);
    assertNotNull(s, "the worker opened no stream");
    return s;
  }

  @Test
  void aRefusedProtocolEndsTheCommandWithTheHubsMessage() throws Exception {
    int port = startHub();
    String why = WorkerProtocol.versionMismatch(WorkerProtocol.VERSION);
    CompletableFuture<CliRun> run =
        CompletableFuture.supplyAsync(
            () -> run("--coordinator", "127.0.0.1:" + port, "--threads", "1"));
    Stream s = nextStream();
    assertTrue(s.next().hasHello());
    s.end(Status.FAILED_PRECONDITION.withDescription(why));
    CliRun r = run.get(WAIT_SECONDS, TimeUnit.SECONDS);
    assertEquals(1, r.exitCode());
    assertEquals(
        "gofarm worker: the coordinator at 127.0.0.1:"
            + port
            + " refused this worker: "
            + why
            + System.lineSeparator(),
        r.err());
  }

  @Test
  void aCoordinatorThatNeverAnswersEndsTheCommandAfterTheGiveUpTime() throws Exception {
    int port = LoopbackPorts.free(); // nothing listens there
    CliRun r = run("-c", "127.0.0.1:" + port, "--threads", "1", "--give-up-after", "0.3");
    assertEquals(1, r.exitCode());
    assertTrue(
        r.err()
            .startsWith(
                "gofarm worker: gave up: no connection to the coordinator at 127.0.0.1:"
                    + port
                    + " for 0.3 s (last error: UNAVAILABLE: "),
        r.err());
  }

  @Test
  void aMetricsEndpointThatCannotListenEndsTheCommandNamingHostAndPort() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      CliRun r =
          run(
              "-c",
              "127.0.0.1:1",
              "--threads",
              "1",
              "--metrics-host",
              "127.0.0.1",
              "--metrics-port",
              String.valueOf(port));
      assertEquals(1, r.exitCode());
      assertTrue(
          r.err().startsWith("gofarm worker: cannot serve metrics on 127.0.0.1:" + port + ": "),
          r.err());
    }
    CliRun unknown =
        run(
            "-c",
            "127.0.0.1:1",
            "--give-up-after",
            "5",
            "--metrics-host",
            "no-such-host.invalid",
            "--metrics-port",
            "0");
    assertEquals(1, unknown.exitCode());
    assertTrue(
        unknown.err().startsWith("gofarm worker: cannot serve metrics on no-such-host.invalid:"),
        unknown.err());
  }

  @Test
  void badOptionsAreUsageErrors() {
    CliRun noPort = run("--coordinator", "localhost");
    assertEquals(2, noPort.exitCode());
    assertTrue(
        noPort
            .err()
            .startsWith(
                "--coordinator: must be HOST:PORT with a port 1..65535, e.g. localhost:7070"
                    + " (got 'localhost')"),
        noPort.err());
    CliRun threads = run("-c", "localhost:7070", "--threads", "2000");
    assertEquals(2, threads.exitCode());
    assertEquals(
        "--threads must be 1..1024, or 0 for all cores (got 2000)",
        threads.err().lines().findFirst().get());
    CliRun id = run("-c", "[::1]:7070", "--id", "a b");
    assertEquals(2, id.exitCode());
    assertEquals(
        "--id: must be 1..128 characters of A-Z a-z 0-9 . _ : - (got 'a b')",
        id.err().lines().findFirst().get());
    CliRun label = run("-c", "localhost:7070", "--label", "zone=" + "x".repeat(129));
    assertEquals(2, label.exitCode());
    assertEquals(
        "--label zone: at most 128 characters (got 129)", label.err().lines().findFirst().get());
    CliRun metricsPort = run("-c", "localhost:7070", "--metrics-port", "70000");
    assertEquals(2, metricsPort.exitCode());
    assertEquals(
        "--metrics-port must be 0..65535 (0 for any free port, -1 for none; got 70000)",
        metricsPort.err().lines().findFirst().get());
  }

  @Test
  void engineOptionsAreCheckedAndAdvertisedInTheHello() throws Exception {
    CliRun path = run("-c", "localhost:7070", "--engine", "/usr/bin/gnugo");
    assertEquals(2, path.exitCode());
    assertEquals(
        "--engine: engine name '/usr/bin/gnugo' must be a bare program name of 1..64 characters"
            + " of A-Z a-z 0-9 . _ + -, as match specs name it (give a path as NAME=PATH)",
        path.err().lines().findFirst().get());
    CliRun missing = run("-c", "localhost:7070", "--engine", "x=/nonexistent/x");
    assertEquals(2, missing.exitCode());
    assertEquals(
        "--engine: engine 'x': '/nonexistent/x' is not an executable file",
        missing.err().lines().findFirst().get());

    int port = startHub();
    CompletableFuture<CliRun> declared =
        CompletableFuture.supplyAsync(
            () ->
                run(
                    "-c",
                    "127.0.0.1:" + port,
                    "--threads",
                    "1",
                    "--engine",
                    "false=/bin/false",
                    "--no-detect-engines"));
    Stream s = nextStream();
    assertEquals(List.of("false"), s.next().getHello().getEnginesList());
    s.end(Status.FAILED_PRECONDITION.withDescription("enough"));
    assertEquals(1, declared.get(WAIT_SECONDS, TimeUnit.SECONDS).exitCode());

    CompletableFuture<CliRun> detected =
        CompletableFuture.supplyAsync(
            () -> run("-c", "127.0.0.1:" + port, "--threads", "1", "--engine", "false=/bin/false"));
    s = nextStream();
    List<String> expected = new ArrayList<>(List.of("false"));
    expected.addAll(Engines.detect().keySet()); // gnugo where it is installed
    assertEquals(expected, s.next().getHello().getEnginesList());
    s.end(Status.FAILED_PRECONDITION.withDescription("enough"));
    assertEquals(1, detected.get(WAIT_SECONDS, TimeUnit.SECONDS).exitCode());
  }

  @Test
  void sigtermDrainsAWorkerInItsOwnJvm() throws Exception {
    int port = startHub();
    String classpath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Process worker =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                classpath,
                Main.class.getName(),
                "worker",
                "-c",
                "127.0.0.1:" + port,
                "--threads",
                "1",
                "--id",
                "drained",
                "--metrics-port",
                "0",
                "--metrics-host",
                "127.0.0.1")
            .redirectErrorStream(true)
            .start();
    try {
      CompletableFuture<Integer> metricsPort = new CompletableFuture<>();
      StringBuilder log = new StringBuilder();
      Thread reader = new Thread(() -> readLog(worker, log, metricsPort), "worker-log");
      reader.start();

      Stream s = nextStream();
      assertEquals("drained", s.next().getHello().getWorkerId());
      s.welcome();
      List<ChunkId> sent = new ArrayList<>();
      for (int c = 0; c < 3; c++) {
        // The first chunk runs for a while on one thread (about 2 s of uniform playouts, long
        // enough to be running when the SIGTERM comes); the others wait behind it.
        ChunkAssignment a = chunk(c, c == 0 ? 100_000 : 100);
        sent.add(a.getId());
        s.assign(a);
      }
      int metricsPortNumber = metricsPort.get(WAIT_SECONDS, TimeUnit.SECONDS);
      HttpClient http = HttpClient.newHttpClient();
      // The worker marks itself connected when it reads the Welcome, a moment after we send it.
      String metrics = get(http, metricsPortNumber, "/metrics");
      for (long end = System.nanoTime() + WAIT_SECONDS * 1_000_000_000L;
          !metrics.contains("\ngofarm_worker_connected 1.0\n") && System.nanoTime() < end; ) {
        Thread.sleep(20);
        metrics = get(http, metricsPortNumber, "/metrics");
      }
      assertTrue(metrics.contains("\ngofarm_worker_threads 1.0\n"), metrics);
      assertTrue(metrics.contains("\ngofarm_worker_connected 1.0\n"), metrics);
      assertTrue(get(http, metricsPortNumber, "/-/healthy").contains("healthy"));

      // SIGTERM; Process.destroy() would also close our end of its output, losing the last lines.
      worker.toHandle().destroy();
      assertTrue(s.next().hasDraining());
      Set<ChunkId> back = new HashSet<>();
      while (back.size() < sent.size()) {
        WorkerMessage m = s.next();
        if (m.hasReturned()) {
          assertTrue(back.add(m.getReturned().getId()), "returned twice: " + m);
        } else {
          assertTrue(m.hasResult(), () -> "expected a result or a returned chunk, got " + m);
          assertTrue(back.add(m.getResult().getId()), "delivered twice: " + m);
          s.ack(m.getResult().getId());
        }
      }
      assertEquals(Set.copyOf(sent), back, "every chunk came back once");
      assertEquals(Status.Code.OK, s.endedByWorker.get(WAIT_SECONDS, TimeUnit.SECONDS).getCode());
      assertTrue(worker.waitFor(WAIT_SECONDS, TimeUnit.SECONDS), "the worker exits");
      assertEquals(143, worker.exitValue(), "128 + SIGTERM");
      reader.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
      assertTrue(log.toString().contains("worker drained stopped after draining"), log.toString());
    } finally {
      worker.destroyForcibly();
    }
  }

  private static void readLog(Process p, StringBuilder log, CompletableFuture<Integer> port) {
    Pattern metrics = Pattern.compile("metrics on http://127\\.0\\.0\\.1:(\\d+)/metrics");
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        synchronized (log) {
          log.append(line).append('\n');
        }
        Matcher m = metrics.matcher(line);
        if (m.find()) {
          port.complete(Integer.parseInt(m.group(1)));
        }
      }
    } catch (java.io.IOException e) {
      port.completeExceptionally(e);
    }
    port.completeExceptionally(
        new AssertionError("the worker did not log its metrics port:\n" + log));
  }

  private static String get(HttpClient http, int port, String path) throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), path);
    return r.body();
  }

  private static ChunkAssignment chunk(int index, int playouts) {
    return ChunkAssignment.newBuilder()
        .setId(ChunkId.newBuilder().setJobId("job").setChunk(index))
        .setPosition(Codec.emptyPosition(9))
        .setPolicy(PolicySpec.newBuilder().setName("uniform"))
        .setPlayouts(playouts)
        .setSeed(index + 1)
        .build();
  }

  /** One worker stream as the hub sees it. */
  private static final class Stream implements StreamObserver<WorkerMessage> {
    private final StreamObserver<HubMessage> out;
    private final BlockingQueue<WorkerMessage> received = new LinkedBlockingQueue<>();
    private final CompletableFuture<Status> endedByWorker = new CompletableFuture<>();

    Stream(StreamObserver<HubMessage> out) {
      this.out = out;
    }

    @Override
    public void onNext(WorkerMessage m) {
      if (!m.hasHeartbeat()) {
        received.add(m);
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

    WorkerMessage next() throws InterruptedException {
      WorkerMessage m = received.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      assertNotNull(m, "the worker sent nothing");
      return m;
    }

    void welcome() {
      send(HubMessage.newBuilder().setWelcome(WorkerProtocol.welcome(60, "test")).build());
    }

    void assign(ChunkAssignment a) {
      send(HubMessage.newBuilder().setAssignment(a).build());
    }

    void ack(ChunkId id) {
      send(HubMessage.newBuilder().setAck(ResultAck.newBuilder().setId(id)).build());
    }

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
