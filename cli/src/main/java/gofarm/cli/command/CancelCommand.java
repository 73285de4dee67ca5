package gofarm.cli.command;

import gofarm.cli.console.ClientOptions;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.report.Headline;
import io.grpc.ManagedChannel;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gofarm cancel}: stops a running job (its results so far stay available). */
@Command(
    name = "cancel",
    mixinStandardHelpOptions = true,
    description = "Cancels a running job; its results so far stay available.")
public final class CancelCommand implements Callable<Integer> {
  @Mixin ClientOptions client;

  @Parameters(index = "0", paramLabel = "JOB", description = "The job id.")
  String jobId;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() {
    ManagedChannel channel = client.channel();
    try {
      JobStatus s =
          PlayoutFarmGrpc.newBlockingStub(channel)
              .withDeadlineAfter(30, TimeUnit.SECONDS)
              .cancelJob(GetJobRequest.newBuilder().setJobId(jobId).build());
      commandSpec.commandLine().getOut().println(Headline.of(s));
      commandSpec.commandLine().getOut().flush();
      return 0;
    } finally {
      ClientOptions.close(channel);
    }
  }
}
