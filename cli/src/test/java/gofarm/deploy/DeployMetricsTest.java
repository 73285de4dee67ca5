package gofarm.deploy;

import static gofarm.deploy.DeployFiles.at;
import static gofarm.deploy.DeployFiles.list;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gofarm.cli.SlowMatches;
import gofarm.cli.TrainingGames;
import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.proto.v1.BalanceSpec;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.proto.v1.TuneEvaluation;
import gofarm.proto.v1.TuneObjective;
import gofarm.proto.v1.TuneParameter;
import gofarm.proto.v1.TuneSpec;
import gofarm.worker.Worker;
import gofarm.worker.WorkerSettings;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every metric that the Grafana dashboard, the recording rules and the alerts name is exported by a
 * real coordinator and worker: they run in this JVM over TCP on 127.0.0.1 with their metrics
 * endpoints, a job with a light and a heavy policy runs beside a tune, a fit, a balance and a match
 * job, and both endpoints are scraped while they run and after they end. The endpoints behind the
 * container and Kubernetes probes are checked here too: {@code /-/healthy} on both metrics ports
 * and gRPC health on the coordinator's port.
 */
class DeployMetricsTest {
  private static final Duration WAIT = Duration.ofSeconds(60);

  /** The running match jobs' gauges. */
  private static final List<String> MATCH_GAUGES =
      List.of(
          "gofarm_coordinator_running_match_games_done",
          "gofarm_coordinator_running_match_games_requested",
          "gofarm_coordinator_running_match_llr",
          "gofarm_coordinator_running_match_llr_lower",
          "gofarm_coordinator_running_match_llr_upper",
          "gofarm_coordinator_running_match_elo",
          "gofarm_coordinator_running_match_elo_low",
          "gofarm_coordinator_running_match_elo_high");

  private static Coordinator coordinator;
  private static Worker worker;
  private static ManagedChannel workerChannel;
  private static ManagedChannel client;
  private static HTTPServer workerMetricsServer;
  private static final Scrape SCRAPE = new Scrape();

