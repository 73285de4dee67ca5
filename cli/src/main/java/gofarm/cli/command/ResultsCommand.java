package gofarm.cli.command;

import gofarm.cli.console.ClientOptions;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.report.ResultsFiles;
import gofarm.report.ResultsReport;
import io.grpc.ManagedChannel;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gofarm results}: a job's results as a table, JSON or CSV, and optionally as files. For a
 * match the table is the match report's, the CSV has a row per game pair, and {@code --out} also
 * gets the games. For a tune job the CSV has θ per iteration, and {@code --out} gets the tuned
 * policy and, with a confirmation match, its games. For a fit job the CSV has the figures of each
 * table measured, and {@code --out} gets the fitted table ({@code policy.gamma}).
 */
@Command(
    name = "results",
    mixinStandardHelpOptions = true,
    description =
        "Prints a job's results (so far, if it still runs), and with --out writes them into a folder.")
public final class ResultsCommand implements Callable<Integer> {
  /** What to print. */
  enum Format {
    table,
    json,
    csv
  }

  @Mixin ClientOptions client;

  @Parameters(index = "0", paramLabel = "JOB", description = "The job id.")
  String jobId;

  @Option(
      names = "--format",
      defaultValue = "table",
      description = "table, json or csv (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(
      names = "--out",
      description =
          "Also write results.json, results.csv, results.txt and SVG pictures here (an evaluate"
              + " job adds ownership.csv, a match its games as games.sgf; a tune job writes"
              + " theta.csv instead of results.csv, tuned-policy.txt and tuned-policy.json, and its"
              + " confirmation's games as games.sgf; a fit job fit.csv instead of results.csv and"
              + " the fitted table as policy.gamma).")
  Path out;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() {
    ManagedChannel channel = client.channel();
    try {
      JobResults results =
          PlayoutFarmGrpc.newBlockingStub(channel)
              .withDeadlineAfter(60, TimeUnit.SECONDS)
              .getResults(GetJobRequest.newBuilder().setJobId(jobId).build());
      PrintWriter stdout = commandSpec.commandLine().getOut();
      stdout.print(
          switch (format) {
            case table -> ResultsReport.table(results);
            case json -> ResultsReport.json(results);
            case csv -> ResultsReport.csv(results);
          });
      stdout.flush();
      if (out != null) {
        PrintWriter err = commandSpec.commandLine().getErr();
        for (Path p : ResultsFiles.write(results, out)) {
          err.println("wrote " + p);
        }
        if (ResultsReport.hasGames(results)) {
          Path games = out.resolve("games.sgf");
          long n =
              GamesCommand.writeTo(PlayoutFarmGrpc.newBlockingStub(channel), jobId, games, err);
          err.println(GamesCommand.summary(n) + " to " + games);
        }
        err.flush();
      }
      return 0;
    } finally {
      ClientOptions.close(channel);
    }
  }
}
