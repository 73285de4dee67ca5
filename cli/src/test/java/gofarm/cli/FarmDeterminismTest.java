package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SgfSource;
import gofarm.worker.Worker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A job with a seed gives bit-identical statistics however it runs: one worker with one thread,
 * three workers with two threads each, or workers that stop abruptly mid-job and come back.
 */
class FarmDeterminismTest {

  private static JobSpec spec() throws IOException {
    String sgf = Files.readString(Path.of("..", "examples", "games", "9x9-gnugo-b.sgf"));
    return JobSpec.newBuilder()
        .setName("determinism")
        .setSeed(99)
        .setEvaluate(
            EvaluateSpec.newBuilder()
                .addPositions(PositionSource.newBuilder().setEmpty(9))
                .addPositions(
                    PositionSource.newBuilder()
                        .setSgf(SgfSource.newBuilder().setText(sgf).setMove(24)))
                .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                .addPolicies(PolicySpec.newBuilder().setName("heavy"))
                .setPlayouts(4_000)
                .setChunkPlayouts(400))
        .build();
  }

  @Test
  void theSameSeedGivesTheSameStatisticsWhateverRunsIt() throws Exception {
    JobResults one;
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("solo", 1);
      one = f.finish(f.submit(spec()));
    }
    JobResults many;
    try (InProcessFarm f = new InProcessFarm()) {
      for (int i = 0; i < 3; i++) {
        f.startWorker("w" + i, 2);
      }
      many = f.finish(f.submit(spec()));
    }
    assertSameStatistics(one, many);

    JobResults disturbed;
    try (InProcessFarm f = new InProcessFarm()) {
      Worker first = f.startWorker("a", 2);
      f.startWorker("b", 1);
      String id = f.submit(spec());
      GetJobRequest request = GetJobRequest.newBuilder().setJobId(id).build();
      while (f.farm.getJob(request).getPlayoutsDone() < 8_000) {
        Thread.onSpinWait();
      }
      first.close(); // abrupt: its leases go back to the queue
      f.startWorker("a", 2); // and it comes back
      disturbed = f.finish(id);
    }
    assertSameStatistics(one, disturbed);
  }

  private static void assertSameStatistics(JobResults expected, JobResults actual) {
    assertEquals(expected.getPairsCount(), actual.getPairsCount());
    for (int i = 0; i < expected.getPairsCount(); i++) {
      assertEquals(expected.getPairs(i).getStats(), actual.getPairs(i).getStats(), "pair " + i);
      assertEquals(4_000, actual.getPairs(i).getPlayouts());
    }
  }
}
