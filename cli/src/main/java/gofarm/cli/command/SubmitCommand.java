package gofarm.cli.command;

import gofarm.cli.console.ClientOptions;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.wire.SpecFiles;
import io.grpc.ManagedChannel;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gofarm submit}: sends a job spec to a running coordinator. */
@Command(
    name = "submit",
    mixinStandardHelpOptions = true,
    description = {
      "Submits a job spec (JSON) to the coordinator and prints the job id.",
      "SGF files named in the spec are read here, relative to the spec file, and sent along."
    })
public final class SubmitCommand implements Callable<Integer> {
  @Mixin ClientOptions client;

  @Parameters(index = "0", paramLabel = "SPEC.json", description = "The job spec.")
  Path specFile;

  @Option(
      names = "--watch",
      description = "Follow the job with a progress bar, then print its results.")
  boolean watch;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() {
    JobSpec spec = SpecFiles.read(specFile);
    ManagedChannel channel = client.channel();
    try {
      PlayoutFarmGrpc.PlayoutFarmBlockingStub farm = PlayoutFarmGrpc.newBlockingStub(channel);
      JobStatus status =
          farm.withDeadlineAfter(60, TimeUnit.SECONDS)
              .submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build());
      var out = commandSpec.commandLine().getOut();
      out.println(status.getJobId());
      out.flush();
      if (watch) {
        return WatchCommand.watchAndReport(
            farm, GetJobRequest.newBuilder().setJobId(status.getJobId()).build(), commandSpec);
      }
      return 0;
    } finally {
      ClientOptions.close(channel);
    }
  }
}
