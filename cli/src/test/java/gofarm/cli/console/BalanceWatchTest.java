package gofarm.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.proto.v1.BalanceIteration;
import gofarm.proto.v1.BalanceSummary;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@code gofarm watch} and {@code gofarm local} print for a balance job when stderr is not a
 * terminal: the reference step has a bar of its own, so a long step is not silent, then the
 * iterations' bar.
 */
class BalanceWatchTest {
  private static JobStatus status(BalanceSummary.Builder b, JobState state) {
    return JobStatus.newBuilder()
        .setJobId("j-balance")
        .setName("balance")
        .setState(state)
        .setBalance(b.setIterations(4).setTrainPositions(8).setTestPositions(2).setReferences(10))
        .build();
  }

  @Test
  void theReferenceSearchesHaveABarOfTheirOwn() {
    List<JobStatus> stream = new ArrayList<>();
    for (int done = 0; done < 10; done++) {
      stream.add(
          status(
              BalanceSummary.newBuilder().setPhase("reference").setReferencesDone(done),
              JobState.RUNNING));
    }
    for (int i = 1; i <= 4; i++) {
      stream.add(
          status(
              BalanceSummary.newBuilder()
                  .setPhase(i < 4 ? "balancing" : "done")
                  .setReferencesDone(10)
                  .setIteration(i)
                  .setLatest(
                      BalanceIteration.newBuilder()
                          .setIteration(i)
                          .setTrainMse(0.02 - i * 0.001)
                          .setTestMse(0.03)),
              i < 4 ? JobState.RUNNING : JobState.SUCCEEDED));
    }
    StringWriter err = new StringWriter();
    JobWatcher.follow(stream.iterator(), new PrintWriter(err, true));
    List<String> lines = List.of(err.toString().split("\n"));
    assertEquals("job j-balance: balance", lines.get(0));
    // A line per tenth of the searches: 0 of 10, 1 of 10, ... 9 of 10, then all 10 when they end.
    assertTrue(lines.get(1).contains("  0% 0/10 reference searches"), lines.get(1));
    assertTrue(lines.get(10).contains(" 90% 9/10 reference searches"), lines.get(10));
    assertTrue(lines.get(11).contains("100% 10/10 reference searches"), lines.get(11));
    // Then the iterations, from the first one counted.
    assertTrue(lines.get(12).contains(" 25% 1/4 iterations"), lines.get(12));
    assertTrue(lines.get(12).endsWith("MSE train 0.01900 test 0.03000"), lines.get(12));
    assertEquals(
        "balanced 4 of 4 iterations: MSE train 0.01600 test 0.03000", lines.get(lines.size() - 1));
  }
}
