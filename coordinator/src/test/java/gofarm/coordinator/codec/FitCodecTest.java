package gofarm.coordinator.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.job.FitPlan;
import gofarm.coordinator.job.FitTally;
import gofarm.coordinator.job.FitTallyTest;
import gofarm.learn.FitShard;
import gofarm.playout.FeatureSpace;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.FitStop;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import gofarm.wire.ChunkKey;
import gofarm.wire.FitShards;
import gofarm.wire.ResolvedFit;
import org.junit.jupiter.api.Test;

/**
 * A fit job on the wire: a chunk is its shard at the tally's γ and group, a worker's sums come back
 * exactly and malformed ones are refused naming the chunk and the field, and the report goes out as
 * {@code FitSummary} and {@code FitResult}.
 */
class FitCodecTest {
  private static final ResolvedFit FIT =
      FitTallyTest.fit(5, FitSpec.newBuilder().setTestShare(0.25).setSkipMoves(1));

  @Test
  void aChunkIsItsShardAtTheTallysGammaAndGroup() {
    FitPlan plan = new FitPlan(FIT);
    FitCodec codec = new FitCodec("j", plan);
    FitTally tally = plan.newTally();
    ChunkAssignment a = codec.assignment(new ChunkKey("j", 0, 0, 1), tally);
    assertEquals(FIT.shards().get(1).sgf(), a.getFit().getGames());
    assertEquals(FIT.shards().get(1).games(), a.getFit().getHeldOutCount());
    assertEquals(1, a.getFit().getSkipMoves());
    assertEquals(0, a.getFit().getGroup());
    assertEquals(FeatureSpace.size(), a.getFit().getGammaCount());
    // Pass 2 is the tally's to release: asked for before, the codec refuses.
    assertThrows(
        IllegalStateException.class, () -> codec.assignment(new ChunkKey("j", 0, 0, 3), tally));
    for (int c = 0; c < 3; c++) {
      ChunkKey key = new ChunkKey("j", 0, 0, c);
      tally.count(0, c, codec.decode(key, run(codec.assignment(key, tally))));
    }
    ChunkAssignment second = codec.assignment(new ChunkKey("j", 0, 0, 4), tally);
    assertEquals(tally.groupFor(2), second.getFit().getGroup());
    double[] gamma = new double[second.getFit().getGammaCount()];
    for (int i = 0; i < gamma.length; i++) {
      gamma[i] = second.getFit().getGamma(i);
    }
    assertArrayEquals(tally.gammaFor(2), gamma, "the table after update 1, exactly");
  }

  private static ChunkResult run(ChunkAssignment a) {
    FitShards.Work w = FitShards.decode(a);
    return FitShards.result(
        w.key(),
        new FitShard().run(w.games(), w.heldOut(), w.skipMoves(), w.gamma(), w.group()),
        0.5);
  }

  @Test
  void resultsAreDecodedExactlyAndMalformedOnesRefusedNamingTheChunk() {
    FitPlan plan = new FitPlan(FIT);
    FitCodec codec = new FitCodec("j", plan);
    ChunkKey key = new ChunkKey("j", 0, 0, 2);
    ChunkResult good = run(codec.assignment(key, plan.newTally()));
    FitShard.Result r = codec.decode(key, good);
    assertEquals(FitShards.sums(good).train(), r.train());
    ChunkResult.Builder bad = good.toBuilder();
    bad.getFitBuilder().getTrainBuilder().setDecisions(-1);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> codec.decode(key, bad.build()));
    assertTrue(e.getMessage().startsWith("chunk " + key + ": fit: train.counts: "), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> codec.decode(key, ChunkResult.newBuilder().setId(key.toProto()).build()));
    assertEquals("chunk " + key + ": fit: required", e.getMessage());
    ChunkKey none = new ChunkKey("j", 0, 0, plan.chunks(0));
    e = assertThrows(IllegalArgumentException.class, () -> codec.decode(none, good));
    assertEquals("no such chunk: " + none, e.getMessage());
  }

  @Test
  void theReportGoesOutAsSummaryAndResult() {
    FitPlan plan = new FitPlan(FIT);
    FitCodec codec = new FitCodec("j", plan);
    FitTally tally = plan.newTally();
    JobStatus.Builder queued = JobStatus.newBuilder();
    codec.queuedView().status(queued);
    assertEquals("pat3", queued.getFit().getGroup());
    assertEquals(100, queued.getFit().getMaxIterations());
    assertEquals(FIT.trainGames(), queued.getFit().getTrainGames());
    assertEquals(FIT.testGames(), queued.getFit().getTestGames());
    assertEquals(FitStop.FIT_STOP_UNSPECIFIED, queued.getFit().getStop());
    for (int c = 0; c < 3; c++) {
      ChunkKey key = new ChunkKey("j", 0, 0, c);
      tally.count(0, c, codec.decode(key, run(codec.assignment(key, tally))));
    }
    KindView view = codec.view(tally.report(s -> true, true, 0, true));
    JobResults.Builder results = JobResults.newBuilder();
    view.results(results);
    var fit = results.getFit();
    assertEquals(FitStop.FIT_STOP_CANCELLED, fit.getSummary().getStop(), "ended before stopping");
    assertEquals(1, fit.getIterationsCount());
    assertEquals(fit.getIterations(0), fit.getSummary().getLatest());
    assertEquals(FeatureSpace.size(), fit.getGammaCount());
    long pat3 = 0;
    for (var f : fit.getFeaturesList()) {
      assertTrue(f.getCandidates() > 0);
      assertEquals(FeatureSpace.name(f.getId()), f.getName());
      pat3 += f.getName().startsWith("pat3 ") ? f.getWins() : 0;
    }
    assertEquals(fit.getIterations(0).getTrainDecisions(), pat3);
    JobStatus.Builder headline = JobStatus.newBuilder();
    view.summary().status(headline);
    assertEquals(fit.getSummary(), headline.getFit());
    assertEquals(1, view.fitting().orElseThrow().iteration());
  }
}