  @BeforeAll
  static void runAJobAndScrape() throws Exception {
    coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
            new CoordinatorSettings("127.0.0.1", 0, null, Duration.ofSeconds(30), "dev"));
    WorkerMetrics workerMetrics = new WorkerMetrics();
    workerMetricsServer =
        HTTPServer.builder()
            .hostname("127.0.0.1")
            .port(0)
            .registry(workerMetrics.registry())
            .buildAndStart();
    workerChannel =
        NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port()).usePlaintext().build();
    worker =
        new Worker(
            workerChannel,
            WorkerSettings.builder().id("metrics-test").threads(2).version("dev").build(),
            workerMetrics);
    worker.start();
    client = NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port()).usePlaintext().build();
    PlayoutFarmGrpc.PlayoutFarmBlockingStub farm = PlayoutFarmGrpc.newBlockingStub(client);

    // Far more playouts than the test waits for: scraped while running, then cancelled.
    JobSpec spec =
        JobSpec.newBuilder()
            .setName("deploy metrics")
            .setSeed(5)
            .setEvaluate(
                EvaluateSpec.newBuilder()
                    .addPositions(PositionSource.newBuilder().setEmpty(9))
                    .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                    .addPolicies(PolicySpec.newBuilder().setName("heavy"))
                    .setPlayouts(2_000_000)
                    .setChunkPlayouts(500))
            .build();
    String id =
        farm.withDeadlineAfter(30, TimeUnit.SECONDS)
            .submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build())
            .getJobId();
    GetJobRequest job = GetJobRequest.newBuilder().setJobId(id).build();
    // A tune, a fit and a balance job, first in line, and a match beside the evaluate job, all far
    // longer than the test waits for: their gauges.
    List<GetJobRequest> jobs = new ArrayList<>(List.of(job));
    for (JobSpec other : List.of(tuneSpec(), fitSpec(), balanceSpec(), matchSpec())) {
      jobs.add(
          GetJobRequest.newBuilder()
              .setJobId(
                  farm.withDeadlineAfter(30, TimeUnit.SECONDS)
                      .submitJob(SubmitJobRequest.newBuilder().setSpec(other).build())
                      .getJobId())
              .build());
    }

    // Running: counted chunks of both policies, rule fires, and the running-job gauges.
    awaitScrape(
        coordinator.metricsPort(),
        s ->
            s.has("gofarm_coordinator_running_black_win_rate")
                && s.has("gofarm_coordinator_playouts_total")
                && s.has("gofarm_coordinator_running_tune_objective")
                && s.has("gofarm_coordinator_running_fit_log_likelihood")
                && s.has("gofarm_coordinator_running_balance_mse")
                && s.has("gofarm_coordinator_running_match_llr")
                && s.has("gofarm_coordinator_running_match_elo"));
    awaitScrape(workerMetricsServer.getPort(), s -> s.has("gofarm_worker_rule_fires_total"));
    for (GetJobRequest j : jobs) {
      assertEquals(JobState.RUNNING, farm.getJob(j).getState(), "scraped while running");
    }

    for (GetJobRequest j : jobs) {
      JobStatus cancelled = farm.withDeadlineAfter(30, TimeUnit.SECONDS).cancelJob(j);
      assertEquals(JobState.CANCELLED, cancelled.getState());
    }
    SCRAPE.add(coordinator.metricsPort()).add(workerMetricsServer.getPort());
  }

  /** A tuning on one reference position with a given value, of more iterations than it runs. */
  private static JobSpec tuneSpec() {
    return JobSpec.newBuilder()
        .setName("deploy metrics: tune")
        .setSeed(5)
        .setPriority(10)
        .setTune(
            TuneSpec.newBuilder()
                .setPolicy(PolicySpec.newBuilder().setName("heavy"))
                .addParameters(
                    TuneParameter.newBuilder()
                        .setPath("rules[0].rate")
                        .setMin(0)
                        .setMax(1)
                        .setCEnd(0.1)
                        .setREnd(1))
                .setObjective(
                    TuneObjective.newBuilder()
                        .setEvaluation(
                            TuneEvaluation.newBuilder()
                                .setPlayouts(100)
                                .addPositions(
                                    ReferencePosition.newBuilder()
                                        .setPosition(PositionSource.newBuilder().setEmpty(9))
                                        .setBlackValue(0.45))))
                .setIterations(100_000)
                .setBatchPairs(1))
        .build();
  }

  /** A fit of a few short games, of more iterations than it runs. */
  private static JobSpec fitSpec() {
    return JobSpec.newBuilder()
        .setName("deploy metrics: fit")
        .setSeed(5)
        .setPriority(10)
        .setFit(
            FitSpec.newBuilder()
                .addGames(SgfSource.newBuilder().setText(TrainingGames.sgf(10, 9, 40, 5)))
                .setTestShare(0.3)
                .setMaxIterations(10_000)
                .setMinGain(0))
        .build();
  }

  /** Positions with values (no reference step) and a pass of a few playouts: an MSE at once. */
  private static JobSpec balanceSpec() {
    BalanceSpec.Builder b =
        BalanceSpec.newBuilder()
            .setPolicy(PolicySpec.newBuilder().setName("softmax"))
            .setHeldOut(0.5)
            .setIterations(10_000)
            .setValuePlayouts(2)
            .setGradientPlayouts(2);
    for (int i = 0; i < 6; i++) {
      b.addPositions(
          ReferencePosition.newBuilder()
              .setPosition(PositionSource.newBuilder().setEmpty(5).setLabel("empty " + i))
              .setBlackValue(0.5));
    }
    return JobSpec.newBuilder()
        .setName("deploy metrics: balance")
        .setSeed(5)
        .setPriority(10)
        .setBalance(b)
        .build();
  }

  /**
   * A match still running while the scrapes are taken: an LLR and an Elo after the first pair. At
   * the evaluate job's priority, since a match always has pairs waiting and would starve a job
   * below it.
   */
  private static JobSpec matchSpec() {
    return SlowMatches.undecided("deploy metrics: match");
  }

  /** Scrapes a port until {@code done} holds for that scrape, and adds every scrape. */
  private static void awaitScrape(int port, Predicate<Scrape> done) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      Scrape s = new Scrape().add(Scrape.get(port, "/metrics"));
      SCRAPE.add(Scrape.get(port, "/metrics"));
      if (done.test(s)) {
        return;
      }
      if (System.nanoTime() > deadline) {
        fail("port " + port + " never exported what the test waits for: " + s.names());
      }
      Thread.sleep(100); // another component's progress: nothing in this test to wait on
    }
  }

  @AfterAll
  static void stop() throws InterruptedException {
    if (worker != null) {
      worker.drain(Duration.ofSeconds(5));
      worker.close();
    }
    if (workerChannel != null) {
      workerChannel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
    if (client != null) {
      client.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
    if (workerMetricsServer != null) {
      workerMetricsServer.close();
    }
    if (coordinator != null) {
      coordinator.close();
    }
  }

  @Test
  void everyMetricTheDashboardNamesIsExported() {
    assertAllExported("the dashboard", DeployFiles.dashboardExpressions());
  }

  @Test
  void everyMetricTheRecordingAndAlertingRulesNameIsExported() {
    List<String> exprs = new ArrayList<>();
    for (Map<String, Object> rule : DeployFiles.rules()) {
      exprs.add((String) rule.get("expr"));
    }
    assertAllExported("the rules", exprs);
  }

  private static void assertAllExported(String where, List<String> exprs) {
    List<String> names = PromQl.metricNames(exprs);
    assertTrue(names.size() >= 10, where + " names only " + names);
    Set<String> recorded = DeployFiles.recordedNames();
    Set<String> missing = new TreeSet<>();
    for (String name : names) {
      boolean known =
          name.equals("up") // made by Prometheus for every target
              || (name.contains(":") && recorded.contains(name))
              || SCRAPE.has(name);
      if (!known) {
        missing.add(name);
      }
    }
    assertEquals(Set.of(), missing, where + " names metrics nobody exports");
    // Label matchers on exported metrics name labels they have (job and instance: Prometheus's).
    for (String e : exprs) {
      PromQl.matcherLabels(e)
          .forEach(
              (metric, labels) -> {
                if (SCRAPE.has(metric)) {
                  for (String label : labels) {
                    assertTrue(
                        label.equals("job")
                            || label.equals("instance")
                            || SCRAPE.labels(metric).contains(label),
                        where + ": " + metric + " has no label " + label + " in: " + e);
                  }
                }
              });
    }
  }

  @Test
  void theExpositionPassesPromtoolsLint() throws Exception {
    Path promtool = Tools.require("promtool", "apt-get install prometheus");
    for (int port : new int[] {coordinator.metricsPort(), workerMetricsServer.getPort()}) {
      Path exposition = Files.createTempFile("gofarm-metrics-", ".txt");
      try {
        Files.writeString(exposition, Scrape.get(port, "/metrics"));
        Process p =
            new ProcessBuilder(promtool.toString(), "check", "metrics")
                .redirectErrorStream(true)
                .redirectInput(exposition.toFile())
                .start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "promtool check metrics did not finish");
        assertEquals(0, p.exitValue(), "promtool check metrics on port " + port + ":\n" + output);
      } finally {
        Files.deleteIfExists(exposition);
      }
    }
  }

  @Test
  void theNewRunningJobGaugesAreExported() {
    // The dashboard's job progress and black win rate panels read these (added for deploy/).
    assertTrue(SCRAPE.has("gofarm_coordinator_running_playouts_done"));
    assertTrue(SCRAPE.has("gofarm_coordinator_running_playouts_requested"));
    assertEquals(Set.of("policy"), SCRAPE.labels("gofarm_coordinator_running_black_win_rate"));
    assertEquals(Set.of("objective"), SCRAPE.labels("gofarm_coordinator_running_tune_objective"));
    assertEquals(Set.of("sample"), SCRAPE.labels("gofarm_coordinator_running_fit_log_likelihood"));
    assertEquals(Set.of("sample"), SCRAPE.labels("gofarm_coordinator_running_balance_mse"));
    // Matches are averaged, never told apart: no labels at all.
    for (String gauge : MATCH_GAUGES) {
      assertTrue(SCRAPE.has(gauge), gauge);
      assertEquals(Set.of(), SCRAPE.labels(gauge), gauge);
    }
  }

  @Test
  void theDashboardHasPanelsForTuneFitBalanceAndMatchJobs() {
    // Every running-job gauge of the tune, fit, balance and match kinds is drawn (and, above,
    // exported).
    List<String> names = PromQl.metricNames(DeployFiles.dashboardExpressions());
    List<String> gauges = new ArrayList<>(MATCH_GAUGES);
    gauges.addAll(
        List.of(
            "gofarm_coordinator_running_tune_iterations_done",
            "gofarm_coordinator_running_tune_iterations_requested",
            "gofarm_coordinator_running_tune_objective",
            "gofarm_coordinator_running_fit_iterations_done",
            "gofarm_coordinator_running_fit_iterations_requested",
            "gofarm_coordinator_running_fit_log_likelihood",
            "gofarm_coordinator_running_balance_iterations_done",
            "gofarm_coordinator_running_balance_iterations_requested",
            "gofarm_coordinator_running_balance_mse"));
    for (String gauge : gauges) {
      assertTrue(names.contains(gauge), "the dashboard draws " + gauge);
      assertTrue(SCRAPE.has(gauge), gauge + " is exported while such a job runs");
    }
  }

  @Test
  void theDashboardsPanelsHaveTheirOwnIdsAndPlacesAndReadTheDatasourceVariable() {
    // Grafana draws overlapping panels over each other and keys panel links by id.
    Set<Object> ids = new HashSet<>();
    Map<String, Object> taken = new HashMap<>();
    for (Object panel : list(at(DeployFiles.yaml(DeployFiles.DASHBOARD), "panels"))) {
      Object id = at(panel, "id");
      assertTrue(ids.add(id), "panel id " + id + " twice");
      int x = (Integer) at(panel, "gridPos", "x");
      int y = (Integer) at(panel, "gridPos", "y");
      int w = (Integer) at(panel, "gridPos", "w");
      int h = (Integer) at(panel, "gridPos", "h");
      assertTrue(x >= 0 && w > 0 && x + w <= 24, "panel " + id + " fits the 24 columns");
      for (int i = x; i < x + w; i++) {
        for (int j = y; j < y + h; j++) {
          Object other = taken.put(i + "," + j, id);
          assertNull(other, "panels " + other + " and " + id + " overlap at " + i + "," + j);
        }
      }
      if (!"row".equals(at(panel, "type"))) {
        assertEquals("${datasource}", at(panel, "datasource", "uid"), "panel " + id);
      }
    }
  }

  @Test
  void probesHaveRealEndpoints() throws Exception {
    assertEquals(
        "Exporter is healthy.", Scrape.get(coordinator.metricsPort(), "/-/healthy").strip());
    assertEquals(
        "Exporter is healthy.", Scrape.get(workerMetricsServer.getPort(), "/-/healthy").strip());
    HealthCheckResponse health =
        HealthGrpc.newBlockingStub(client)
            .withDeadlineAfter(10, TimeUnit.SECONDS)
            .check(HealthCheckRequest.getDefaultInstance());
    assertEquals(HealthCheckResponse.ServingStatus.SERVING, health.getStatus());
  }

  @Test
  void theContainerHealthcheckScriptAsksTheRealEndpoint() throws Exception {
    Tools.require("bash", "apt-get install bash");
    List<String> script =
        List.of("bash", DeployFiles.DEPLOY.resolve("docker/healthcheck.sh").toString());
    for (int port : List.of(coordinator.metricsPort(), workerMetricsServer.getPort())) {
      Tools.Result r =
          Tools.run(
              DeployFiles.ROOT,
              Duration.ofSeconds(10),
              script,
              Map.of("GOFARM_HEALTH_PORT", Integer.toString(port)));
      assertEquals(0, r.exit(), r.output());
    }
    // The gRPC port speaks HTTP/2 only: not a health endpoint, so the check fails.
    List<String> wrongPort = new ArrayList<>(script);
    wrongPort.add(Integer.toString(coordinator.port()));
    Tools.Result r = Tools.run(DeployFiles.ROOT, Duration.ofSeconds(10), wrongPort);
    assertEquals(1, r.exit(), r.output());
  }

  @Test
  void theHealthcheckScriptSaysUnhealthyWhenThePeerResetsTheConnection() throws Exception {
    Tools.require("bash", "apt-get install bash");
    // A peer that resets every connection at once: the script's write then meets a reset
    // socket, which killed it with SIGPIPE (exit 141) in most tries before it ignored the signal.
    try (ServerSocket resetter = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread acceptor =
          new Thread(
              () -> {
                while (!resetter.isClosed()) {
                  try (Socket s = resetter.accept()) {
                    s.setSoLinger(true, 0); // close with RST
                  } catch (IOException closed) {
                    return;
                  }
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      List<String> script =
          List.of(
              "bash",
              DeployFiles.DEPLOY.resolve("docker/healthcheck.sh").toString(),
              Integer.toString(resetter.getLocalPort()));
      for (int i = 0; i < 10; i++) {
        Tools.Result r = Tools.run(DeployFiles.ROOT, Duration.ofSeconds(10), script);
        assertEquals(1, r.exit(), "try " + i + ": " + r.output());
      }
    }
  }
}
