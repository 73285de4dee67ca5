package gofarm.cli.command;

import gofarm.cli.console.ClientOptions;
import gofarm.cli.console.Errors;
import gofarm.cli.console.JobWatcher;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.report.ResultsReport;
import io.grpc.ManagedChannel;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gofarm watch}: follows a job until it ends, then prints its results table. */
@Command(
    name = "watch",
    mixinStandardHelpOptions = true,
    description =
        "Follows a job with a progress bar (rate, ETA, interim win rates; for a match W-D-L, Elo"
            + " and LLR; for a tuning θ and the objective, then its confirmation match), then"
            + " prints its results.")
public final class WatchCommand implements Callable<Integer> {
  @Mixin ClientOptions client;

  @Parameters(index = "0", paramLabel = "JOB", description = "The job id.")
  String jobId;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() {
    ManagedChannel channel = client.channel();
    try {
      return watchAndReport(
          PlayoutFarmGrpc.newBlockingStub(channel),
          GetJobRequest.newBuilder().setJobId(jobId).build(),
          commandSpec);
    } finally {
      ClientOptions.close(channel);
    }
  }

  /** Follows the job, prints the results table; exit code 0 only if the job succeeded. */
  static int watchAndReport(
      PlayoutFarmGrpc.PlayoutFarmBlockingStub farm, GetJobRequest id, CommandSpec spec) {
    PrintWriter out = spec.commandLine().getOut();
    JobStatus last = JobWatcher.follow(farm.watchJob(id), spec.commandLine().getErr());
    JobResults results = farm.withDeadlineAfter(60, TimeUnit.SECONDS).getResults(id);
    out.print(ResultsReport.table(results));
    out.flush();
    return last != null && last.getState() == JobState.SUCCEEDED ? 0 : Errors.REFUSED;
  }
}
