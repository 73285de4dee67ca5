package gofarm.coordinator.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SubmitJobRequest;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Issue 33, item 2: a submitter within the limits cannot take the coordinator down. The loop of the
 * issue (submit a legal spec of 3,200 pairs of 25×25 statistics, cancel it, repeat) runs against a
 * coordinator in its own JVM with a 1 GB heap, over gRPC on 127.0.0.1: 50 rounds, every call
 * answered promptly, the heap after a full collection as flat at the end as after ten rounds, and
 * the oldest results dropped with a message that says why. Before, the coordinator kept every
 * finished job's results as messages (about 115 MB for this job) and copied every pair's statistics
 * to report a cancel (about 200 MB), and ran out of memory in round 3.
 */
class CoordinatorMemoryTest {
  private static final int ROUNDS = 50;

  /** A call slower than this is no prompt answer (it took 1-10 s before, then failed). */
  private static final double PROMPT_SECONDS = 3;

  /**
   * The newest job's results: 31 MB (3,200 pairs of 25×25 statistics, nothing counted) decoded,
   * sent and parsed, the first time by code the JIT has not compiled yet.
   */
  private static final double RESULTS_SECONDS = 15;

  private Process coordinator;
  private BufferedReader out;
  private Writer in;
  private ManagedChannel channel;
  private PlayoutFarmGrpc.PlayoutFarmBlockingStub farm;

  /**
   * The loop's spec: 200 positions × 16 policies on 25×25, 1,000 playouts each: 3,200 pairs, whose
   * statistics (about 400 MiB while the job runs) fit the default budget of half a 1 GB heap.
   */
  private static JobSpec spec() {
    EvaluateSpec.Builder e = EvaluateSpec.newBuilder().setPlayouts(1_000);
    for (int i = 0; i < 200; i++) {
      e.addPositions(PositionSource.newBuilder().setEmpty(25));
    }
    List<String> presets = List.of("uniform", "atari-local", "mogo", "heavy");
    for (int i = 0; i < 16; i++) {
      e.addPolicies(PolicySpec.newBuilder().setName(presets.get(i % presets.size())));
    }
    return JobSpec.newBuilder().setName("loop").setEvaluate(e).build();
  }

