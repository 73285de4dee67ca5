package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PairResult;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.SubmitJobRequest;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The farm as it runs in production: a coordinator and workers in separate JVMs on 127.0.0.1,
 * talking gRPC over TCP. A worker killed with {@code kill -9} mid-job, and a coordinator killed and
 * restarted mid-job while workers hold finished results, change nothing: every job completes with
 * exactly its playouts and the same statistics as an undisturbed run. A killed worker restarted at
 * once with the same id waits for its id rather than exiting.
 */
class FarmProcessesTest {
  private static final long WAIT_MILLIS = 120_000;

  /** Logs of the processes stay in target/ for when a run fails. */
  private Path dir;

  private final List<Process> processes = new ArrayList<>();
  private final List<Path> logs = new ArrayList<>();
  private int port;
  private ManagedChannel channel;
  private PlayoutFarmGrpc.PlayoutFarmBlockingStub farm;

  @BeforeEach
  void ports(org.junit.jupiter.api.TestInfo test) throws IOException {
    dir = Path.of("target", "farm-processes", test.getTestMethod().orElseThrow().getName());
    Files.createDirectories(dir);
    port = LoopbackPorts.free();
    channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    farm = PlayoutFarmGrpc.newBlockingStub(channel);
  }

  @AfterEach
  void stopAll() throws InterruptedException {
    channel.shutdownNow();
    for (Process p : processes) {
      p.destroyForcibly();
    }
    for (Process p : processes) {
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** A job of 3 positions and 2 policies, 48 chunks of 1,000 playouts in all: a few seconds. */
  private static JobSpec spec() throws IOException {
    String sgf = Files.readString(Path.of("..", "examples", "games", "9x9-gnugo-a.sgf"));
    return JobSpec.newBuilder()
        .setName("processes")
        .setSeed(20261121)
        .setEvaluate(
            EvaluateSpec.newBuilder()
                .addPositions(PositionSource.newBuilder().setEmpty(9))
                .addPositions(
                    PositionSource.newBuilder()
                        .setSgf(SgfSource.newBuilder().setText(sgf).setMove(20)))
                .addPositions(
                    PositionSource.newBuilder()
                        .setSgf(SgfSource.newBuilder().setText(sgf).setMove(40)))
                // uniform on the light board, heavy on Board; heavy also keeps the job long
                // enough (about a second) that the disturbance lands mid-job.
                .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                .addPolicies(PolicySpec.newBuilder().setName("heavy"))
                .setPlayouts(8_000)
                .setChunkPlayouts(1_000))
        .build();
  }

  @Test
  void aWorkerKilledMidJobLosesNothingAndCountsNothingTwice() throws Exception {
    startCoordinator(null);
    Process a = startWorker("a");
    Process b = startWorker("b");
    JobResults undisturbed = finish(submit());

    String id = submit();
    waitForProgress(id, 0.25);
    a.destroyForcibly(); // SIGKILL: no drain, no goodbye
    a.waitFor(10, TimeUnit.SECONDS);
    // Restarted at once with its id, as a supervisor restarts a container whose pid is always 1:
    // the hub holds the id for the killed stream until its claim lapses (a lease), and the new
    // process waits for it instead of exiting.
    Process restarted = startWorker("a");
    JobResults disturbed = finish(id);

    assertSameStatistics(undisturbed, disturbed);
    assertEquals(48_000, disturbed.getStatus().getPlayoutsDone());

    b.destroyForcibly(); // the next job has only the restarted worker to run it
    JobResults afterRestart = finish(submit());
    assertSameStatistics(undisturbed, afterRestart);
    assertTrue(restarted.isAlive(), "the restarted worker is still running");
    assertTrue(
        Files.readString(logOf(restarted)).contains("holds this worker's id"),
        "the restarted worker met the held id: " + Files.readString(logOf(restarted)));
  }

  @Test
  void aCoordinatorRestartedMidJobFinishesTheJobWithTheSameResults() throws Exception {
    Path data = dir.resolve("data");
    Process coordinator = startCoordinator(data);
    startWorker("a");
    startWorker("b");
    JobResults undisturbed = finish(submit());

    String id = submit();
    waitForProgress(id, 0.25);
    coordinator.destroyForcibly();
    coordinator.waitFor(10, TimeUnit.SECONDS);
    startCoordinator(data); // same port, same data: resumes the job, workers reconnect
    JobResults resumed = finish(id);

    assertEquals(JobState.SUCCEEDED, resumed.getStatus().getState());
    assertSameStatistics(undisturbed, resumed);
    // Finished jobs are served again after another restart.
    JobResults again = farm.withDeadlineAfter(30, TimeUnit.SECONDS).getResults(request(id));
    assertSameStatistics(resumed, again);
  }

  /**
   * A message over the size limit is refused with the numbers, and the coordinator's log says so in
   * one line, not with gRPC's stack trace.
   */
  @Test
  void anOversizedMessageIsOneLineInTheLog() throws Exception {
    Process coordinator = startCoordinator(null);
    JobSpec huge = spec().toBuilder().setName("x".repeat(17 << 20)).build();
    StatusRuntimeException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            StatusRuntimeException.class,
            () ->
                awaitCoordinator(
                    () ->
                        farm.withDeadlineAfter(30, TimeUnit.SECONDS)
                            .submitJob(SubmitJobRequest.newBuilder().setSpec(huge).build())));
    assertEquals(io.grpc.Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode(), e.toString());
    assertTrue(e.getStatus().getDescription().contains("16777216"), e.toString());
    submit(); // and it goes on answering
    String log = "";
    for (int i = 0; i < 50 && !log.contains("exceeds maximum size"); i++) {
      Thread.sleep(100);
      log = Files.readString(logOf(coordinator));
    }
    assertTrue(log.contains("exceeds maximum size 16777216"), log);
    assertTrue(!log.contains("\tat io.grpc"), "no stack trace:\n" + log);
  }

  // ------------------------------------------------------------------ the job

  private String submit() throws IOException {
    JobStatus s =
        awaitCoordinator(
            () ->
                farm.withDeadlineAfter(30, TimeUnit.SECONDS)
                    .submitJob(SubmitJobRequest.newBuilder().setSpec(spec()).build()));
    return s.getJobId();
  }

  private JobResults finish(String id) throws Exception {
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      JobStatus s =
          awaitCoordinator(() -> farm.withDeadlineAfter(10, TimeUnit.SECONDS).getJob(request(id)));
      if (s.getState() == JobState.SUCCEEDED) {
        return farm.withDeadlineAfter(30, TimeUnit.SECONDS).getResults(request(id));
      }
      assertTrue(s.getState() == JobState.QUEUED || s.getState() == JobState.RUNNING, s.toString());
      Thread.sleep(200); // polling a separate process: nothing to wait on in this JVM
    }
    throw new AssertionError("job " + id + " did not finish; see " + dir);
  }

