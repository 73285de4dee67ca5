package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.learn.BalanceShard;
import gofarm.playout.Playout;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.BalanceSpec;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Balance chunks on the wire: an assignment decodes to the shard's positions, targets, flags and
 * seeds; a worker's real result passes the checks, and a forged one is refused with its field.
 */
class BalanceShardsTest {
  private static ResolvedBalance job() {
    BalanceSpec.Builder b =
        BalanceSpec.newBuilder()
            .setPolicy(gofarm.proto.v1.PolicySpec.newBuilder().setName("softmax"))
            .setHeldOut(0.5)
            .setIterations(2)
            .setValuePlayouts(20)
            .setGradientPlayouts(10)
            .setPositionsPerChunk(4);
    for (int i = 0; i < 6; i++) {
      b.addPositions(
          ReferencePosition.newBuilder()
              .setPosition(PositionSource.newBuilder().setEmpty(5).setLabel("p" + i))
              .setBlackValue(0.1 * i));
    }
    return (ResolvedBalance)
        JobSpecs.resolve(JobSpec.newBuilder().setSeed(3).setBalance(b).build());
  }

  private static double[] targets(ResolvedBalance job) {
    return job.values().stream().mapToDouble(Double::doubleValue).toArray();
  }

  @Test
  void anAssignmentDecodesToItsShard() {
    ResolvedBalance job = job();
    assertEquals(List.of(4, 2), job.shards().stream().map(ResolvedBalance.Shard::count).toList());
    ResolvedBalance.Shard shard = job.shards().get(1);
    ChunkKey key = new ChunkKey("j", 1, 0, 1);
    double[] gamma = job.start().gammaTable().toArray();
    BalanceShards.Work w =
        BalanceShards.decode(BalanceShards.assignment(key, job, shard, 2, gamma, targets(job)));
    assertEquals(key, w.key());
    assertEquals(2, w.samples().size());
    assertEquals(0.4, w.samples().get(0).target());
    assertEquals(job.heldOut().get(4), w.samples().get(0).heldOut());
    assertEquals(job.sampleSeed(2, 5), w.samples().get(1).seed());
    assertEquals(10, w.gradientPlayouts());
    // The last pass measures only: no gradient playouts, every sample held out.
    BalanceShards.Work last =
        BalanceShards.decode(BalanceShards.assignment(key, job, shard, 3, gamma, targets(job)));
    assertEquals(0, last.gradientPlayouts());
    assertTrue(last.samples().stream().allMatch(BalanceShard.Sample::heldOut));
  }

  @Test
  void aRealResultPassesAndForgedOnesAreRefused() {
    ResolvedBalance job = job();
    ResolvedBalance.Shard shard = job.shards().get(0);
    ChunkKey key = new ChunkKey("j", 1, 0, 0);
    ChunkAssignment a =
        BalanceShards.assignment(
            key, job, shard, 1, job.start().gammaTable().toArray(), targets(job));
    BalanceShards.Work w = BalanceShards.decode(a);
    Playout playout =
        new Playout(PolicySpec.softmax(w.gamma()), w.samples().get(0).root().board().geometry());
    BalanceShard.Result r =
        new BalanceShard().run(playout, w.samples(), w.valuePlayouts(), w.gradientPlayouts());
    ChunkResult result = BalanceShards.result(key, r, 0.5);
    assertEquals(List.of(), BalanceShards.problems(result, job, shard, 1));
    BalanceShards.Sums sums = BalanceShards.sums(result);
    assertEquals(r.values()[3], sums.values()[3]);
    assertEquals(r.gradient()[100], sums.gradient()[100]);

    ChunkResult.Builder bad = result.toBuilder();
    bad.getBalanceBuilder().setValues(2, 0.333);
    assertEquals(
        List.of("balance.values[2]: must be 0..1 in halves of 1/20 (got 0.333)"),
        BalanceShards.problems(bad.build(), job, shard, 1));
    bad = result.toBuilder();
    bad.getBalanceBuilder().addValues(0.5);
    assertEquals(
        List.of("balance.values: must hold one per position of the shard, 4 (got 5)"),
        BalanceShards.problems(bad.build(), job, shard, 1));
    assertTrue(shard.train() > 0, "the shard has training positions");
    assertTrue(result.getBalance().getGradientIdsCount() > 0, "and so a gradient");
    // The last pass makes no gradient: one sent anyway is refused.
    assertTrue(
        BalanceShards.problems(result, job, shard, 3)
            .get(0)
            .startsWith("balance.gradientIds: must be empty"));
    bad = result.toBuilder();
    bad.getBalanceBuilder().setGradientValues(0, Double.NaN);
    assertEquals(
        List.of("balance.gradientValues[0]: must be finite and not 0 (got NaN)"),
        BalanceShards.problems(bad.build(), job, shard, 1));
  }
}