  private void start(String heap) throws IOException {
    Path log = Path.of("target", "coordinator-memory.log");
    Files.createDirectories(log.getParent());
    coordinator =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap,
                "-XX:+ExitOnOutOfMemoryError",
                "-cp",
                System.getProperty(
                    "surefire.test.class.path", System.getProperty("java.class.path")),
                CoordinatorProcess.class.getName())
            .redirectError(log.toFile())
            .start();
    out =
        new BufferedReader(
            new InputStreamReader(coordinator.getInputStream(), StandardCharsets.UTF_8));
    in = new OutputStreamWriter(coordinator.getOutputStream(), StandardCharsets.UTF_8);
    int port = Integer.parseInt(answer("port"));
    channel =
        NettyChannelBuilder.forAddress("127.0.0.1", port)
            .usePlaintext()
            .maxInboundMessageSize(256 * 1024 * 1024)
            .build();
    farm = PlayoutFarmGrpc.newBlockingStub(channel);
  }

  /** The rest of the coordinator's next line that starts with {@code key}. */
  private String answer(String key) throws IOException {
    for (String line; (line = out.readLine()) != null; ) {
      if (line.startsWith(key + " ")) {
        return line.substring(key.length() + 1);
      }
    }
    throw new AssertionError(
        "the coordinator ended (exit " + exitCode() + "); see target/coordinator-memory.log");
  }

  private String exitCode() {
    try {
      return coordinator.waitFor(5, TimeUnit.SECONDS) ? "" + coordinator.exitValue() : "none";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "?";
    }
  }

  /** Heap in use in the coordinator after a full collection, in MiB. */
  private long heapMib() throws IOException {
    in.write("heap\n");
    in.flush();
    return Long.parseLong(answer("heap")) >> 20;
  }

  /** The client logs nothing per frame here: 30 MB of results as DEBUG lines take seconds. */
  private static final List<String> NOISY = List.of("io.grpc", "io.netty");

  private final List<Level> levels = new ArrayList<>();

  @BeforeEach
  void quietClient() {
    for (String name : NOISY) {
      Logger logger = (Logger) LoggerFactory.getLogger(name);
      levels.add(logger.getLevel());
      logger.setLevel(Level.WARN);
    }
  }

  @AfterEach
  void stop() throws Exception {
    for (int i = 0; i < NOISY.size(); i++) {
      ((Logger) LoggerFactory.getLogger(NOISY.get(i))).setLevel(levels.get(i));
    }
    if (channel != null) {
      channel.shutdownNow();
    }
    if (coordinator != null) {
      try {
        in.write("quit\n");
        in.flush();
      } catch (IOException e) {
        // It has ended already.
      }
      if (!coordinator.waitFor(20, TimeUnit.SECONDS)) {
        coordinator.destroyForcibly();
      }
    }
  }

  /** One timed call; a call that fails or takes longer than {@link #PROMPT_SECONDS} fails. */
  private <T> T timed(String what, List<String> times, Supplier<T> call) {
    return timed(what, times, PROMPT_SECONDS, call);
  }

  private <T> T timed(String what, List<String> times, double limit, Supplier<T> call) {
    long start = System.nanoTime();
    T value;
    try {
      value = call.get();
    } catch (StatusRuntimeException e) {
      throw new AssertionError(
          what + ": " + e.getStatus() + " (exit " + exitCode() + "); times so far " + times, e);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    times.add(String.format(Locale.ROOT, "%s %.2f", what, seconds));
    assertTrue(seconds < limit, what + " took " + seconds + " s; times " + times);
    return value;
  }

  private PlayoutFarmGrpc.PlayoutFarmBlockingStub farm() {
    return farm.withDeadlineAfter(30, TimeUnit.SECONDS);
  }

  @Test
  void theSubmitCancelLoopRuns50RoundsInA1GbHeapWithTheCoordinatorAnswering() throws Exception {
    start("1g");
    SubmitJobRequest submit = SubmitJobRequest.newBuilder().setSpec(spec()).build();
    List<String> ids = new ArrayList<>();
    List<String> times = new ArrayList<>();
    long heapAfter10 = 0;
    for (int round = 1; round <= ROUNDS; round++) {
      String r = "round " + round + ": ";
      JobStatus queued = timed(r + "submit", times, () -> farm().submitJob(submit));
      String id = queued.getJobId();
      ids.add(id);
      GetJobRequest job = GetJobRequest.newBuilder().setJobId(id).build();
      JobStatus cancelled = timed(r + "cancel", times, () -> farm().cancelJob(job));
      assertEquals(JobState.CANCELLED, cancelled.getState());
      JobStatus status = timed(r + "get", times, () -> farm().getJob(job));
      assertEquals(JobState.CANCELLED, status.getState());
      assertEquals(3_200, status.getPairsCount(), "the final status has every pair's headline");
      timed(
          r + "list",
          times,
          () -> farm().listJobs(ListJobsRequest.newBuilder().setLimit(10).build()));
      if (round % 10 == 0) {
        // The newest results are served whole; waiting for them also lets the heap settle.
        JobResults results =
            timed(r + "results", times, RESULTS_SECONDS, () -> farm().getResults(job));
        assertEquals(3_200, results.getPairsCount());
        assertEquals(0, results.getPairs(3_199).getPlayouts());
        assertEquals(625, results.getPairs(3_199).getOwnershipCount());
        long heap = heapMib();
        times.add(r + "heap " + heap + " MiB");
        if (round == 10) {
          heapAfter10 = heap;
        } else {
          // Room for a few more of the newest results kept (31 MB each), not for growth: before,
          // each round kept about 340 MB.
          assertTrue(
              heap < heapAfter10 + 96,
              "flat: " + heap + " MiB after round " + round + ", " + heapAfter10 + " after 10");
        }
        assertTrue(heap < 400, heap + " MiB of a 1 GB heap in use");
      }
    }
    assertTrue(coordinator.isAlive(), "the coordinator runs on");
    // The first round's results left memory for later ones; without an archive they are gone,
    // and the answer says why.
    StatusRuntimeException gone =
        assertThrows(
            StatusRuntimeException.class,
            () -> farm().getResults(GetJobRequest.newBuilder().setJobId(ids.get(0)).build()));
    assertEquals(Status.Code.FAILED_PRECONDITION, gone.getStatus().getCode());
    assertTrue(
        gone.getStatus()
            .getDescription()
            .matches(
                "the results of job "
                    + ids.get(0)
                    + " are no longer kept: this coordinator keeps finished jobs' results in"
                    + " memory within --max-statistics-mb \\([0-9]+ MiB\\), dropping the oldest"
                    + " first, and has no --data-dir to keep them on disk"),
        gone.getStatus().getDescription());
    // It is still listed, with its final state.
    assertEquals(
        JobState.CANCELLED,
        farm().getJob(GetJobRequest.newBuilder().setJobId(ids.get(0)).build()).getState());
    System.out.println(String.join("\n", times));
  }

  /**
   * Many readers of one large result at once (a reader's token may ask as often as it likes): the
   * 31 MB results of the loop's job, sixteen GetResults in flight together, in the same 1 GB heap.
   * Each read costs the coordinator about the stored bytes, which it sends as they are; before, it
   * parsed them into a message of several times their size for each call, and the heap ran out.
   */
  @Test
  void sixteenConcurrentReadsOfA31MbResultFitA1GbHeap() throws Exception {
    start("1g");
    List<String> times = new ArrayList<>();
    JobStatus queued =
        timed(
            "submit",
            times,
            () -> farm().submitJob(SubmitJobRequest.newBuilder().setSpec(spec()).build()));
    GetJobRequest job = GetJobRequest.newBuilder().setJobId(queued.getJobId()).build();
    timed("cancel", times, () -> farm().cancelJob(job));
    PlayoutFarmGrpc.PlayoutFarmFutureStub futures =
        PlayoutFarmGrpc.newFutureStub(channel).withDeadlineAfter(120, TimeUnit.SECONDS);
    List<com.google.common.util.concurrent.ListenableFuture<JobResults>> reads = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      reads.add(futures.getResults(job));
    }
    // The coordinator answers other calls meanwhile.
    timed("list", times, () -> farm().listJobs(ListJobsRequest.newBuilder().setLimit(10).build()));
    for (var read : reads) {
      JobResults results;
      try {
        results = read.get(120, TimeUnit.SECONDS);
      } catch (java.util.concurrent.ExecutionException e) {
        throw new AssertionError("a read failed (exit " + exitCode() + "): " + e.getCause(), e);
      }
      assertEquals(3_200, results.getPairsCount());
      assertEquals(625, results.getPairs(3_199).getOwnershipCount());
    }
    assertTrue(coordinator.isAlive(), "the coordinator runs on");
    long heap = heapMib();
    assertTrue(heap < 400, heap + " MiB of a 1 GB heap in use after the reads");
  }
}
