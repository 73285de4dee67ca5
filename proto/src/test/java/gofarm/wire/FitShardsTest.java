package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gofarm.io.Sgf;
import gofarm.learn.FitShard;
import gofarm.learn.GameDecisions;
import gofarm.playout.FeatureSpace;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.SgfSource;
import io.grpc.StatusRuntimeException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fit chunks on the wire: an assignment decodes into the shard's work, a result carries the sums
 * bit for bit, and every malformed result is refused naming its field.
 */
class FitShardsTest {
  private static final ChunkKey KEY = new ChunkKey("j-1", 0, 0, 3);

  private static ResolvedFit fit() {
    JobSpec spec =
        JobSpec.newBuilder()
            .setSeed(11)
            .setFit(
                FitSpec.newBuilder()
                    .addGames(SgfSource.newBuilder().setText(FitSpecsTest.games(6, 40, 1)))
                    .setTestShare(0.3)
                    .setSkipMoves(2)
                    .setGamesPerChunk(4))
            .build();
    return (ResolvedFit) JobSpecs.resolve(spec);
  }

  private static double[] gamma() {
    double[] gamma = new double[GameDecisions.LAYOUT.size()];
    for (int i = 0; i < gamma.length; i++) {
      gamma[i] = 0.5 + (i % 7) * 0.3; // not ones: the sums depend on every value
    }
    return gamma;
  }

  @Test
  void anAssignmentDecodesIntoTheShardsWork() {
    ResolvedFit f = fit();
    ResolvedFit.Shard shard = f.shards().get(0);
    ChunkAssignment a = FitShards.assignment(KEY, shard, f.skipMoves(), gamma(), 2);
    FitShards.Work w = FitShards.decode(a);
    assertEquals(KEY, w.key());
    assertEquals(4, w.games().size());
    assertEquals(Sgf.parse(shard.sgf()).get(1).moves(), w.games().get(1).moves());
    assertArrayEquals(shard.heldOut(), w.heldOut());
    assertEquals(2, w.skipMoves());
    assertArrayEquals(gamma(), w.gamma());
    assertEquals(2, w.group());
  }

  @Test
  void aResultCarriesTheSumsBitForBit() {
    ResolvedFit f = fit();
    ResolvedFit.Shard shard = f.shards().get(0);
    FitShards.Work w =
        FitShards.decode(FitShards.assignment(KEY, shard, f.skipMoves(), gamma(), 0));
    FitShard.Result r =
        new FitShard().run(w.games(), w.heldOut(), w.skipMoves(), w.gamma(), w.group());
    ChunkResult message = FitShards.result(KEY, r, 0.25);
    assertEquals(List.of(), FitShards.problems(message, shard.moves()));
    FitShard.Result back = FitShards.sums(message);
    assertEquals(r.train(), back.train());
    assertEquals(r.test(), back.test());
    assertEquals(r.skippedTrain(), back.skippedTrain());
    assertEquals(r.skippedTest(), back.skippedTest());
    assertArrayEquals(r.candidates(), back.candidates());
    // Sparse on the wire: only the ids with a count.
    long nonZero = Arrays.stream(r.candidates()).filter(c -> c != 0).count();
    assertEquals(nonZero, message.getFit().getCandidateIdsCount());
  }

