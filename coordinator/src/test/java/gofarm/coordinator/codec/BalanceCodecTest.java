package gofarm.coordinator.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gofarm.coordinator.job.BalancePlan;
import gofarm.proto.v1.BalanceSpec;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.wire.ChunkKey;
import gofarm.wire.JobSpecs;
import gofarm.wire.PositionSearches;
import gofarm.wire.ResolvedBalance;
import gofarm.wire.SearchChunk;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;

/**
 * A balance job's reference searches as workers receive them: the starting policy's search by
 * default, the reference player's settings (policy, prior, RAVE) when the spec names one.
 */
class BalanceCodecTest {
  private static BalanceSpec.Builder unvalued() {
    return BalanceSpec.newBuilder()
        .setPolicy(PolicySpec.newBuilder().setName("softmax"))
        .setHeldOut(0)
        .addPositions(
            ReferencePosition.newBuilder().setPosition(PositionSource.newBuilder().setEmpty(9)));
  }

  private static SearchChunk referenceSearch(BalanceSpec.Builder spec) {
    ResolvedBalance b =
        (ResolvedBalance)
            JobSpecs.resolve(JobSpec.newBuilder().setSeed(5).setBalance(spec).build());
    BalancePlan plan = new BalancePlan(b);
    ChunkKey key = new ChunkKey("j", BalancePlan.REFERENCE, 0, 0);
    SearchChunk search =
        PositionSearches.decode(new BalanceCodec("j", plan).assignment(key, plan.newTally()));
    assertEquals(key, search.key());
    assertEquals(b.referenceSeed(0), search.seed());
    assertEquals(9, search.game().geometry().size());
    return search;
  }

  @Test
  void theDefaultJudgeIsTheStartingPolicysOwnSearch() {
    SearchChunk search = referenceSearch(unvalued().setReference(700));
    assertEquals("softmax", search.config().policy().name());
    assertEquals(0, search.config().prior());
    assertEquals(700, search.playouts());
  }

  @Test
  void aReferencePlayerSearchesWithItsOwnSettings() {
    SearchChunk search =
        referenceSearch(
            unvalued()
                .setReferencePlayer(
                    SearchPlayerSpec.newBuilder()
                        .setPolicy(PolicySpec.newBuilder().setName("heavy"))
                        .setPlayouts(1200)
                        .setPrior(3)
                        .setRaveEquivalence(400)
                        .setExploration(0.2)));
    assertEquals("heavy", search.config().policy().name());
    assertEquals(3, search.config().prior());
    assertEquals(400, search.config().raveEquivalence());
    assertEquals(0.2, search.config().exploration());
    assertEquals(1200, search.playouts());
  }

  @Test
  void aWorkerRefusesSettingsOutOfRange() {
    BalanceSpec.Builder spec = unvalued();
    ResolvedBalance b =
        (ResolvedBalance)
            JobSpecs.resolve(JobSpec.newBuilder().setSeed(5).setBalance(spec).build());
    BalancePlan plan = new BalancePlan(b);
    ChunkKey key = new ChunkKey("j", BalancePlan.REFERENCE, 0, 0);
    ChunkAssignment a = new BalanceCodec("j", plan).assignment(key, plan.newTally());
    ChunkAssignment bad =
        a.toBuilder().setSearch(a.getSearch().toBuilder().setPrior(200).setExploration(-1)).build();
    StatusRuntimeException e =
        assertThrows(StatusRuntimeException.class, () -> PositionSearches.decode(bad));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals(
        "search.prior: must be 0..100 (got 200); search.exploration: must be 0..10 (got -1)",
        e.getStatus().getDescription());
  }
}
