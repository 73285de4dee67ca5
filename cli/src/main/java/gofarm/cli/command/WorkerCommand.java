package gofarm.cli.command;

import gofarm.cli.console.OptionChecks;
import gofarm.cli.console.SecurityOptions;
import gofarm.cli.console.Version;
import gofarm.worker.Backoff;
import gofarm.worker.Engines;
import gofarm.worker.Worker;
import gofarm.worker.WorkerFailedException;
import gofarm.worker.WorkerSettings;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gofarm worker}: dials the coordinator, runs the chunks it is given on all cores until it
 * is stopped, and drains on SIGTERM or Ctrl-C (returns the chunks not started, finishes and
 * delivers the running ones).
 *
 * <p>Exit codes: 1 when the coordinator refused the worker (another protocol version), did not
 * answer within {@code --give-up-after}, or the metrics port was taken; 2 for bad options. After
 * SIGTERM or Ctrl-C the JVM exits with the signal's status (143, 130) once the drain is over.
 */
@Command(
    name = "worker",
    mixinStandardHelpOptions = true,
    description = {
      "Connects to a coordinator and runs playout chunks and match games on this machine's"
          + " cores.",
      "Match jobs may pit players against external GTP engines: the worker advertises the"
          + " engines it has (--engine, and gnugo when found) and is given only matches it can"
          + " play; an engine that fails hands its game pair back with the reason.",
      "Finished results are kept until the coordinator acknowledges them, so a broken connection"
          + " loses nothing: the worker reconnects with backoff and sends them again.",
      "SIGTERM or Ctrl-C drains the worker: it takes no more chunks, hands back those not"
          + " started, and finishes and delivers the running ones before it exits."
    })
