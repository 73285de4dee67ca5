package gofarm.cli.command;

import gofarm.cli.console.ClientOptions;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.report.Headline;
import gofarm.report.Tables;
import io.grpc.ManagedChannel;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gofarm jobs}: lists the coordinator's jobs, newest first. */
@Command(
    name = "jobs",
    mixinStandardHelpOptions = true,
    description = "Lists the coordinator's jobs, newest first.")
public final class JobsCommand implements Callable<Integer> {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

  @Mixin ClientOptions client;

  @Option(
      names = "--limit",
      defaultValue = "100",
      description = "At most this many jobs, 1..1000 (default: ${DEFAULT-VALUE}).")
  int limit;

  @Option(
      names = "--after",
      paramLabel = "JOB",
      description = "The next page: the jobs listed after JOB (older), e.g. the last one shown.")
  String after;

  @Spec CommandSpec commandSpec;

  /** The jobs as an aligned table, newest first as given, or a line saying there are none. */
  public static String table(List<JobStatus> jobs) {
    if (jobs.isEmpty()) {
      return "no jobs yet (gofarm submit SPEC.json adds one)\n";
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"job", "submitted", "state", "progress", "playouts", "name"});
    for (JobStatus s : jobs) {
      rows.add(
          new String[] {
            s.getJobId(),
            TIME.format(Instant.ofEpochSecond(s.getSubmitted().getSeconds())),
            s.getState().name(),
            Headline.progress(s),
            Headline.done(s),
            s.getName()
          });
    }
    return Tables.align(rows, new boolean[] {false, false, false, true, true, false});
  }

  @Override
  public Integer call() {
    ManagedChannel channel = client.channel();
    try {
      List<JobStatus> jobs =
          PlayoutFarmGrpc.newBlockingStub(channel)
              .withDeadlineAfter(30, TimeUnit.SECONDS)
              .listJobs(
                  ListJobsRequest.newBuilder()
                      .setLimit(limit)
                      .setAfterJobId(after == null ? "" : after)
                      .build())
              .getJobsList();
      PrintWriter out = commandSpec.commandLine().getOut();
      out.print(table(jobs));
      out.flush();
      return 0;
    } finally {
      ClientOptions.close(channel);
    }
  }
}
