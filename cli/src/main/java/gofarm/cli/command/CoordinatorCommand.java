package gofarm.cli.command;

import gofarm.cli.console.OptionChecks;
import gofarm.cli.console.Version;
import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.auth.ServerTls;
import gofarm.coordinator.auth.Sighup;
import gofarm.coordinator.auth.Tokens;
import gofarm.coordinator.job.JobLimits;
import io.grpc.InsecureServerCredentials;
import io.grpc.ServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gofarm coordinator}: serves the client API and the worker hub until stopped. */
@Command(
    name = "coordinator",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the coordinator: accepts jobs (gofarm submit), leases their chunks to the workers that"
          + " connect (gofarm worker), and serves results and Prometheus metrics.",
      "Stop it with Ctrl-C or SIGTERM; with --data-dir, finished jobs are served again after a"
          + " restart and unfinished ones run again.",
      "On a network, run it with --auth (tokens and roles) and --tls-cert/--tls-key, and"
          + " --http-tls for the web pages; without --auth it listens on 127.0.0.1 only"
          + " (docs/security.md)."
    })
public final class CoordinatorCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(CoordinatorCommand.class);

  @Spec CommandSpec spec;

  @Option(
      names = "--host",
      description =
          "Interface to listen on (default: 0.0.0.0 with --auth, else 127.0.0.1; another"
              + " interface without --auth needs --insecure). The metrics endpoint listens on"
              + " it too.")
  String host;

  @Option(
      names = "--auth",
      paramLabel = "FILE",
      description =
          "The tokens file: one line per token, ROLE NAME TOKEN, roles worker, submitter,"
              + " reader, admin; # starts a comment. Read again when it changes (within 2 s)"
              + " and on SIGHUP; a removed token's worker streams end at once. Without it every"
              + " caller is an admin.")
  Path authFile;

  @Option(
      names = "--tls-cert",
      paramLabel = "FILE",
      description = "Serve TLS with this certificate chain (PEM); needs --tls-key.")
  Path tlsCert;

  @Option(
      names = "--tls-key",
      paramLabel = "FILE",
      description = "The private key of --tls-cert (PEM, unencrypted PKCS#8).")
  Path tlsKey;

  @Option(
      names = "--tls-client-ca",
      paramLabel = "FILE",
      description =
          "Ask clients for a certificate signed by this CA (PEM); clients without one are still"
              + " served, tokens decide what they may do.")
  Path tlsClientCa;

  @Option(
      names = "--http-tls",
      description =
          "Serve the HTTP port (the web pages, /metrics, /-/healthy) as HTTPS with the certificate"
              + " of --tls-cert and --tls-key; the session cookie is then Secure. Prometheus then"
              + " scrapes with scheme https and the CA as ca_file (docs/security.md). Without it"
              + " the port speaks plain HTTP, and a token typed into the login form crosses the"
              + " network as typed.")
  boolean httpTls;

  @Option(
      names = "--insecure",
      description =
          "Allow listening on an interface other than loopback without --auth: anyone who can"
              + " reach the port can then submit, cancel and join as a worker.")
  boolean insecure;

  @Option(
      names = "--max-running-jobs-per-token",
      paramLabel = "N",
      defaultValue = "16",
      description =
          "Unfinished jobs one token NAME may have; more are refused (RESOURCE_EXHAUSTED)."
              + " 0 for no limit (default: ${DEFAULT-VALUE}; no limit without --auth).")
  int maxRunningJobsPerToken;

  @Option(
      names = "--port",
      defaultValue = "7070",
      description = "gRPC port for clients and workers (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--metrics-port",
      defaultValue = "9091",
      description =
          "Port of /metrics, /-/healthy and the web pages (HTTPS with --http-tls); -1 for none"
              + " (default: ${DEFAULT-VALUE}).")
  int metricsPort;

  @Option(
      names = "--data-dir",
      description = "Directory that keeps jobs across restarts (default: none).")
  Path dataDir;

  @Option(
      names = "--lease-seconds",
      defaultValue = "60",
      description = "Seconds a chunk stays leased to a worker (default: ${DEFAULT-VALUE}).")
  int leaseSeconds;

  @Option(
      names = "--max-streams-per-token",
      defaultValue = "256",
      paramLabel = "N",
      description =
          "Worker streams one token NAME may have open; 0 for no limit. Spot checks count a"
              + " token's streams as one voter: give each machine its own worker token (default:"
              + " ${DEFAULT-VALUE}).")
  int maxStreamsPerToken;

  @Option(
      names = "--max-connections",
      defaultValue = "10000",
      paramLabel = "N",
      description =
          "TCP connections the gRPC port keeps open at once; one more is closed as soon as it is"
              + " accepted, counted and logged (one line per 10 s). 0 for no limit (default:"
              + " ${DEFAULT-VALUE}; docs/limits.md).")
  int maxConnections;

  @Option(
      names = "--shutdown-grace",
      defaultValue = "5",
      paramLabel = "SECONDS",
      description =
          "On SIGTERM, seconds the coordinator keeps answering while every health check says"
              + " NOT_SERVING, so that probes and load balancers stop routing to it before its"
              + " ports close (default: ${DEFAULT-VALUE}).")
  int shutdownGrace;

  @Option(
      names = "--spot-checks",
      defaultValue = "0.03",
      paramLabel = "SHARE",
      description =
          "Share of chunks run again on another worker to catch wrong results, 0..1; each"
              + " worker's first chunk of a job is always checked; 0 checks none (default:"
              + " ${DEFAULT-VALUE}).")
  double spotChecks;

  @Option(
      names = "--max-job-chunks",
      defaultValue = "1000000",
      description =
          "Chunks one job may have; a spec with more is refused (default: ${DEFAULT-VALUE};"
              + " docs/limits.md).")
  long maxJobChunks;

  @Option(
      names = "--max-queued-jobs",
      defaultValue = "1000",
      description =
          "Jobs that may be queued or running at once; more are refused until some finish"
              + " (default: ${DEFAULT-VALUE}).")
  int maxQueuedJobs;

  @Option(
      names = "--max-statistics-mb",
      description =
          "MiB of statistics all unfinished jobs may hold together, with the results of finished"
              + " jobs kept in memory; the oldest of these move to --data-dir (or without one are"
              + " dropped) to make room (default: half the heap).")
  Long maxStatisticsMb;

  @Override
  public Integer call() throws InterruptedException {
    if (!(spotChecks >= 0 && spotChecks <= 1)) {
      throw new ParameterException(
          spec.commandLine(), "--spot-checks must be a share in 0..1 (got " + spotChecks + ")");
    }
    OptionChecks.port(spec, "--port", port, false);
    OptionChecks.port(spec, "--metrics-port", metricsPort, true);
    if (maxStreamsPerToken < 0) {
      throw new ParameterException(
          spec.commandLine(),
          "--max-streams-per-token must be 0 (no limit) or more (got " + maxStreamsPerToken + ")");
    }
    if (maxConnections < 0) {
      throw new ParameterException(
          spec.commandLine(),
          "--max-connections must be 0 (no limit) or more (got " + maxConnections + ")");
    }
    if (shutdownGrace < 0 || shutdownGrace > 300) {
      throw new ParameterException(
          spec.commandLine(),
          "--shutdown-grace must be 0..300 seconds (got " + shutdownGrace + ")");
    }
    if (leaseSeconds < 5) {
      throw new ParameterException(
          spec.commandLine(), "--lease-seconds must be at least 5 (got " + leaseSeconds + ")");
    }
    if (maxRunningJobsPerToken < 0) {
      throw new ParameterException(
          spec.commandLine(),
          "--max-running-jobs-per-token must be 0 (no limit) or more (got "
              + maxRunningJobsPerToken
              + ")");
    }
    if (httpTls && tlsCert == null && tlsKey == null) {
      throw new ParameterException(
          spec.commandLine(),
          "--http-tls serves the HTTP port with the gRPC port's certificate: give --tls-cert FILE"
              + " and --tls-key FILE too (docs/security.md says how to make them)");
    }
    if (httpTls && metricsPort < 0) {
      throw new ParameterException(
          spec.commandLine(), "--http-tls needs the HTTP port, but --metrics-port is -1 (none)");
    }
    String listen = listenHost();
    ServerCredentials credentials = credentials();
    SSLContext httpContext = httpContext();
    if (authFile != null && tlsCert == null && !isLoopback(listen)) {
      LOG.warn(
          "tokens travel in plaintext to {}:{}: anyone on the network path can read them; serve"
              + " TLS with --tls-cert and --tls-key",
          listen,
          port);
    }
    if (authFile != null && !httpTls && metricsPort >= 0 && !isLoopback(listen)) {
      LOG.warn(
          "the web pages' login form on {}:{} takes tokens over plain HTTP: anyone on the network"
              + " path can read them; serve HTTPS there with --http-tls (and --tls-cert,"
              + " --tls-key) or put a TLS proxy in front",
          listen,
          metricsPort);
    }
    Tokens tokens = tokens();
    CoordinatorSettings settings =
        new CoordinatorSettings(
                listen, metricsPort, dataDir, Duration.ofSeconds(leaseSeconds), Version.of())
            .withSpotChecks(spotChecks)
            .withLimits(limits())
            .withTokens(tokens, maxRunningJobsPerToken)
            .withMaxStreamsPerToken(maxStreamsPerToken)
            .withMaxConnections(maxConnections)
            .withHttpTls(httpContext);
    Coordinator coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(new InetSocketAddress(listen, port), credentials),
            settings);
    if (tokens != null) {
      Sighup.onSignal("reload the tokens of " + tokens.file(), tokens::reload);
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  coordinator.close(Duration.ofSeconds(shutdownGrace));
                  stopped.countDown();
                },
                "coordinator-shutdown"));
    System.err.printf(
        "gofarm coordinator listening on %s:%d, %s, %s (metrics %s)%n",
        listen,
        coordinator.port(),
        tlsCert != null ? "TLS" : "plaintext",
        tokens != null ? "tokens from " + tokens.file() : "no tokens",
        metricsPort < 0
            ? "off"
            : "on port " + coordinator.metricsPort() + (httpTls ? ", HTTPS" : ", plain HTTP"));
    coordinator.awaitTermination();
    stopped.await();
    return 0;
  }

  private JobLimits limits() {
    if (maxJobChunks < 1 || maxJobChunks > Integer.MAX_VALUE) {
      throw new ParameterException(
          spec.commandLine(),
          "--max-job-chunks must be 1.." + Integer.MAX_VALUE + " (got " + maxJobChunks + ")");
    }
    if (maxQueuedJobs < 1) {
      throw new ParameterException(
          spec.commandLine(), "--max-queued-jobs must be at least 1 (got " + maxQueuedJobs + ")");
    }
    long statistics = JobLimits.defaultStatisticsBytes();
    if (maxStatisticsMb != null) {
      if (maxStatisticsMb < 1 || maxStatisticsMb > Long.MAX_VALUE / JobLimits.MIB) {
        throw new ParameterException(
            spec.commandLine(),
            "--max-statistics-mb must be at least 1 (got " + maxStatisticsMb + ")");
      }
      statistics = maxStatisticsMb * JobLimits.MIB;
    }
    return new JobLimits(maxJobChunks, maxQueuedJobs, statistics);
  }

  /**
   * The interface to listen on: loopback unless tokens guard the port, and another interface
   * without tokens only when {@code --insecure} says so, with a warning in the log.
   */
  private String listenHost() {
    if (host == null) {
      return authFile != null ? "0.0.0.0" : "127.0.0.1";
    }
    if (authFile == null && !isLoopback(host)) {
      if (!insecure) {
        throw new ParameterException(
            spec.commandLine(),
            "--host "
                + host
                + " without --auth would let anyone who can reach the port submit, cancel and"
                + " join as a worker: give --auth FILE (docs/security.md says how to make one),"
                + " or --insecure if this network is trusted");
      }
      LOG.warn(
          "INSECURE: listening on {} without --auth: anyone who can reach port {} can submit and"
              + " cancel jobs and join as a worker (and send made-up results)",
          host,
          port);
    }
    return host;
  }

  private static boolean isLoopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private ServerCredentials credentials() {
    if (tlsCert == null && tlsKey == null) {
      if (tlsClientCa != null) {
        throw new ParameterException(
            spec.commandLine(), "--tls-client-ca needs --tls-cert and --tls-key");
      }
      return InsecureServerCredentials.create();
    }
    if (tlsCert == null || tlsKey == null) {
      throw new ParameterException(
          spec.commandLine(), "--tls-cert and --tls-key go together: give both or neither");
    }
    try {
      return ServerTls.credentials(tlsCert, tlsKey, tlsClientCa);
    } catch (UncheckedIOException e) {
      throw new ParameterException(spec.commandLine(), e.getCause().getMessage(), e);
    }
  }

  /** The HTTP port's TLS context with {@code --http-tls}, else null (plain HTTP). */
  private SSLContext httpContext() {
    if (!httpTls) {
      return null;
    }
    try {
      return ServerTls.httpContext(tlsCert, tlsKey);
    } catch (UncheckedIOException e) {
      throw new ParameterException(spec.commandLine(), e.getCause().getMessage(), e);
    }
  }

  private Tokens tokens() {
    if (authFile == null) {
      return null;
    }
    try {
      return Tokens.load(authFile);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw new ParameterException(spec.commandLine(), "--auth: " + e.getMessage(), e);
    }
  }
}
