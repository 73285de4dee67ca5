package gofarm.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.cli.LoopbackPorts;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SubmitJobRequest;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.TlsChannelCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * End to end on loopback: {@code deploy/local/cluster.sh up --workers 2 --prometheus} starts a
 * coordinator with tokens and TLS (made by the script with openssl), two workers (each its own JVM,
 * from this build's classes) and a real Prometheus with the shipped config; two jobs run, submitted
 * over TLS with a submitter token; Prometheus's HTTP API then shows every target up, the rules
 * loaded and evaluated, {@code sum(gofarm_coordinator_playouts_total)} equal to the jobs' playouts
 * and the workers' total at least that (they also run the spot checks); {@code down} stops exactly
 * the processes {@code up} started.
 */
class LocalClusterTest {
  private static final Path STATE = Path.of("target", "deploy-e2e", "state").toAbsolutePath();
  private static final long PLAYOUTS = 24_000;

  private final Map<String, String> env = new HashMap<>();
  private boolean started;

  @AfterEach
  void down() throws Exception {
    if (started) {
      cluster("down", "--timeout", "20");
    }
  }

  @Test
  void aJobOnTheLocalClusterIsCountedByPrometheus() throws Exception {
    Path prometheus = Tools.require("prometheus", "apt-get install prometheus");
    deleteRecursively(STATE.getParent());
    Tools.require("bash", "apt-get install bash");
    env.put("GOFARM_BIN", gofarmLauncher().toString());
    env.put("PROMETHEUS_BIN", prometheus.toString());
    int port = LoopbackPorts.free();
    int metricsPort = LoopbackPorts.free();
    int workerMetricsPort = LoopbackPorts.freePair();
    int prometheusPort = LoopbackPorts.free();

    Tools.Result up =
        cluster(
            "up",
            "--workers",
            "2",
            "--threads",
            "1",
            "--prometheus",
            "--port",
            Integer.toString(port),
            "--metrics-port",
            Integer.toString(metricsPort),
            "--worker-metrics-port",
            Integer.toString(workerMetricsPort),
            "--prometheus-port",
            Integer.toString(prometheusPort),
            "--scrape-interval",
            "1s",
            "--timeout",
            "60");
    started = true;
    assertEquals(0, up.exit(), up.output());
    assertTrue(up.output().contains("gofarm cluster up: 2 workers x 1 thread "), up.output());
    assertTrue(up.output().contains("gRPC 127.0.0.1:" + port), up.output());
    // The coordinator runs with tokens and TLS, made once in the state directory, private.
    Path tokens = STATE.resolve("secrets").resolve("tokens");
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tokens)));
    assertEquals(
        7, Files.readAllLines(tokens).size(), "a comment, four tokens and one per worker machine");
    assertTrue(Files.readString(tokens).contains("workers-2 "), Files.readString(tokens));
    assertTrue(up.output().contains("GOFARM_TOKEN_FILE=" + STATE.resolve("secrets")), up.output());
    assertTrue(up.output().contains("http://127.0.0.1:" + prometheusPort), up.output());

    Tools.Result status = cluster("status");
    assertEquals(0, status.exit(), status.output());
    assertTrue(status.output().contains("2 workers connected, 2 threads"), status.output());

    // A second cluster on the same ports is refused, naming the port and the option.
    Tools.Result clash =
        Tools.run(
            DeployFiles.ROOT,
            Duration.ofSeconds(30),
            List.of(
                "bash",
                "deploy/local/cluster.sh",
                "up",
                "--state-dir",
                STATE.resolveSibling("other").toString(),
                "--port",
                Integer.toString(port)),
            env);
    assertEquals(1, clash.exit(), clash.output());
    assertTrue(
        clash
            .output()
            .contains("port " + port + " for coordinator gRPC (--port) is already in use"),
        clash.output());

    // Two jobs with a scrape between them: a rate needs two samples of a counter, a worker's
    // counter appears with its first playouts, and one job can finish within a scrape interval.
    JobStatus first = runJob(port, 11);
    assertEquals(PLAYOUTS, first.getPlayoutsDone());
    // Workers also run the spot checks (each one's first chunk of a job, and a share of the rest),
    // which the coordinator counts once: its total is exact, the workers' at least that.
    Scrape.awaitQuery(
        prometheusPort, "sum(gofarm_coordinator_playouts_total)", Long.toString(PLAYOUTS));
    Scrape.awaitQuery(prometheusPort, "sum(gofarm_worker_playouts_total) >= " + PLAYOUTS, null);
    JobStatus second = runJob(port, 12);
    assertEquals(PLAYOUTS, second.getPlayoutsDone());

    // Prometheus scrapes every second: wait for a scrape after the jobs, then check.
    String total = Long.toString(2 * PLAYOUTS);
    Scrape.awaitQuery(prometheusPort, "sum(gofarm_coordinator_playouts_total)", total);
    Scrape.awaitQuery(prometheusPort, "sum(gofarm_worker_playouts_total) >= " + total, null);
    Scrape.awaitQuery(prometheusPort, "count(up == 1)", "4");
    String targets = Scrape.get(prometheusPort, "/api/v1/targets?state=active");
    for (String job : List.of("gofarm-coordinator", "gofarm-worker", "prometheus")) {
      assertTrue(targets.contains("\"job\":\"" + job + "\""), targets);
    }
    assertFalse(targets.contains("\"health\":\"down\""), targets);
    // The rules are loaded and evaluated: the recorded throughput saw the job.
    Scrape.awaitQuery(
        prometheusPort, "max_over_time(cluster:gofarm_worker_playouts:rate1m[5m]) > 0", null);
    String rules = Scrape.get(prometheusPort, "/api/v1/rules");
    assertFalse(rules.contains("\"health\":\"err\""), rules);
    assertTrue(rules.contains("GofarmCoordinatorDown"), rules);

    Tools.Result logs = cluster("logs", "--lines", "50", "coordinator");
    assertEquals(0, logs.exit(), logs.output());
    assertTrue(logs.output().contains("worker worker-2 joined with 1 thread"), logs.output());

    List<Long> pids = recordedPids();
    assertEquals(4, pids.size());
    Tools.Result down = cluster("down", "--timeout", "20");
    started = false;
    assertEquals(0, down.exit(), down.output());
    for (String name : List.of("worker-1", "worker-2", "coordinator", "prometheus")) {
      assertTrue(down.output().contains(name + ": stopped"), down.output());
    }
    for (long pid : pids) {
      assertFalse(
          ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "pid " + pid + " lives");
    }
    Tools.Result after = cluster("status");
    assertEquals(3, after.exit(), after.output());
  }

  /**
   * Runs a job as a client of the cluster does: TLS trusting the CA and the submitter token that
   * {@code up} made in the state directory.
   */
  private JobStatus runJob(int port, long seed) throws Exception {
    Path secrets = STATE.resolve("secrets");
    ManagedChannel channel =
        NettyChannelBuilder.forAddress(
                "127.0.0.1",
                port,
                TlsChannelCredentials.newBuilder()
                    .trustManager(secrets.resolve("ca.pem").toFile())
                    .build())
            .build();
    try {
      Metadata token = new Metadata();
      token.put(
          Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
          "Bearer " + Files.readString(secrets.resolve("submitter.token")).strip());
      PlayoutFarmGrpc.PlayoutFarmBlockingStub farm =
          PlayoutFarmGrpc.newBlockingStub(channel)
              .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(token));
      JobSpec spec =
          JobSpec.newBuilder()
              .setName("local cluster")
              .setSeed(seed)
              .setEvaluate(
                  EvaluateSpec.newBuilder()
                      .addPositions(PositionSource.newBuilder().setEmpty(9))
                      .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                      .addPolicies(PolicySpec.newBuilder().setName("atari-local"))
                      .setPlayouts(PLAYOUTS / 2)
                      .setChunkPlayouts(1_000))
              .build();
      String id =
          farm.withDeadlineAfter(30, TimeUnit.SECONDS)
              .submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build())
              .getJobId();
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (System.nanoTime() < deadline) {
        // ListJobs, answered by the job manager alone: a GetJob that looks the job up just as it
        // finishes may ask its retired actor and wait for the coordinator's 10 s ask timeout.
        JobStatus s =
            farm
                .withDeadlineAfter(10, TimeUnit.SECONDS)
                .listJobs(ListJobsRequest.newBuilder().setLimit(10).build())
                .getJobsList()
                .stream()
                .filter(j -> j.getJobId().equals(id))
                .findFirst()
                .orElseThrow();
        if (s.getState() == JobState.SUCCEEDED) {
          return s;
        }
        assertTrue(
            s.getState() == JobState.QUEUED || s.getState() == JobState.RUNNING, s.toString());
        Thread.sleep(100); // a job in other processes: nothing in this JVM to wait on
      }
      throw new AssertionError("the job did not finish in 60 s; logs in " + STATE);
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  private Tools.Result cluster(String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of("bash", "deploy/local/cluster.sh", args[0], "--state-dir"));
    command.add(STATE.toString());
    command.addAll(List.of(args).subList(1, args.length));
    return Tools.run(DeployFiles.ROOT, Duration.ofSeconds(90), command, env);
  }

  private List<Long> recordedPids() throws IOException {
    List<Long> pids = new ArrayList<>();
    try (Stream<Path> files = Files.list(STATE.resolve("pids"))) {
      for (Path f : files.filter(f -> f.toString().endsWith(".pid")).toList()) {
        pids.add(Long.parseLong(Files.readString(f).strip()));
      }
    }
    return pids;
  }

  /**
   * A {@code gofarm} command for the launcher that runs this build's classes (the jar is built
   * after the tests), exactly as the repository's {@code ./gofarm} runs the jar.
   */
  private static Path gofarmLauncher() throws IOException {
    Path dir = Files.createDirectories(STATE.getParent());
    Path launcher = dir.resolve("gofarm");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classpath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Files.writeString(
        launcher,
        "#!/usr/bin/env bash\nexec '"
            + java
            + "' -Xmx256m ${GOFARM_JAVA_OPTS:-} -cp '"
            + classpath
            + "' gofarm.cli.Main \"$@\"\n");
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    return launcher;
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(f);
        }
      }
    }
  }
}