  private void waitForProgress(String id, double fraction) throws Exception {
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      JobStatus s =
          awaitCoordinator(() -> farm.withDeadlineAfter(10, TimeUnit.SECONDS).getJob(request(id)));
      if (s.getPlayoutsDone() >= fraction * s.getPlayoutsTotal()) {
        assertTrue(
            s.getState() == JobState.RUNNING, "still running when disturbed: " + s.getState());
        return;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("job " + id + " made no progress; see " + dir);
  }

  private static void assertSameStatistics(JobResults expected, JobResults actual) {
    assertEquals(expected.getPairsCount(), actual.getPairsCount());
    for (int i = 0; i < expected.getPairsCount(); i++) {
      PairResult e = expected.getPairs(i);
      PairResult a = actual.getPairs(i);
      assertEquals(
          e.getStats(),
          a.getStats(),
          "pair " + i + " (" + e.getPositionLabel() + ", " + e.getPolicyName() + ")");
      assertEquals(8_000, a.getPlayouts());
    }
  }

  private static GetJobRequest request(String id) {
    return GetJobRequest.newBuilder().setJobId(id).build();
  }

  /** Retries while the coordinator is not reachable yet (it starts in another JVM). */
  private <T> T awaitCoordinator(Call<T> call) throws IOException {
    long deadline = System.currentTimeMillis() + 60_000;
    while (true) {
      try {
        return call.run();
      } catch (StatusRuntimeException e) {
        // The coordinator may be starting, or slow on a loaded machine: ask again.
        io.grpc.Status.Code code = e.getStatus().getCode();
        boolean retry =
            code == io.grpc.Status.Code.UNAVAILABLE
                || code == io.grpc.Status.Code.DEADLINE_EXCEEDED;
        if (!retry || System.currentTimeMillis() > deadline) {
          throw e;
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  @FunctionalInterface
  private interface Call<T> {
    T run() throws IOException;
  }

  // ------------------------------------------------------------------ processes

  private Process startCoordinator(Path dataDir) throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "coordinator",
                "--host",
                "127.0.0.1",
                "--port",
                Integer.toString(port),
                "--metrics-port",
                "-1",
                "--lease-seconds",
                "10"));
    if (dataDir != null) {
      args.add("--data-dir");
      args.add(dataDir.toString());
    }
    return start("coordinator", args);
  }

  private Process startWorker(String id) throws IOException {
    return start(
        "worker-" + id,
        List.of("worker", "--coordinator", "127.0.0.1:" + port, "--id", id, "--threads", "1"));
  }

  private Process start(String name, List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    command.add("-Xmx256m");
    command.add(Main.class.getName());
    command.addAll(args);
    Path log = dir.resolve(name + "-" + processes.size() + ".log");
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    processes.add(p);
    logs.add(log);
    return p;
  }

  private Path logOf(Process p) {
    return logs.get(processes.indexOf(p));
  }
}
