package gofarm.cli.command;

import gofarm.cli.console.ClientOptions;
import gofarm.proto.v1.ListWorkersRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.WorkerSummary;
import gofarm.report.Tables;
import io.grpc.ManagedChannel;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code gofarm workers}: the workers connected to the coordinator, then the quarantined. */
@Command(
    name = "workers",
    mixinStandardHelpOptions = true,
    description =
        "Lists the workers connected to the coordinator, in the order they joined, then those"
            + " quarantined with the reason.")
public final class WorkersCommand implements Callable<Integer> {
  @Mixin ClientOptions client;

  @Spec CommandSpec commandSpec;

  /** The workers as an aligned table, or a line saying there are none. */
  public static String table(List<WorkerSummary> workers) {
    if (workers.isEmpty()) {
      return "no worker is connected (gofarm worker -c HOST:PORT adds one)\n";
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          "worker", "state", "threads", "holds", "answered", "labels", "version", "votes as"
        });
    for (WorkerSummary w : workers) {
      boolean quarantined = !w.getQuarantined().isEmpty();
      rows.add(
          new String[] {
            w.getWorkerId(),
            quarantined
                ? "quarantined: " + w.getQuarantined()
                : w.getDraining() ? "draining" : "working",
            quarantined ? "" : Integer.toString(w.getThreads()),
            quarantined ? "" : w.getInFlight() + "/" + w.getCredit(),
            quarantined ? "" : String.format(Locale.ROOT, "%,d", w.getChunksAnswered()),
            labels(w.getLabelsMap()),
            w.getVersion(),
            w.getVoter()
          });
    }
    return Tables.align(rows, new boolean[] {false, false, true, true, true, false, false, false});
  }

  private static String labels(Map<String, String> labels) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, String> e : new TreeMap<>(labels).entrySet()) {
      out.append(out.length() == 0 ? "" : ",").append(e.getKey()).append('=').append(e.getValue());
    }
    return out.toString();
  }

  @Override
  public Integer call() {
    ManagedChannel channel = client.channel();
    try {
      List<WorkerSummary> workers =
          PlayoutFarmGrpc.newBlockingStub(channel)
              .withDeadlineAfter(30, TimeUnit.SECONDS)
              .listWorkers(ListWorkersRequest.getDefaultInstance())
              .getWorkersList();
      PrintWriter out = commandSpec.commandLine().getOut();
      out.print(table(workers));
      out.flush();
      return 0;
    } finally {
      ClientOptions.close(channel);
    }
  }
}
