package gofarm.cli.command;

import gofarm.cli.console.OptionChecks;
import gofarm.cli.console.Version;
import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.job.JobLimits;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
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
          + " restart and unfinished ones run again."
    })
public final class CoordinatorCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--host",
      defaultValue = "0.0.0.0",
      description = "Interface to listen on (default: ${DEFAULT-VALUE}).")
  String host;

  @Option(
      names = "--port",
      defaultValue = "7070",
      description = "gRPC port for clients and workers (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--metrics-port",
      defaultValue = "9091",
      description = "Port of /metrics and /-/healthy; -1 for none (default: ${DEFAULT-VALUE}).")
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
          "MiB of statistics all unfinished jobs may hold together (default: half the heap).")
  Long maxStatisticsMb;

  @Override
  public Integer call() throws InterruptedException {
    if (!(spotChecks >= 0 && spotChecks <= 1)) {
      throw new ParameterException(
          spec.commandLine(), "--spot-checks must be a share in 0..1 (got " + spotChecks + ")");
    }
    OptionChecks.port(spec, "--port", port, false);
    OptionChecks.port(spec, "--metrics-port", metricsPort, true);
    if (leaseSeconds < 5) {
      throw new ParameterException(
          spec.commandLine(), "--lease-seconds must be at least 5 (got " + leaseSeconds + ")");
    }
    CoordinatorSettings settings =
        new CoordinatorSettings(
                host, metricsPort, dataDir, Duration.ofSeconds(leaseSeconds), Version.of())
            .withSpotChecks(spotChecks)
            .withLimits(limits());
    Coordinator coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(new InetSocketAddress(host, port)), settings);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  coordinator.close();
                  stopped.countDown();
                },
                "coordinator-shutdown"));
    System.err.printf(
        "gofarm coordinator listening on %s:%d (metrics %s)%n",
        host, coordinator.port(), metricsPort < 0 ? "off" : "on port " + coordinator.metricsPort());
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
}
