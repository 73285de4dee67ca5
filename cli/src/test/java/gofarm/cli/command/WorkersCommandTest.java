package gofarm.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.proto.v1.WorkerSummary;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkersCommandTest {
  @Test
  void connectedWorkersThenTheQuarantinedWithTheirLabelsEscaped() {
    String table =
        WorkersCommand.table(
            List.of(
                WorkerSummary.newBuilder()
                    .setWorkerId("rack-7")
                    .setThreads(8)
                    .setCredit(16)
                    .setInFlight(12)
                    .setChunksAnswered(1234)
                    .putLabels("zone", "eu\u001b[31m")
                    .putLabels("arch", "zen4")
                    .setVersion("0.1.0")
                    .setVoter("token rack")
                    .build(),
                WorkerSummary.newBuilder()
                    .setWorkerId("liar")
                    .setQuarantined("its result of chunk 3 differs")
                    .build()));
    List<String> lines = List.of(table.split("\n"));
    assertEquals(3, lines.size(), table);
    assertEquals(
        List.of(
            "worker", "state", "threads", "holds", "answered", "labels", "version", "votes", "as"),
        List.of(lines.get(0).trim().split("\\s+")));
    assertEquals(
        List.of(
            "rack-7",
            "working",
            "8",
            "12/16",
            "1,234",
            "arch=zen4,zone=eu\\x1b[31m",
            "0.1.0",
            "token",
            "rack"),
        List.of(lines.get(1).trim().split("\\s+")));
    assertEquals(
        List.of("liar", "quarantined:", "its", "result", "of", "chunk", "3", "differs"),
        List.of(lines.get(2).trim().split("\\s+")));
    assertEquals(
        "no worker is connected (gofarm worker -c HOST:PORT adds one)\n",
        WorkersCommand.table(List.of()));
  }
}
