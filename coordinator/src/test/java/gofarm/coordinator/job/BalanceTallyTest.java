package gofarm.coordinator.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.FeatureSpace;
import gofarm.proto.v1.BalanceSpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedBalance;
import org.junit.jupiter.api.Test;

/**
 * A balancing's counting, with results made by hand: the reference values first, then each pass's
 * shards added in shard order and one step, checked against {@code BalanceStep} on the sum made
 * here; passes released one at a time; the MSE computed from the values and V* on each side.
 */
class BalanceTallyTest {
  /**
   * Six 5x5 positions, the middle two without a value, three per shard, two iterations; seed 4
   * holds out positions 0 and 2.
   */
  private static ResolvedBalance job() {
    BalanceSpec.Builder b =
        BalanceSpec.newBuilder()
            .setPolicy(PolicySpec.newBuilder().setName("softmax"))
            .setHeldOut(0.3)
            .setIterations(2)
            .setValuePlayouts(4)
            .setGradientPlayouts(4)
            .setAlpha(2)
            .setPositionsPerChunk(3);
    for (int i = 0; i < 6; i++) {
      ReferencePosition.Builder r =
          ReferencePosition.newBuilder()
              .setPosition(PositionSource.newBuilder().setEmpty(5).setLabel("p" + i));
      if (i != 2 && i != 3) {
        r.setBlackValue(0.5);
      }
      b.addPositions(r);
    }
    return (ResolvedBalance)
        JobSpecs.resolve(JobSpec.newBuilder().setSeed(4).setBalance(b).build());
  }

  private static double[] gradient(int id, double value) {
    double[] g = new double[FeatureSpace.size()];
    g[id] = value;
    return g;
  }

  @Test
  void passesAreCountedInShardOrderOneStepEach() {
    ResolvedBalance job = job();
    BalanceTally t = new BalanceTally(job);
    int train = job.trainPositions();
    assertTrue(train > 0 && job.testPositions() > 0, job.heldOut().toString());
    assertEquals(0, t.released(BalancePlan.PASSES), "the passes wait for the reference values");
    assertEquals(0, t.released(BalancePlan.CONFIRM));
    t.count(BalancePlan.REFERENCE, 0, BalancePlay.value(0.25, 100));
    assertEquals(0, t.released(BalancePlan.PASSES));
    t.count(BalancePlan.REFERENCE, 1, BalancePlay.value(1.0, 100));
    assertEquals(2, t.released(BalancePlan.PASSES), "pass 1: both shards");
    assertArrayEquals(new double[] {0.5, 0.5, 0.25, 1.0, 0.5, 0.5}, t.targets());

    double[] start = job.start().gammaTable().toArray();
    assertArrayEquals(start, t.gammaFor(1));
    assertThrows(IllegalStateException.class, () -> t.gammaFor(2));
    t.count(
        BalancePlan.PASSES, 0, BalancePlay.shard(gradient(7, 0.3), new double[] {0.5, 0, 1}, 12));
    assertEquals(2, t.released(BalancePlan.PASSES), "pass 2 waits for the last shard of pass 1");
    t.count(
        BalancePlan.PASSES,
        1,
        BalancePlay.shard(gradient(7, 0.1), new double[] {0.75, 0.5, 0.5}, 12));
    assertEquals(4, t.released(BalancePlan.PASSES));
    assertEquals(1, t.iteration());

    double[] sum = gradient(7, 0.3);
    sum[7] += 0.1;
    assertArrayEquals(job.step().update(start, 1, sum, train), t.gammaFor(2));
    BalanceFigures f = t.report(s -> false, false, 0, true).figures().get(0);
    // Errors V* − V per position: 0, 0.5, −0.75, 0.25, 0, 0; squared on each side of the split.
    double[] errors = {0, 0.5, -0.75, 0.25, 0, 0};
    double trainSum = 0;
    double testSum = 0;
    for (int i = 0; i < 6; i++) {
      if (job.heldOut().get(i)) {
        testSum += errors[i] * errors[i];
      } else {
        trainSum += errors[i] * errors[i];
      }
    }
    assertEquals(trainSum / train, f.trainMse(), 1e-15);
    assertEquals(testSum / job.testPositions(), f.testMse(), 1e-15);
    assertEquals(2, f.step());
    assertEquals(Math.abs(Math.log(t.gammaFor(2)[7]) - Math.log(start[7])), f.delta(), 1e-12);

    for (int pass = 2; pass <= 3; pass++) {
      int first = 2 * (pass - 1);
      t.count(
          BalancePlan.PASSES,
          first,
          BalancePlay.shard(new double[FeatureSpace.size()], new double[] {0.5, 0.5, 0.25}, 12));
      t.count(
          BalancePlan.PASSES,
          first + 1,
          BalancePlay.shard(new double[FeatureSpace.size()], new double[] {1, 0.5, 0.5}, 12));
    }
    BalanceReport r = t.report(s -> false, true, 0, true);
    assertEquals(2, r.iteration());
    assertEquals(3, r.passes());
    assertEquals("done", r.phase(), "no confirmation asked for");
    assertEquals(3, r.figures().size());
    assertEquals(0, r.figures().get(2).trainMse(), "every value on its target");
    assertEquals(0, r.figures().get(2).step(), "the last pass makes no step");
  }
}