public final class WorkerCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(WorkerCommand.class);

  @Spec CommandSpec spec;

  @Option(
      names = {"-c", "--coordinator"},
      defaultValue = "${env:GOFARM_COORDINATOR:-localhost:7070}",
      description =
          "The coordinator's gRPC address HOST:PORT (default: $GOFARM_COORDINATOR or"
              + " localhost:7070).")
  String coordinator;

  @Mixin SecurityOptions security;

  @Option(
      names = "--tls-cert",
      paramLabel = "FILE",
      description =
          "Present this client certificate (PEM) to a coordinator that asks for one"
              + " (--tls-client-ca); needs --tls-key, implies TLS.")
  Path tlsCert;

  @Option(
      names = "--tls-key",
      paramLabel = "FILE",
      description = "The private key of --tls-cert (PEM, unencrypted PKCS#8).")
  Path tlsKey;

  @Option(
      names = "--threads",
      defaultValue = "0",
      description = "Playout threads, 1..1024 (default: all cores).")
  int threads;

  @Option(
      names = "--id",
      description =
          "This worker's name, unique among the coordinator's workers: 1..128 characters of"
              + " A-Z a-z 0-9 . _ : - (default: the host name and the process id).")
  String id;

  @Option(
      names = "--credit",
      defaultValue = "0",
      description = "Chunks to hold at once, 1..4096 (default: twice the threads).")
  int credit;

  @Option(
      names = "--label",
      paramLabel = "NAME=VALUE",
      description =
          "A label the coordinator shows for this worker (zone, machine type); repeatable.")
  Map<String, String> labels = new LinkedHashMap<>();

  @Option(
      names = "--engine",
      paramLabel = "PROGRAM[=PATH]",
      description =
          "An external GTP engine this worker runs for match jobs, as match specs name it"
              + " (\"engine\": {\"command\": [\"gnugo\", ...]}); PATH is its executable"
              + " (default: PROGRAM on the PATH or in /usr/games). Repeatable. The program in a"
              + " player's command line is replaced by PATH and run without a shell.")
  List<String> engines = new ArrayList<>();

  @Option(
      names = "--no-detect-engines",
      description =
          "Do not look for known engines (gnugo on the PATH or in /usr/games, where Debian"
              + " installs it); only --engine ones are advertised.")
  boolean noDetectEngines;

  @Option(
      names = "--metrics-port",
      defaultValue = "-1",
      description =
          "Serve /metrics and /-/healthy on this port; 0 for any free port (default: no metrics"
              + " endpoint).")
  int metricsPort;

  @Option(
      names = "--metrics-host",
      defaultValue = "0.0.0.0",
      description =
          "Interface the metrics endpoint listens on: 127.0.0.1 keeps it on this machine"
              + " (default: ${DEFAULT-VALUE}, all interfaces, for Prometheus elsewhere).")
  String metricsHost;

  @Option(
      names = "--give-up-after",
      paramLabel = "SECONDS",
      description =
          "Exit with an error after this long without a connection to the coordinator"
              + " (default: keep retrying, as a worker in a cluster should).")
  Double giveUpAfter;

  @Option(
      names = "--drain-timeout",
      paramLabel = "SECONDS",
      defaultValue = "25",
      description =
          "On SIGTERM, how long to wait for running chunks and their acknowledgements"
              + " (default: ${DEFAULT-VALUE}, under Kubernetes' 30 s grace period).")
  double drainTimeout;

  @Override
  public Integer call() {
    String target = OptionChecks.hostPort(spec, "--coordinator", coordinator);
    OptionChecks.port(spec, "--metrics-port", metricsPort, true);
    OptionChecks.threads(spec, "--threads", threads);
    if ((tlsCert == null) != (tlsKey == null)) {
      throw new ParameterException(
          spec.commandLine(), "--tls-cert and --tls-key go together: give both or neither");
    }
    WorkerSettings settings = settings();
    ManagedChannel channel = channel(target);
    Duration drain = seconds(drainTimeout, "--drain-timeout");
    WorkerMetrics metrics = new WorkerMetrics();
    HTTPServer metricsServer;
    try {
      metricsServer = metricsPort < 0 ? null : serveMetrics(metrics);
    } catch (IOException e) {
      return error(
          "cannot serve metrics on " + metricsHost + ":" + metricsPort + ": " + e.getMessage());
    }
    Worker worker = new Worker(channel, settings, metrics);
    Thread drainOnSignal =
        new Thread(
            () -> {
              LOG.info("stop requested: draining for at most {} s", drainTimeout);
              worker.drain(drain);
            },
            "worker-drain");
    Runtime.getRuntime().addShutdownHook(drainOnSignal);
    try {
      worker.start();
      worker.awaitTermination();
      return 0;
    } catch (WorkerFailedException e) {
      return error(e.getMessage());
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(drainOnSignal);
      } catch (IllegalStateException shuttingDown) {
        // The hook is running: it drains the worker.
      }
      if (metricsServer != null) {
        metricsServer.close();
      }
    }
  }

  private WorkerSettings settings() {
    WorkerSettings.Builder b =
        WorkerSettings.builder()
            .threads(threads)
            .credit(credit)
            .labels(labels)
            .version(Version.of())
            .backoff(Backoff.DEFAULT);
    if (id != null) {
      b.id(id);
    }
    engines(spec, engines, !noDetectEngines, b);
    if (giveUpAfter != null) {
      b.giveUpAfter(seconds(giveUpAfter, "--give-up-after"));
    }
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      // The checks are the hub's, worded for the Hello; name the options instead.
      String message =
          e.getMessage()
              .replace("hello.workerId", "--id")
              .replace("hello.threads", "--threads")
              .replace("hello.credit", "--credit")
              .replace("hello.labels.", "--label ")
              .replace("hello.labels", "--label")
              .replace("hello.engines", "--engine");
      throw new ParameterException(spec.commandLine(), message, e);
    }
  }

  /**
   * Adds the {@code --engine} options and, if {@code detect}, the engines found on this machine;
   * logs what the worker will advertise. Shared with {@code gofarm local}.
   */
  static void engines(
      CommandSpec spec, List<String> options, boolean detect, WorkerSettings.Builder b) {
    for (String option : options) {
      try {
        Map.Entry<String, Path> e = Engines.parse(option);
        b.engine(e.getKey(), e.getValue());
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--engine: " + e.getMessage(), e);
      }
    }
    if (detect) {
      b.detectEngines();
    }
  }

  /**
   * A channel for one long stream, TLS and with a token as {@link SecurityOptions} says. Keepalive
   * pings every minute find a coordinator that vanished without closing the connection (a dead
   * node, a network cut); the coordinator's server must permit pings that often.
   */
  private ManagedChannel channel(String target) {
    return NettyChannelBuilder.forTarget(
            target, security.credentials(spec, target, tlsCert, tlsKey))
        .keepAliveTime(60, TimeUnit.SECONDS)
        .keepAliveTimeout(20, TimeUnit.SECONDS)
        .build();
  }

  private HTTPServer serveMetrics(WorkerMetrics metrics) throws IOException {
    HTTPServer server =
        HTTPServer.builder()
            .hostname(metricsHost)
            .port(metricsPort)
            .registry(metrics.registry())
            .buildAndStart();
    LOG.info("metrics on http://{}:{}/metrics", metricsHost, server.getPort());
    return server;
  }

  private int error(String message) {
    PrintWriter err = spec.commandLine().getErr();
    err.println("gofarm worker: " + message);
    err.flush();
    return 1;
  }

  private Duration seconds(double value, String option) {
    if (!(value >= 0 && value <= 1e9)) {
      throw new ParameterException(
          spec.commandLine(), option + ": must be 0..1e9 seconds (got " + value + ")");
    }
    return Duration.ofNanos((long) (value * 1e9));
  }
}
