package gofarm.cli.command;

import gofarm.cli.console.Errors;
import gofarm.cli.console.JobWatcher;
import gofarm.cli.console.OptionChecks;
import gofarm.cli.console.Version;
import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.report.ResultsFiles;
import gofarm.report.ResultsReport;
import gofarm.wire.SpecFiles;
import gofarm.worker.Worker;
import gofarm.worker.WorkerSettings;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.ManagedChannel;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gofarm local}: the whole farm in this process — a coordinator and a worker on all cores,
 * connected in-process — runs one job with a progress bar, prints its results and writes them into
 * a folder. The same code as a cluster, without the network.
 */
@Command(
    name = "local",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a job spec on an in-process coordinator and worker (all cores), with a progress bar;"
          + " prints the results table and writes JSON, CSV and SVG pictures into --out"
          + " (and for a match its games as games.sgf; for a tune job the tuned policy as"
          + " tuned-policy.txt and tuned-policy.json, θ per iteration as theta.csv, and its"
          + " confirmation's games as games.sgf; for a fit job the fitted table as policy.gamma"
          + " and the figures per iteration as fit.csv).",
      "Serves Prometheus metrics on --metrics-port while it runs."
    })
public final class LocalCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "SPEC.json", description = "The job spec (see examples/).")
  Path specFile;

  @Option(
      names = "--threads",
      defaultValue = "0",
      description = "Playout threads, 1..1024 (default: all cores).")
  int threads;

  @Option(
      names = "--out",
      defaultValue = "gofarm-out",
      description =
          "Folder for the results; each job writes into a folder named after its id (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(
      names = "--metrics-port",
      defaultValue = "9091",
      description =
          "Port of /metrics while the job runs; 0 for any free port, -1 for none (default: ${DEFAULT-VALUE}).")
  int metricsPort;

  @Option(
      names = "--engine",
      paramLabel = "PROGRAM[=PATH]",
      description =
          "An external GTP engine for match jobs, as in gofarm worker --engine; repeatable"
              + " (default: gnugo when it is on the PATH or in /usr/games).")
  List<String> engines = new ArrayList<>();

  @Option(
      names = "--no-detect-engines",
      description = "Do not look for gnugo; only --engine engines can play in matches.")
  boolean noDetectEngines;

  @Option(names = "--verbose", description = "Show the coordinator's and worker's log lines.")
  boolean verbose;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws InterruptedException {
    if (!verbose) {
      // The progress bar tells the story; only warnings and errors interrupt it.
      ((ch.qos.logback.classic.Logger)
              org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME))
          .setLevel(ch.qos.logback.classic.Level.WARN);
    }
    OptionChecks.threads(commandSpec, "--threads", threads);
    OptionChecks.port(commandSpec, "--metrics-port", metricsPort, true);
    JobSpec spec = SpecFiles.read(specFile);
    checkWritable(out);
    PrintWriter err = commandSpec.commandLine().getErr();
    String name = InProcessServerBuilder.generateName();
    CoordinatorSettings settings =
        // One worker in the same JVM: there is no second worker to check it against.
        new CoordinatorSettings(
                "127.0.0.1", metricsPort, null, CoordinatorSettings.DEFAULT_LEASE, Version.of())
            .withSpotChecks(0);
    try (Coordinator coordinator =
        Coordinator.start(InProcessServerBuilder.forName(name), settings)) {
      ManagedChannel channel = InProcessChannelBuilder.forName(name).build();
      WorkerSettings.Builder workerSettings =
          WorkerSettings.builder().id("local").version(Version.of());
      if (threads > 0) {
        workerSettings.threads(threads);
      }
      WorkerCommand.engines(commandSpec, engines, !noDetectEngines, workerSettings);
      Worker worker =
          new Worker(
              channel,
              workerSettings.build(),
              new WorkerMetrics(coordinator.metrics().registry(), false));
      try {
        worker.start();
        if (coordinator.metricsPort() > 0) {
          err.println("metrics on http://127.0.0.1:" + coordinator.metricsPort() + "/metrics");
        }
        PlayoutFarmGrpc.PlayoutFarmBlockingStub farm = PlayoutFarmGrpc.newBlockingStub(channel);
        JobStatus submitted =
            farm.withDeadlineAfter(60, TimeUnit.SECONDS)
                .submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build());
        GetJobRequest id = GetJobRequest.newBuilder().setJobId(submitted.getJobId()).build();
        JobStatus last = JobWatcher.follow(farm.watchJob(id), err);
        JobResults results = farm.withDeadlineAfter(60, TimeUnit.SECONDS).getResults(id);
        PrintWriter stdout = commandSpec.commandLine().getOut();
        stdout.print(ResultsReport.table(results));
        stdout.flush();
        Path folder = out.resolve(submitted.getJobId());
        List<Path> files = ResultsFiles.write(results, folder);
        List<String> names = names(files);
        if (ResultsReport.hasGames(results)) {
          long n =
              GamesCommand.writeTo(farm, submitted.getJobId(), folder.resolve("games.sgf"), err);
          names.add(
              "games.sgf ("
                  + GamesCommand.summary(n).substring("wrote ".length())
                  + (ResultsReport.isTune(results) || ResultsReport.isBalance(results)
                      ? " of the confirmation"
                      : "")
                  + ")");
        }
        int lastName = names.size() - 1;
        err.println(
            "wrote "
                + String.join(", ", names.subList(0, lastName))
                + " and "
                + names.get(lastName)
                + " into "
                + folder);
        err.flush();
        return last != null && last.getState() == JobState.SUCCEEDED ? 0 : Errors.REFUSED;
      } finally {
        // The job has ended and its coordinator goes with us: whatever still runs (a game pair
        // after an SPRT decision) is not needed, so there is nothing to drain.
        worker.close();
        channel.shutdownNow();
      }
    }
  }

  /** Fails before the job runs, rather than after it, when the results could not be written. */
  private void checkWritable(Path folder) {
    try {
      Files.createDirectories(folder);
      if (!Files.isWritable(folder)) {
        throw new AccessDeniedException(folder.toString());
      }
    } catch (IOException e) {
      throw new ParameterException(
          commandSpec.commandLine(),
          "--out: cannot write results into " + folder + ": " + Errors.ioReason(e));
    }
  }

  /**
   * {@code [results.json, results.csv, results.txt, 4 pictures (svg/)]}: the files by name, the
   * pictures counted.
   */
  static List<String> names(List<Path> files) {
    List<String> names = new ArrayList<>();
    long pictures = 0;
    for (Path f : files) {
      if (f.toString().endsWith(".svg")) {
        pictures++;
      } else {
        names.add(f.getFileName().toString());
      }
    }
    if (pictures > 0) {
      names.add(pictures + (pictures == 1 ? " picture" : " pictures") + " (svg/)");
    }
    return names;
  }
}