  @Test
  void malformedResultsAreRefusedNamingTheirField() {
    ResolvedFit f = fit();
    ResolvedFit.Shard shard = f.shards().get(0);
    FitShards.Work w =
        FitShards.decode(FitShards.assignment(KEY, shard, f.skipMoves(), gamma(), 1));
    ChunkResult good =
        FitShards.result(
            KEY,
            new FitShard().run(w.games(), w.heldOut(), w.skipMoves(), w.gamma(), w.group()),
            1);
    assertEquals(List.of(), FitShards.problems(good, shard.moves()));
    ChunkResult.Builder b = good.toBuilder();
    b.getFitBuilder().getTrainBuilder().setDenominators(0, Double.NaN);
    assertEquals(
        List.of("fit.train.denominators[0]: must be finite and >= 0 (got NaN)"),
        FitShards.problems(b.build(), shard.moves()));
    b = good.toBuilder();
    b.getFitBuilder().getTestBuilder().setLogLikelihood(Double.NEGATIVE_INFINITY);
    assertEquals(
        List.of("fit.test.logLikelihood: must be finite and <= 0 (got -Infinity)"),
        FitShards.problems(b.build(), shard.moves()));
    b = good.toBuilder();
    b.getFitBuilder().setGroup(0);
    assertEquals(
        List.of(
            "fit.train.denominators: must hold one per value of group pat3, 7455 (got 8)",
            "fit.test.denominators: must hold one per value of group pat3, 7455 (got 8)"),
        FitShards.problems(b.build(), shard.moves()));
    b = good.toBuilder();
    b.getFitBuilder().setGroup(10);
    assertEquals(
        List.of("fit.group: must be 0..9 (got 10)"), FitShards.problems(b.build(), shard.moves()));
    b = good.toBuilder();
    b.getFitBuilder().setSkippedTrain(-1);
    assertEquals(
        List.of("fit.skippedTrain, fit.skippedTest: must not be negative (got -1, 0)"),
        FitShards.problems(b.build(), shard.moves()).subList(0, 1));
    assertEquals(
        List.of(
            "fit: decisions and skipped moves must be at most the shard's 3 moves (got "
                + (good.getFit().getTrain().getDecisions()
                    + good.getFit().getTest().getDecisions()
                    + good.getFit().getSkippedTrain()
                    + good.getFit().getSkippedTest())
                + ")"),
        FitShards.problems(good, 3));
    b = good.toBuilder();
    b.getFitBuilder().addCandidateIds(0);
    assertEquals(
        List.of(
            "fit.candidateIds, fit.candidateCounts: must be as long (got "
                + (good.getFit().getCandidateIdsCount() + 1)
                + " and "
                + good.getFit().getCandidateCountsCount()
                + ")"),
        FitShards.problems(b.build(), shard.moves()));
    b = good.toBuilder();
    b.getFitBuilder().getTrainBuilder().setWinIds(0, 99_999);
    assertEquals(
        List.of(
            "fit.train.winIds[0]: must be ascending feature ids within 0.."
                + (FeatureSpace.size() - 1)
                + " (got 99999)"),
        FitShards.problems(b.build(), shard.moves()));
    b = good.toBuilder();
    b.getFitBuilder().getTrainBuilder().setWinCounts(0, 0);
    assertEquals(
        List.of("fit.train.winCounts[0]: must be > 0 (got 0)"),
        FitShards.problems(b.build(), shard.moves()));
    b = good.toBuilder();
    b.getFitBuilder().getTrainBuilder().setTop1(good.getFit().getTrain().getDecisions() + 1);
    assertEquals(
        "fit: train.counts: need 0 <= top1 <= top5 <= decisions",
        FitShards.problems(b.build(), shard.moves()).get(0).split(" \\(got")[0]);
    assertEquals(
        List.of("seconds: must be finite and not negative (got -1.0)", "fit: required"),
        FitShards.problems(ChunkResult.newBuilder().setSeconds(-1).build(), 10));
  }

  @Test
  void malformedAssignmentsAreRefusedNamingTheirField() {
    ResolvedFit f = fit();
    ChunkAssignment a = FitShards.assignment(KEY, f.shards().get(1), 0, gamma(), 1);
    ChunkAssignment.Builder b = a.toBuilder();
    b.getFitBuilder().setGroup(10).addHeldOut(true).setSkipMoves(-1);
    b.getFitBuilder().setGamma(5, -1);
    StatusRuntimeException e =
        assertThrows(StatusRuntimeException.class, () -> FitShards.decode(b.build()));
    assertEquals(
        "INVALID_ARGUMENT: fit.skipMoves: must be 0..1000 (got -1); fit.group: must be 0..9 (got"
            + " 10); fit.gamma[5]: must be finite and >= 0 (got -1.0)",
        e.getMessage());
    ChunkAssignment.Builder c = a.toBuilder();
    c.getFitBuilder()
        .clearGamma()
        .addAllGamma(a.getFit().getGammaList().subList(1, FeatureSpace.size()));
    e = assertThrows(StatusRuntimeException.class, () -> FitShards.decode(c.build()));
    assertEquals(
        "INVALID_ARGUMENT: fit.gamma: must hold one value per feature id, "
            + FeatureSpace.size()
            + " (got "
            + (FeatureSpace.size() - 1)
            + "); run workers of the coordinator's release",
        e.getMessage());
    ChunkAssignment.Builder d = a.toBuilder();
    d.getFitBuilder().addHeldOut(true);
    e = assertThrows(StatusRuntimeException.class, () -> FitShards.decode(d.build()));
    assertEquals(
        "INVALID_ARGUMENT: fit.heldOut: must hold one flag per game, 2 (got 3)", e.getMessage());
  }
}
