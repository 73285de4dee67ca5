package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.auth.ServerTls;
import gofarm.coordinator.auth.Tokens;
import gofarm.worker.Worker;
import gofarm.worker.WorkerSettings;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.TlsChannelCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.MetadataUtils;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line against a coordinator with tokens and TLS made by {@code deploy/secrets.sh}:
 * {@code submit}/{@code watch}/{@code jobs} with {@code --tls-ca} and {@code --token-file}, a real
 * {@link Worker} with the worker token over TLS, workers refused for a wrong token or role, and a
 * token that would go in plaintext to another machine.
 */
class SecureFarmTest {
  @TempDir static Path dir;
  private static Path secrets;
  private static Coordinator coordinator;
  private static String address;

  @BeforeAll
  static void start() throws Exception {
    secrets = dir.resolve("secrets");
    Process p =
        new ProcessBuilder("bash", "deploy/secrets.sh", secrets.toString())
            .directory(Path.of("..").toAbsolutePath().normalize().toFile())
            .redirectErrorStream(true)
            .start();
    String output = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, output);
    coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(
                new InetSocketAddress("127.0.0.1", 0),
                ServerTls.credentials(
                    secrets.resolve("server.pem"), secrets.resolve("server-key.pem"), null)),
            new CoordinatorSettings("127.0.0.1", -1, null, Duration.ofSeconds(30), "test")
                .withTokens(Tokens.load(secrets.resolve("tokens")), 16));
    address = "127.0.0.1:" + coordinator.port();
  }

  @AfterAll
  static void stop() {
    coordinator.close();
  }

  private static CliRun as(String role, String command, String... args) {
    String[] all = new String[args.length + 6];
    all[0] = "--coordinator";
    all[1] = address;
    all[2] = "--tls-ca";
    all[3] = secrets.resolve("ca.pem").toString();
    all[4] = "--token-file";
    all[5] = secrets.resolve(role + ".token").toString();
    System.arraycopy(args, 0, all, 6, args.length);
    return CliRun.of(command, all);
  }

  @Test
  void aSubmitterSubmitsAndWatchesOverTlsWhileAWorkerWithTheWorkerTokenRunsTheJob()
      throws Exception {
    Path spec =
        Files.writeString(
            dir.resolve("spec.json"),
            """
            {"name": "secure", "seed": 5, "evaluate": {"positions": [{"empty": 5}],
             "policies": [{"name": "uniform"}], "playouts": 2000, "chunkPlayouts": 500}}
            """);
    Metadata token = new Metadata();
    token.put(
        Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
        "Bearer " + Files.readString(secrets.resolve("worker.token")).strip());
    ManagedChannel channel =
        NettyChannelBuilder.forAddress(
                "localhost",
                coordinator.port(),
                TlsChannelCredentials.newBuilder()
                    .trustManager(secrets.resolve("ca.pem").toFile())
                    .build())
            .intercept(MetadataUtils.newAttachHeadersInterceptor(token))
            .build();
    Worker worker =
        new Worker(
            channel,
            WorkerSettings.builder().id("secure-worker").threads(1).version("test").build(),
            new WorkerMetrics(
                new io.prometheus.metrics.model.registry.PrometheusRegistry(), false));
    try {
      worker.start();
      CliRun submit = as("submitter", "submit", spec.toString(), "--watch");
      assertEquals(0, submit.exitCode(), submit.err());
      String id = submit.out().lines().findFirst().orElseThrow();
      CliRun jobs = as("reader", "jobs");
      assertEquals(0, jobs.exitCode(), jobs.err());
      assertTrue(jobs.out().contains(id), jobs.out());
      assertTrue(jobs.out().contains("SUCCEEDED"), jobs.out());
    } finally {
      worker.close();
    }
  }

  /**
   * A client that dials the TLS port in plaintext, or trusts another CA, is told what to change,
   * not "Network closed for unknown reason" or "General OpenSslEngine problem".
   */
  @Test
  void aPlaintextClientOrAnotherCaIsToldWhatToChange() throws Exception {
    CliRun plain =
        CliRun.of(
            "jobs",
            "--coordinator",
            address,
            "--token-file",
            secrets.resolve("reader.token").toString());
    assertEquals(1, plain.exitCode(), plain.err());
    assertTrue(
        plain.err().startsWith("error: the coordinator closed the connection as soon as it opened")
            && plain.err().contains("pass --tls-ca FILE"),
        plain.err());

    Path other = dir.resolve("other-secrets");
    Process p =
        new ProcessBuilder("bash", "deploy/secrets.sh", other.toString())
            .directory(Path.of("..").toAbsolutePath().normalize().toFile())
            .redirectErrorStream(true)
            .start();
    p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0);
    CliRun wrongCa =
        CliRun.of(
            "jobs",
            "--coordinator",
            address,
            "--tls-ca",
            other.resolve("ca.pem").toString(),
            "--token-file",
            secrets.resolve("reader.token").toString());
    assertEquals(1, wrongCa.exitCode(), wrongCa.err());
    assertEquals(
        "error: the TLS handshake with the coordinator failed (Path does not chain with any of the"
            + " trust anchors): check that --tls-ca (or GOFARM_TLS_CA) is the CA that signed the"
            + " coordinator's certificate, and that --coordinator names a host that certificate is"
            + " for",
        wrongCa.err().strip());
  }

  @Test
  void aReaderCannotSubmitAndTheErrorSaysWhichRoleItNeeds() {
    CliRun r = as("reader", "submit", "../examples/evaluate-9x9.json");
    assertEquals(1, r.exitCode(), r.err());
    assertEquals(
        "error: permission denied: gofarm.v1.PlayoutFarm/SubmitJob needs a submitter or admin"
            + " token; token 'grafana' (reader) is a reader",
        r.err().strip());
  }

  @Test
  void aWorkerWithoutAWorkerTokenIsRefusedAndStops() throws Exception {
    CliRun submitter =
        as("submitter", "worker", "--threads", "1", "--give-up-after", "20", "--no-detect-engines");
    assertEquals(1, submitter.exitCode(), submitter.err());
    assertTrue(
        submitter
            .err()
            .contains(
                "refused this worker: gofarm.v1.WorkerHub/Connect needs a worker or admin token;"
                    + " token 'local' (submitter) is a submitter"),
        submitter.err());

    Path wrong = Files.writeString(dir.resolve("wrong.token"), "not-a-token-of-this-farm\n");
    CliRun unknown =
        CliRun.of(
            "worker",
            "--coordinator",
            address,
            "--tls-ca",
            secrets.resolve("ca.pem").toString(),
            "--token-file",
            wrong.toString(),
            "--threads",
            "1",
            "--give-up-after",
            "20",
            "--no-detect-engines");
    assertEquals(1, unknown.exitCode(), unknown.err());
    assertTrue(
        unknown.err().contains("refused this worker: the coordinator does not know this token"),
        unknown.err());
  }

  @Test
  void aTokenIsNotSentInPlaintextToAnotherMachine() {
    CliRun r =
        CliRun.of(
            "jobs",
            "--coordinator",
            "192.0.2.1:7070",
            "--token-file",
            secrets.resolve("admin.token").toString());
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(
        "refusing to send the token in plaintext to 192.0.2.1:7070: anyone on the network path"
            + " could read it and use it. Talk TLS (--tls-ca FILE with the coordinator's CA, or"
            + " --tls), or pass --insecure if this network is trusted",
        r.err().lines().findFirst().orElseThrow());
  }
}
